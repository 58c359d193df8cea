import { normalizePhone } from '../validation/normalize-phone.js';

/**
 * US phone display "+1 (555) 123-4567" from 10 digits or 11 starting with 1 (formatting
 * characters allowed, see `normalizePhone`). Other input, such as the TTY number "711", is
 * returned unchanged.
 */
export function formatPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const digits = normalizePhone(value);
  if (digits === null) return value;
  return `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

import { asText, isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';
import { normalizePhone } from './normalize-phone.js';

/** US phone: 10 digits, or 11 starting with 1 (see `normalizePhone`). Empty passes. */
export function validatePhone(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  const text = asText(value);
  return text !== null && normalizePhone(text) !== null ? null : issue('wrong_format');
}

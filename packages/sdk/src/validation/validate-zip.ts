import { asText, isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

/** US ZIP code: 5 digits or ZIP+4 ("12345-6789"). Empty passes: combine with required. */
export function validateZip(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  const text = asText(value);
  return text !== null && /^\d{5}(-\d{4})?$/.test(text.trim()) ? null : issue('wrong_format');
}

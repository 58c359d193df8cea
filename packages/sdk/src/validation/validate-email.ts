import { isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

// The HTML living standard's e-mail pattern, with a dot required in the domain.
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const EMAIL = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$`);

/** True for an e-mail address (surrounding whitespace ignored, at most 254 characters). */
export function isEmail(value: string): boolean {
  const text = value.trim();
  return text.length <= 254 && EMAIL.test(text);
}

/** E-mail address; "This field has wrong format". Empty passes (the contact e-mail is optional). */
export function validateEmail(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && isEmail(value) ? null : issue('wrong_format');
}

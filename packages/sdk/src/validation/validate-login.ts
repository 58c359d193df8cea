import { isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';
import { normalizePhone } from './normalize-phone.js';
import { isEmail } from './validate-email.js';

/** What a login is: an e-mail address, a US phone (ten digits), or neither. */
export function loginKind(value: string): 'email' | 'phone' | null {
  if (value.includes('@')) return isEmail(value) ? 'email' : null;
  return normalizePhone(value) !== null ? 'phone' : null;
}

/** Login: an e-mail address or a US phone number. Empty passes: combine with required. */
export function validateLogin(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && loginKind(value) !== null ? null : issue('wrong_format');
}

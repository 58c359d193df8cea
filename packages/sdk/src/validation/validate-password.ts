import { PASSWORD_MIN_LENGTH } from '../constants/index.js';
import { isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

/**
 * At least 8 characters with an uppercase letter, a lowercase letter and a digit. Letters are
 * judged by Unicode case, so "Ñandú2024" passes. Counted in code points.
 */
export function isPasswordComplex(value: string): boolean {
  return (
    [...value].length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /[0-9]/.test(value)
  );
}

/** "Your password isn't complex enough". Empty passes: combine with required. */
export function validatePassword(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && isPasswordComplex(value) ? null : issue('password_not_complex');
}

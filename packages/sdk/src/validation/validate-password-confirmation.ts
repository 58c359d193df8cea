import { issue, type ValidationIssue } from './messages.js';

/** "Passwords don't match" unless the confirmation equals the password exactly. */
export function validatePasswordConfirmation(
  confirmation: unknown,
  password: unknown,
): ValidationIssue | null {
  return confirmation === password ? null : issue('passwords_dont_match');
}

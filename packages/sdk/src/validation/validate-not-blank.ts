import { isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

/** "This value should not be blank.": like required, and whitespace-only text fails too. */
export function validateNotBlank(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return issue('not_blank');
  if (typeof value === 'string' && value.trim().length === 0) return issue('not_blank');
  return null;
}

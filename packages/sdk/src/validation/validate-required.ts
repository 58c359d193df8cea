import { isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

/** "Required": fails for null, undefined, '' and []. `false` and 0 are values. */
export function validateRequired(value: unknown): ValidationIssue | null {
  return isEmpty(value) ? issue('required') : null;
}

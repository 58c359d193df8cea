import { asText, isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

/**
 * "This value should have 11 characters": exactly 11 characters (code points, so an accented
 * letter counts once). Empty passes: combine with `validateRequired`.
 */
export function validateLength11(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  const text = asText(value);
  return text !== null && [...text].length === 11 ? null : issue('length_11');
}

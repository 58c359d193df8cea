import { issue, type ValidationIssue } from './messages.js';

/**
 * Promo code: non-empty, no whitespace or control character anywhere (surrounding whitespace
 * included, so a pasted " Welcome10" is flagged rather than silently changed; NUL refused). At
 * most 64 characters.
 */
export function validatePromoCode(value: unknown): ValidationIssue | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 || /[\s\p{Cc}]/u.test(value)) {
    return issue('promo_code_invalid');
  }
  return null;
}

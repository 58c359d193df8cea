import { issue, type ValidationIssue } from './messages.js';

/**
 * Promo code: non-empty, no whitespace anywhere (surrounding whitespace included, so a pasted
 * " Welcome10" is flagged rather than silently changed). At most 64 characters.
 */
export function validatePromoCode(value: unknown): ValidationIssue | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 || /\s/.test(value)) {
    return issue('promoCodeInvalid');
  }
  return null;
}

import { issue, type ValidationIssue } from './messages.js';

/** Longest promo code, in UTF-16 units (after trimming). */
export const PROMO_CODE_MAX_LENGTH = 64;

/**
 * A promo code as the shop keeps and compares it: surrounding whitespace trimmed (a pasted
 * " Welcome10 " is "Welcome10"). The cart facade, the validator and the contract's schema (so
 * the server) all apply it; a non-string is answered as it is.
 */
export function normalizePromoCode<T>(value: T): T {
  return (typeof value === 'string' ? value.trim() : value) as T;
}

/**
 * Promo code, once trimmed (`normalizePromoCode`): non-empty, at most 64 characters, no
 * whitespace or control character inside ("Welcome 10" is refused; NUL refused):
 * `promo_code_invalid`, the code the server answers on `promoCode` for the same value.
 */
export function validatePromoCode(value: unknown): ValidationIssue | null {
  if (typeof value !== 'string') return issue('promo_code_invalid');
  const code = normalizePromoCode(value);
  if (code.length === 0 || code.length > PROMO_CODE_MAX_LENGTH || /[\s\p{Cc}]/u.test(code)) {
    return issue('promo_code_invalid');
  }
  return null;
}

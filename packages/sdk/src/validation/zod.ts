import { z } from 'zod';
import type { CardType } from '../constants/index.js';
import type { ValidationIssue } from './messages.js';
import { validateCardNumber } from './validate-card-number.js';
import { validatePassword } from './validate-password.js';
import { validatePasswordConfirmation } from './validate-password-confirmation.js';
import { validatePromoCode } from './validate-promo-code.js';
import { validatePhone } from './validate-phone.js';
import { normalizePhone } from './normalize-phone.js';
import { validateUrl } from './validate-url.js';
import { validateZip } from './validate-zip.js';
import { validateRequired } from './validate-required.js';

/**
 * A zod string schema that fails with the validator's English message. Empty strings fail with
 * "Required" (the validators let empty pass so forms can combine them; a schema field is wanted).
 */
export function schemaFrom(check: (value: unknown) => ValidationIssue | null) {
  return z.string().superRefine((value, ctx) => {
    const found = validateRequired(value) ?? check(value);
    if (found)
      ctx.addIssue({ code: 'custom', message: found.message, params: { code: found.code } });
  });
}

/** Password with the spec's complexity ("Your password isn't complex enough"). */
export const passwordSchema = schemaFrom(validatePassword);
/** Promo code: non-empty, no spaces ("The code you entered is not valid."). */
export const promoCodeSchema = z.string().superRefine((value, ctx) => {
  const found = validatePromoCode(value);
  if (found) ctx.addIssue({ code: 'custom', message: found.message, params: { code: found.code } });
});
/** US phone, answered as its ten digits ("+1 (555) 123-4567" -> "5551234567"). */
export const usPhoneSchema = schemaFrom(validatePhone).transform(
  (value) => normalizePhone(value) ?? value,
);
/** http(s) link ("This link doesn’t look like a correct URL"). */
export const linkSchema = schemaFrom(validateUrl);
/** ZIP or ZIP+4. */
export const zipCodeSchema = schemaFrom(validateZip);
/** Card number of a card type, answered without spaces. */
export function cardNumberSchema(type: CardType) {
  return schemaFrom((value) => validateCardNumber(value, type)).transform((value) =>
    value.replace(/\s+/g, ''),
  );
}

/**
 * For `z.object({ password, passwordConfirmation }).superRefine(refinePasswordConfirmation())`:
 * puts "Passwords don't match" on the confirmation field.
 */
export function refinePasswordConfirmation(
  passwordField = 'password',
  confirmationField = 'passwordConfirmation',
) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const found = validatePasswordConfirmation(values[confirmationField], values[passwordField]);
    if (found) {
      ctx.addIssue({
        code: 'custom',
        message: found.message,
        path: [confirmationField],
        params: { code: found.code },
      });
    }
  };
}

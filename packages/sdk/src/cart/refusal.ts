import type { ErrorCode } from '../errors/catalogue.js';
import { ValidationError } from '../errors/errors.js';
import { issue } from '../validation/messages.js';

/**
 * The cart's refusal of a change, shaped as the API's 422 for the same change (`fieldCodes` and
 * `fieldErrors` under the same field), so a guest and a signed-in customer are handled by one
 * branch: `error.fieldCodes.amount === 'cannot_add_more'`, `fieldCodes.promoCode ===
 * 'promo_code_invalid'`. `code` is the field's code too. Texts are English; show
 * `errorText(code, locale)`.
 */
export function cartRefusal(field: string, code: ErrorCode): ValidationError {
  const { message } = issue(code);
  return new ValidationError({
    message,
    code,
    data: { [field]: [message] },
    fields: { [field]: [{ code }] },
  });
}

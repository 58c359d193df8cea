/**
 * What a failed check returns: a code of the error catalogue (`errors/catalogue.ts`, snake_case
 * field codes such as `required`, `wrong_format`, `too_long`) with the catalogue's English text
 * and the params its text needs. Clients branch on `code` and show `errorText(code, locale)`;
 * the API answers 422 with the text in the request's language.
 */
import { ERROR_CATALOGUE, errorText, type ErrorCode, type ErrorParams } from '../errors/catalogue.js';

/** A failed check: a catalogue code, its English text and the params of that text. */
export interface ValidationIssue {
  code: ErrorCode;
  message: string;
  params?: ErrorParams;
}

/** Builds the issue of a code, its English text filled from `params`. */
export function issue(code: ErrorCode, params?: ErrorParams): ValidationIssue {
  return params
    ? { code, message: errorText(code, 'en', params), params }
    : { code, message: errorText(code, 'en') };
}

/**
 * @deprecated The English texts under their old camelCase names, kept only until every caller
 * uses catalogue codes (`errorText(code, locale)` / `ERROR_CATALOGUE[code].en`). The texts come
 * from the catalogue: nothing is written twice.
 */
export const MESSAGES = {
  required: ERROR_CATALOGUE.required.en,
  notBlank: ERROR_CATALOGUE.not_blank.en,
  length11: ERROR_CATALOGUE.length_11.en,
  wrongFormat: ERROR_CATALOGUE.wrong_format.en,
  stateRequired: ERROR_CATALOGUE.state_required.en,
  stateNotDelivered: ERROR_CATALOGUE.state_not_delivered.en,
  invalidUrl: ERROR_CATALOGUE.invalid_url.en,
  cardLength16or19: ERROR_CATALOGUE.card_length_16_or_19.en,
  cardLength16or17: ERROR_CATALOGUE.card_length_16_or_17.en,
  enterCardNumber: ERROR_CATALOGUE.enter_card_number.en,
  invalidCardNumber: ERROR_CATALOGUE.invalid_card_number.en,
  passwordNotComplex: ERROR_CATALOGUE.password_not_complex.en,
  passwordsDontMatch: ERROR_CATALOGUE.passwords_dont_match.en,
  promoCodeInvalid: ERROR_CATALOGUE.promo_code_invalid.en,
  notEnoughBalance: ERROR_CATALOGUE.notEnoughBalance.en,
  noActiveCard: ERROR_CATALOGUE.no_active_card.en,
  cannotAddMore: ERROR_CATALOGUE.cannot_add_more.en,
  primaryEmailCannotBeRemoved: ERROR_CATALOGUE.primary_email_cannot_be_removed.en,
  primaryPhoneCannotBeRemoved: ERROR_CATALOGUE.primary_phone_cannot_be_removed.en,
  resolveOrderIssues: ERROR_CATALOGUE.order_has_issues.en,
  minimumOrder: ERROR_CATALOGUE.minimum_order.en,
} as const;

/** @deprecated The old camelCase names of `MESSAGES`; validators return catalogue codes. */
export type MessageCode = keyof typeof MESSAGES;

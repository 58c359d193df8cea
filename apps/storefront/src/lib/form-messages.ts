// Translations of the SDK's validation codes and the API's error codes (spec sections 5 and 8).
// The SDK and the API speak English texts with stable codes; the shop shows them in the page's
// language through these Lingui messages.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { MESSAGES, type MessageCode } from '@otc/sdk/validation';
import type { SdkQueryError } from './api';

const VALIDATION: Partial<Record<MessageCode, MessageDescriptor>> = {
  required: msg`Required`,
  notBlank: msg`This value should not be blank.`,
  length11: msg`This value should have 11 characters`,
  wrongFormat: msg`This field has wrong format`,
  stateRequired: msg`State is required`,
  invalidUrl: msg`This link doesn’t look like a correct URL`,
  cardLength16or19: msg`Your card number should be of 16 or 19 digits`,
  cardLength16or17: msg`Your card number should be of 16 or 17 digits`,
  enterCardNumber: msg`Enter the card number`,
};

const API_ERRORS: Record<string, MessageDescriptor> = {
  card_number_or_code_is_not_correct: msg`Card number or code is not correct`,
  limitReached: msg`Your daily request limit is reached`,
  low_rate: msg`Your request was rejected as automated activity. Please try again, or call us instead.`,
  validation_failed: msg`Some fields need your attention.`,
};

/** The text of a validation code in the active language (English text of the SDK otherwise). */
export function validationText(i18n: I18n, code: MessageCode): string {
  const descriptor = VALIDATION[code];
  return descriptor ? i18n._(descriptor) : MESSAGES[code];
}

/** A 422 field message of the API (English text of the SDK) in the active language. */
export function fieldErrorText(i18n: I18n, text: string): string {
  const code = (Object.keys(MESSAGES) as MessageCode[]).find((key) => MESSAGES[key] === text);
  return code ? validationText(i18n, code) : text;
}

/** Why a call failed, for a person: the code's text, else a generic line for network trouble. */
export function apiErrorText(i18n: I18n, error: SdkQueryError | undefined): string {
  const descriptor = error?.code ? API_ERRORS[error.code] : undefined;
  if (descriptor) return i18n._(descriptor);
  if (!error || error.status === 'FETCH_ERROR') {
    return i18n._(msg`We could not reach the shop. Check your internet connection and try again.`);
  }
  if (error.status >= 500) return i18n._(msg`Something went wrong. Please try again later.`);
  return error.message || i18n._(msg`Something went wrong. Please try again later.`);
}

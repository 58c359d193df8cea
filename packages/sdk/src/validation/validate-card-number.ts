import { CARD_LENGTHS, type CardType } from '../constants/index.js';
import { asText, isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';
import { normalizeCardNumber } from './normalize-card-number.js';

/** The length message of a card type: 16 or 19 digits (network, national), 16 or 17 (S3). */
export function cardLengthCode(type: CardType): 'card_length_16_or_19' | 'card_length_16_or_17' {
  return type === 's3' ? 'card_length_16_or_17' : 'card_length_16_or_19';
}

/** True when the number, spaces ignored, is only digits in one of the type's lengths. */
export function isCardNumberValid(value: string, type: CardType): boolean {
  const digits = normalizeCardNumber(value);
  return /^\d+$/.test(digits) && CARD_LENGTHS[type].includes(digits.length);
}

/**
 * Benefit card number per card type, spaces ignored. Anything but digits in an allowed length
 * fails with the type's length message. Empty passes: combine with required.
 */
export function validateCardNumber(value: unknown, type: CardType): ValidationIssue | null {
  if (isEmpty(value)) return null;
  const text = asText(value);
  return text !== null && isCardNumberValid(text, type) ? null : issue(cardLengthCode(type));
}

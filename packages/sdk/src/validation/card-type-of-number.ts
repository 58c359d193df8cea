import { CARD_TYPES, type CardRanges, type CardType } from '../constants/index.js';
import { asText } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';
import { normalizeCardNumber } from './normalize-card-number.js';
import { isCardNumberValid } from './validate-card-number.js';

/**
 * The card types whose issuer ranges (the settings' `cardRanges`) a number starts with, spaces
 * ignored, in `CARD_TYPES` order. A number shorter than a range's first digits is not in it yet.
 */
export function cardTypesOfNumber(value: string, ranges: CardRanges): CardType[] {
  const digits = normalizeCardNumber(value);
  if (!/^\d+$/.test(digits)) return [];
  return CARD_TYPES.filter((type) =>
    (ranges[type] ?? []).some((prefix) => prefix !== '' && digits.startsWith(prefix)),
  );
}

/**
 * The one card type a number's first digits decide, or null while a choice remains: the number
 * is in no range (yet), or in the ranges of several types.
 */
export function cardTypeOfNumber(value: string, ranges: CardRanges): CardType | null {
  const types = cardTypesOfNumber(value, ranges);
  return types.length === 1 ? types[0]! : null;
}

/** The catalogue code naming a card type's numbers ("This is a Network benefit card number."). */
export function cardTypeNameCode(
  type: CardType,
): 'card_number_is_network' | 'card_number_is_national' | 'card_number_is_s3' {
  return `card_number_is_${type}`;
}

/**
 * A whole number (a length its chosen type allows) whose ranges decide another type than the one
 * chosen: the issue names the number's type (`card_number_is_network`...). Null when the number
 * is of the chosen type, when a choice remains (`cardTypeOfNumber`), or when the length is wrong
 * (`validateCardNumber` says that).
 */
export function validateCardType(
  value: unknown,
  chosen: CardType,
  ranges: CardRanges,
): ValidationIssue | null {
  const text = asText(value);
  if (text === null || !isCardNumberValid(text, chosen)) return null;
  const actual = cardTypeOfNumber(text, ranges);
  return actual === null || actual === chosen ? null : issue(cardTypeNameCode(actual));
}

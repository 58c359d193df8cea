import type { CardType } from '../constants/index.js';
import type { ValidationIssue } from './messages.js';
import { validateCardNumber } from './validate-card-number.js';
import { validateEmail } from './validate-email.js';
import { validateLength11 } from './validate-length-11.js';
import { validateLogin } from './validate-login.js';
import { validateNotBlank } from './validate-not-blank.js';
import { validatePassword } from './validate-password.js';
import { validatePasswordConfirmation } from './validate-password-confirmation.js';
import { validatePhone } from './validate-phone.js';
import { validatePromoCode } from './validate-promo-code.js';
import { validateRequired } from './validate-required.js';
import { validateState } from './validate-state.js';
import { validateUrl } from './validate-url.js';
import { validateZip } from './validate-zip.js';

/** One check of a field; it may look at the other values (e.g. a confirmation). */
export type FieldValidator = (
  value: unknown,
  values: Readonly<Record<string, unknown>>,
) => ValidationIssue | null;

/** The first issue per failing field; fields that pass are absent. */
export type FieldErrors<K extends string = string> = Partial<Record<K, ValidationIssue>>;

const field =
  (check: (value: unknown) => ValidationIssue | null): FieldValidator =>
  (value) =>
    check(value);

/** Ready-made field checks to list in `validateFields` rules, in the order they should run. */
export const rule = {
  required: field(validateRequired),
  notBlank: field(validateNotBlank),
  length11: field(validateLength11),
  email: field(validateEmail),
  phone: field(validatePhone),
  login: field(validateLogin),
  url: field(validateUrl),
  zip: field(validateZip),
  password: field(validatePassword),
  promoCode: field(validatePromoCode),
  state:
    (deliveryStates?: readonly string[] | null): FieldValidator =>
    (value) =>
      validateState(value, deliveryStates),
  cardNumber:
    (type: CardType): FieldValidator =>
    (value) =>
      validateCardNumber(value, type),
  /** The value must equal another field's ("Passwords don't match"). */
  matches:
    (otherField: string): FieldValidator =>
    (value, values) =>
      validatePasswordConfirmation(value, values[otherField]),
} satisfies Record<string, FieldValidator | ((...args: never[]) => FieldValidator)>;

/**
 * Runs each field's checks in order and keeps the first issue per field, the way the form shows
 * one message per field and the API answers 422. A field with no rules is not checked.
 */
export function validateFields<K extends string>(
  values: Readonly<Partial<Record<K, unknown>>>,
  rules: Readonly<Partial<Record<K, readonly FieldValidator[]>>>,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  const all = values as Readonly<Record<string, unknown>>;
  for (const field of Object.keys(rules) as K[]) {
    for (const check of rules[field] ?? []) {
      const found = check(all[field], all);
      if (found) {
        errors[field] = found;
        break;
      }
    }
  }
  return errors;
}

/** True when `validateFields` found nothing. */
export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The 422 `data` body: per-field lists of messages (one here, the first). */
export function toErrorData(errors: FieldErrors): Record<string, string[]> {
  const data: Record<string, string[]> = {};
  for (const [field, found] of Object.entries(errors)) {
    if (found) data[field] = [found.message];
  }
  return data;
}

/**
 * The validators as `zod/mini` schemas and checks, so that the contract, the API and the forms
 * check a value the same way. A failing check sets its issue message to a catalogue code
 * (`wrong_format`, `password_not_complex`, ...), read back by `fieldIssueFromZod`.
 */
import * as z from 'zod/mini';
import {
  CARD_CODE_LENGTHS,
  CARD_TYPES,
  INT4_MAX,
  PASSWORD_MAX_LENGTH,
  PRICE_MAX,
  TEXT_MAX,
  type CardRanges,
  type CardType,
} from '../constants/index.js';
import { validateCardType } from './card-type-of-number.js';
import type { ValidationIssue } from './messages.js';
import { hasNul } from './no-nul.js';
import { normalizeCardNumber } from './normalize-card-number.js';
import { normalizePhone } from './normalize-phone.js';
import { validateCardNumber } from './validate-card-number.js';
import { validateBirthdate, validateDate } from './validate-date.js';
import { validateEmail } from './validate-email.js';
import { validateLogin } from './validate-login.js';
import { validatePassword } from './validate-password.js';
import { validatePasswordConfirmation } from './validate-password-confirmation.js';
import { validatePhone } from './validate-phone.js';
import { validatePromoCode } from './validate-promo-code.js';
import { validateRequired } from './validate-required.js';
import { validateState } from './validate-state.js';
import { validateUrl } from './validate-url.js';
import { validateZip } from './validate-zip.js';

type Validate = (value: unknown) => ValidationIssue | null;

/** A zod check running a validator: its issue's message is the validator's catalogue code. */
export function checkWith<T = string>(validate: Validate) {
  return z.superRefine<T>((value, ctx) => {
    const found = validate(value);
    if (found) {
      ctx.addIssue({
        code: 'custom',
        message: found.code,
        input: value,
        ...(found.params ? { params: found.params } : {}),
      });
    }
  });
}

/**
 * Bounds a record (an object of free keys) to `max` keys: `too_many_items` with `{ max }`. Every
 * record and list in a request body has such a bound (lists: `z.maxLength`, answered the same).
 */
export function maxKeys(max: number) {
  return z.superRefine<Record<string, unknown>>((value, ctx) => {
    if (Object.keys(value).length > max) {
      ctx.addIssue({ code: 'custom', message: 'too_many_items', input: value, params: { max } });
    }
  });
}

/** Refuses text holding a NUL character (`wrong_format`). */
export const noNul = /* @__PURE__ */ (() =>
  z.refine<string>((value) => !hasNul(value), { error: 'wrong_format' }))();

export interface TextOptions {
  /** Longest length, in UTF-16 units (`too_long` with `{ max }`). */
  max: number;
  /** 1 (default): blank text fails with `not_blank`; 0: empty text is a value. */
  min?: 0 | 1;
  /** Trim surrounding whitespace first (default true). */
  trim?: boolean;
}

/** Text of a request: trimmed, not blank (unless `min: 0`), at most `max` long, no NUL. */
export function textSchema({ max, min = 1, trim = true }: TextOptions) {
  return z
    .string()
    .check(
      ...(trim ? [z.trim()] : []),
      ...(min === 1 ? [z.minLength(1)] : []),
      z.maxLength(max),
      noNul,
    );
}

export interface FromOptions {
  /** Longest length (default 1000). */
  max?: number;
  /** Trim surrounding whitespace first (default false: the validators look past it). */
  trim?: boolean;
  /** Whether the empty string fails with `required` (default true). */
  required?: boolean;
}

/**
 * A string schema checked by a validator: empty fails with `required` (the validators let empty
 * pass so forms can combine them), then the validator's own code. NUL and overlong text refused.
 */
export function schemaFrom(
  check: Validate,
  { max = 1000, trim = false, required = true }: FromOptions = {},
) {
  return z.string().check(
    ...(trim ? [z.trim()] : []),
    z.maxLength(max),
    noNul,
    checkWith((value) => (required ? validateRequired(value) : null) ?? check(value)),
  );
}

// --- numbers (every integer fits a PostgreSQL int4) ---

/** An id: integer 1..2147483647. */
export const idNumberSchema = /* @__PURE__ */ (() => z.int().check(z.gte(1), z.lte(INT4_MAX)))();
/** An amount or count: integer 0..2147483647. */
export const countNumberSchema = /* @__PURE__ */ (() => z.int().check(z.gte(0), z.lte(INT4_MAX)))();
/** A positive amount: integer 1..2147483647. */
export const positiveCountSchema = /* @__PURE__ */ (() =>
  z.int().check(z.gte(1), z.lte(INT4_MAX)))();
/** An id in a path or query string ("12" -> 12); out of int4 range fails. */
export const idParamSchema = /* @__PURE__ */ (() => z.pipe(z.coerce.number(), idNumberSchema))();
/** A price (dollars) in a query string: finite, 0..21474836.47 (its cents fit an int4). */
export const priceParamSchema = /* @__PURE__ */ (() =>
  z.pipe(z.coerce.number(), z.number().check(z.gte(0), z.lte(PRICE_MAX))))();

// --- strings built from the validators ---

/** Password with the spec's complexity ("Your password isn't complex enough"). */
export const passwordSchema = /* @__PURE__ */ (() =>
  schemaFrom(validatePassword, { max: PASSWORD_MAX_LENGTH }))();
/** A new password or the empty string (no password). */
export const optionalPasswordSchema = /* @__PURE__ */ (() =>
  schemaFrom(validatePassword, {
    max: PASSWORD_MAX_LENGTH,
    required: false,
  }))();
/**
 * Promo code: trimmed (the parsed value, so the server looks up "Welcome10" for " Welcome10 "),
 * then non-empty, no spaces or control characters inside ("The code you entered is not valid.").
 */
export const promoCodeSchema = /* @__PURE__ */ (() =>
  z.string().check(z.trim(), checkWith(validatePromoCode)))();
/** US phone, answered as its ten digits ("+1 (555) 123-4567" -> "5551234567"). */
export const usPhoneSchema = /* @__PURE__ */ (() =>
  z.pipe(
    schemaFrom(validatePhone, { max: 32 }),
    z.transform((value: string) => normalizePhone(value) ?? value),
  ))();
/** An e-mail address or a US phone (sign-in), trimmed. */
export const loginSchema = /* @__PURE__ */ (() =>
  schemaFrom(validateLogin, { max: TEXT_MAX.login, trim: true }))();
/** An e-mail address, trimmed; empty passes (an optional e-mail). */
export const optionalEmailSchema = /* @__PURE__ */ (() =>
  schemaFrom(validateEmail, {
    max: TEXT_MAX.email,
    trim: true,
    required: false,
  }))();
/** http(s) link ("This link doesn’t look like a correct URL"). */
export const linkSchema = /* @__PURE__ */ (() =>
  schemaFrom(validateUrl, { max: TEXT_MAX.link, trim: true }))();
/** An http(s) link or nothing: empty passes. */
export const optionalLinkSchema = /* @__PURE__ */ (() =>
  schemaFrom(validateUrl, {
    max: TEXT_MAX.link,
    trim: true,
    required: false,
  }))();
/** ZIP or ZIP+4, trimmed. */
export const zipCodeSchema = /* @__PURE__ */ (() =>
  schemaFrom(validateZip, { max: 10, trim: true }))();
/** A US state postal code ("State is required" otherwise); the delivery states are the server's. */
export const stateSchema = /* @__PURE__ */ (() =>
  z.string().check(z.trim(), z.maxLength(2), checkWith(validateState)))();
/** Card number of a card type, answered without spaces. */
export function cardNumberSchema(type: CardType) {
  return z.pipe(
    schemaFrom((value) => validateCardNumber(value, type), { max: 32 }),
    z.transform((value: string) => normalizeCardNumber(value)),
  );
}
/** A calendar date YYYY-MM-DD that exists (`wrong_format`, `invalid_date`). */
export const calendarDateSchema = /* @__PURE__ */ (() =>
  z.string().check(checkWith((value) => validateRequired(value) ?? validateDate(value))))();
/** A birthdate: a real date from 1900 to yesterday (`invalid_date`, `date_not_past`). */
export const birthdateSchema = /* @__PURE__ */ (() =>
  z.string().check(checkWith((value) => validateRequired(value) ?? validateBirthdate(value))))();

/**
 * Object check putting the card-number issue of the object's card type on its number field:
 * `z.object({ type, number, ... }).check(cardNumberOfType())`.
 */
export function cardNumberOfType(typeField = 'type', numberField = 'number') {
  return z.superRefine<Record<string, unknown>>((values, ctx) => {
    const type = values[typeField];
    if (!(CARD_TYPES as readonly unknown[]).includes(type)) return;
    const found = validateCardNumber(values[numberField], type as CardType);
    if (found) {
      ctx.addIssue({
        code: 'custom',
        message: found.code,
        input: values[numberField],
        path: [numberField],
      });
    }
  });
}

/**
 * Object check putting, on the number field, the name of the type a whole number's issuer ranges
 * decide when another type was chosen (`card_number_is_network`...): the settings' `cardRanges`
 * are known at run time, so a form adds it to its schema,
 * `balanceCheckInputSchema.check(cardNumberInRanges(settings.cardRanges))`, as the API does.
 */
export function cardNumberInRanges(ranges: CardRanges, typeField = 'type', numberField = 'number') {
  return z.superRefine<Record<string, unknown>>((values, ctx) => {
    const type = values[typeField];
    if (!(CARD_TYPES as readonly unknown[]).includes(type)) return;
    const found = validateCardType(values[numberField], type as CardType, ranges);
    if (found) {
      ctx.addIssue({ code: 'custom', message: found.code, input: values[numberField], path: [numberField] });
    }
  });
}

/**
 * Object check putting a security code of the wrong length for the object's card type on its
 * code field (`security_code_3_digits`): network and national cards take 3 digits
 * (`CARD_CODE_LENGTHS`); S3's 3 or 4 are the code's own format check, and an empty code the
 * required check's.
 */
export function cardCodeOfType(typeField = 'type', codeField = 'code') {
  return z.superRefine<Record<string, unknown>>((values, ctx) => {
    const type = values[typeField];
    const code = values[codeField];
    if (!(CARD_TYPES as readonly unknown[]).includes(type) || typeof code !== 'string') return;
    const lengths = CARD_CODE_LENGTHS[type as CardType];
    const digits = code.trim();
    if (lengths.length !== 1 || lengths[0] !== 3 || digits === '' || /^\d{3}$/.test(digits)) return;
    ctx.addIssue({ code: 'custom', message: 'security_code_3_digits', input: code, path: [codeField] });
  });
}

/**
 * Object check putting "Passwords don't match" on the confirmation field:
 * `z.object({ password, passwordConfirmation }).check(refinePasswordConfirmation())`.
 */
export function refinePasswordConfirmation(
  passwordField = 'password',
  confirmationField = 'passwordConfirmation',
) {
  return z.superRefine<Record<string, unknown>>((values, ctx) => {
    const found = validatePasswordConfirmation(values[confirmationField], values[passwordField]);
    if (found) {
      ctx.addIssue({
        code: 'custom',
        message: found.code,
        input: values[confirmationField],
        path: [confirmationField],
      });
    }
  });
}

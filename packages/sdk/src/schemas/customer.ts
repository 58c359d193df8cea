import * as z from 'zod/mini';
import {
  CARD_CODE_LENGTHS,
  CARD_TYPES,
  PAYMENT_METHOD_CODES,
  TEXT_MAX,
  type CardType,
} from '../constants/index.js';
import {
  birthdateSchema,
  cardCodeOfType,
  cardNumberOfType,
  stateSchema,
  textSchema,
  zipCodeSchema,
} from '../validation/zod.js';
import { dateSchema, dateTimeSchema, idSchema, localeSchema, moneySchema } from './common.js';

export const emailSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    address: z.string(),
    /** Primary: the one used for sign-in. */
    reg: z.boolean(),
    verified: z.boolean(),
    receiveMarketingMailing: z.boolean(),
  }))();
export type Email = z.infer<typeof emailSchema>;

export const phoneSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    /** Ten US digits, no formatting. */
    number: z.string(),
    reg: z.boolean(),
    verified: z.boolean(),
    receiveSms: z.boolean(),
    allowMarketingCalls: z.boolean(),
  }))();
export type Phone = z.infer<typeof phoneSchema>;

export const addressSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    address: z.string(),
    address2: z.nullable(z.string()),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    facilityAddress: z.boolean(),
  }))();
export type Address = z.infer<typeof addressSchema>;

export const cardTypeSchema = /* @__PURE__ */ (() => z.enum(CARD_TYPES))();
export const paymentMethodCodeSchema = /* @__PURE__ */ (() => z.enum(PAYMENT_METHOD_CODES))();

/** A benefit or insurance card. Full numbers and security codes never leave the server. */
export const insuranceCardSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    type: cardTypeSchema,
    last4: z.string().check(z.length(4)),
    addedAt: dateTimeSchema,
    active: z.boolean(),
    usedForPayments: z.boolean(),
    balance: moneySchema,
    /** The day the current allowance period ends. */
    periodEndsAt: z.nullable(dateSchema),
  }))();
export type InsuranceCard = z.infer<typeof insuranceCardSchema>;

export const healthPlanSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    code: z.string(),
    name: z.string(),
    company: z.string(),
  }))();
export type HealthPlan = z.infer<typeof healthPlanSchema>;

export const genderSchema = /* @__PURE__ */ (() => z.enum(['M', 'F']))();
const communicationMethodSchema = /* @__PURE__ */ (() => z.enum(['email', 'sms', 'phone']))();

export const customerSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    /** Display name (first and last name, or the login when unknown). */
    name: z.string(),
    gender: z.nullable(genderSchema),
    birthdate: z.nullable(dateSchema),
    /** Birthdate formatted MM/DD/YYYY, for display. */
    birthdateStr: z.nullable(z.string()),
    firstName: z.nullable(z.string()),
    middleName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    organization: z.nullable(z.string()),
    emails: z.array(emailSchema),
    phones: z.array(phoneSchema),
    addresses: z.array(addressSchema),
    balance: moneySchema,
    insuranceCards: z.array(insuranceCardSchema),
    activeInsuranceCard: z.nullable(insuranceCardSchema),
    insuranceCompany: z.nullable(z.string()),
    insuranceId: z.nullable(z.string()),
    insurancePlan: z.nullable(z.pick(healthPlanSchema, { code: true, name: true })),
    interfaceLanguage: localeSchema,
    preferredCommunicationLanguage: z.nullable(localeSchema),
    preferredCommunicationMethod: z.nullable(communicationMethodSchema),
    isMarketingEnabled: z.boolean(),
    sendNotificationByEmail: z.boolean(),
    sendNotificationByPhone: z.boolean(),
    hasPassword: z.boolean(),
    passwordUpdatedAt: z.nullable(dateTimeSchema),
  }))();
export type Customer = z.infer<typeof customerSchema>;

/** PATCH /api/customer/data: any subset of the editable profile fields. */
export const customerPatchSchema = /* @__PURE__ */ (() =>
  z.partial(
    z.object({
      gender: z.nullable(genderSchema),
      /** A real date from 1900 to yesterday. */
      birthdate: z.nullable(birthdateSchema),
      firstName: z.nullable(textSchema({ max: TEXT_MAX.name })),
      middleName: z.nullable(textSchema({ max: TEXT_MAX.name, min: 0 })),
      lastName: z.nullable(textSchema({ max: TEXT_MAX.name })),
      organization: z.nullable(textSchema({ max: TEXT_MAX.organization, min: 0 })),
      interfaceLanguage: localeSchema,
      preferredCommunicationLanguage: z.nullable(localeSchema),
      preferredCommunicationMethod: z.nullable(communicationMethodSchema),
      isMarketingEnabled: z.boolean(),
      sendNotificationByEmail: z.boolean(),
      sendNotificationByPhone: z.boolean(),
    }),
  ))();
export type CustomerPatch = z.infer<typeof customerPatchSchema>;

export const emailPatchSchema = /* @__PURE__ */ (() =>
  z.partial(z.object({ receiveMarketingMailing: z.boolean() })))();
export const phonePatchSchema = /* @__PURE__ */ (() =>
  z.partial(z.object({ receiveSms: z.boolean(), allowMarketingCalls: z.boolean() })))();

export const addressInputSchema = /* @__PURE__ */ (() =>
  z.object({
    address: textSchema({ max: TEXT_MAX.address }),
    address2: z.optional(z.nullable(textSchema({ max: TEXT_MAX.address, min: 0 }))),
    city: textSchema({ max: TEXT_MAX.city }),
    /** A US state; whether the shop delivers there is the server's check (its settings). */
    state: stateSchema,
    zip: zipCodeSchema,
    facilityAddress: z.optional(z.boolean()),
  }))();
export type AddressInput = z.infer<typeof addressInputSchema>;
/** PATCH of an address: any subset of its fields. */
export const addressPatchSchema = /* @__PURE__ */ (() => z.partial(addressInputSchema))();

/** Security code (CVV) printed on a card: 3 or 4 digits. */
export const cardCodeSchema = /* @__PURE__ */ (() =>
  z.string().check(z.trim(), z.regex(/^\d{3,4}$/)))();
/**
 * Whether a security code (CVV) fits a card type: digits only, as many as `CARD_CODE_LENGTHS`
 * gives (network and national 3, S3 3 or 4); spaces around it are ignored.
 */
export function isCardCodeOfType(code: string, type: CardType): boolean {
  const digits = code.trim();
  return /^\d+$/.test(digits) && CARD_CODE_LENGTHS[type].includes(digits.length);
}
/** A card number before its type is known: not blank, bounded, no NUL (the type's length is an object check). */
const cardNumberTextSchema = /* @__PURE__ */ (() => textSchema({ max: 32 }))();

export const cardInputSchema = /* @__PURE__ */ (() =>
  z
    .object({
      type: cardTypeSchema,
      /** Checked per type ("Your card number should be of 16 or 19 digits"). */
      number: cardNumberTextSchema,
      /** Security code (CVV) printed on the card; its length per type is an object check. */
      code: cardCodeSchema,
    })
    .check(cardNumberOfType(), cardCodeOfType()))();
export type CardInput = z.infer<typeof cardInputSchema>;

export const cardListSchema = /* @__PURE__ */ (() =>
  z.object({ data: z.array(insuranceCardSchema) }))();

export const balanceCheckAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    type: cardTypeSchema,
    last4: z.string().check(z.length(4)),
    balance: moneySchema,
    periodEndsAt: z.nullable(dateSchema),
  }))();
export type BalanceCheckAnswer = z.infer<typeof balanceCheckAnswerSchema>;

import { z } from 'zod';
import { CARD_TYPES, PAYMENT_METHOD_CODES } from '../constants/index.js';
import { dateSchema, dateTimeSchema, idSchema, localeSchema, moneySchema } from './common.js';

export const emailSchema = z.object({
  id: idSchema,
  address: z.string(),
  /** Primary: the one used for sign-in. */
  reg: z.boolean(),
  verified: z.boolean(),
  receiveMarketingMailing: z.boolean(),
});
export type Email = z.infer<typeof emailSchema>;

export const phoneSchema = z.object({
  id: idSchema,
  /** Ten US digits, no formatting. */
  number: z.string(),
  reg: z.boolean(),
  verified: z.boolean(),
  receiveSms: z.boolean(),
  allowMarketingCalls: z.boolean(),
});
export type Phone = z.infer<typeof phoneSchema>;

export const addressSchema = z.object({
  id: idSchema,
  address: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  facilityAddress: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const cardTypeSchema = z.enum(CARD_TYPES);
export const paymentMethodCodeSchema = z.enum(PAYMENT_METHOD_CODES);

/** A benefit or insurance card. Full numbers and security codes never leave the server. */
export const insuranceCardSchema = z.object({
  id: idSchema,
  type: cardTypeSchema,
  last4: z.string().length(4),
  addedAt: dateTimeSchema,
  active: z.boolean(),
  usedForPayments: z.boolean(),
  balance: moneySchema,
  /** The day the current allowance period ends. */
  periodEndsAt: dateSchema.nullable(),
});
export type InsuranceCard = z.infer<typeof insuranceCardSchema>;

export const healthPlanSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  company: z.string(),
});
export type HealthPlan = z.infer<typeof healthPlanSchema>;

export const genderSchema = z.enum(['M', 'F']);

export const customerSchema = z.object({
  id: idSchema,
  /** Display name (first and last name, or the login when unknown). */
  name: z.string(),
  gender: genderSchema.nullable(),
  birthdate: dateSchema.nullable(),
  /** Birthdate formatted MM/DD/YYYY, for display. */
  birthdateStr: z.string().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  organization: z.string().nullable(),
  emails: z.array(emailSchema),
  phones: z.array(phoneSchema),
  addresses: z.array(addressSchema),
  balance: moneySchema,
  insuranceCards: z.array(insuranceCardSchema),
  activeInsuranceCard: insuranceCardSchema.nullable(),
  insuranceCompany: z.string().nullable(),
  insuranceId: z.string().nullable(),
  insurancePlan: healthPlanSchema.pick({ code: true, name: true }).nullable(),
  interfaceLanguage: localeSchema,
  preferredCommunicationLanguage: localeSchema.nullable(),
  preferredCommunicationMethod: z.enum(['email', 'sms', 'phone']).nullable(),
  isMarketingEnabled: z.boolean(),
  sendNotificationByEmail: z.boolean(),
  sendNotificationByPhone: z.boolean(),
  hasPassword: z.boolean(),
  passwordUpdatedAt: dateTimeSchema.nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** PATCH /api/customer/data: any subset of the editable profile fields. */
export const customerPatchSchema = z
  .object({
    gender: genderSchema.nullable(),
    birthdate: dateSchema.nullable(),
    firstName: z.string().trim().min(1).max(80).nullable(),
    middleName: z.string().trim().max(80).nullable(),
    lastName: z.string().trim().min(1).max(80).nullable(),
    organization: z.string().trim().max(120).nullable(),
    interfaceLanguage: localeSchema,
    preferredCommunicationLanguage: localeSchema.nullable(),
    preferredCommunicationMethod: z.enum(['email', 'sms', 'phone']).nullable(),
    isMarketingEnabled: z.boolean(),
    sendNotificationByEmail: z.boolean(),
    sendNotificationByPhone: z.boolean(),
  })
  .partial();
export type CustomerPatch = z.infer<typeof customerPatchSchema>;

export const emailPatchSchema = z.object({ receiveMarketingMailing: z.boolean() }).partial();
export const phonePatchSchema = z
  .object({ receiveSms: z.boolean(), allowMarketingCalls: z.boolean() })
  .partial();

export const addressInputSchema = z.object({
  address: z.string().trim().min(1).max(200),
  address2: z.string().trim().max(200).nullable().optional(),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().length(2),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/),
  facilityAddress: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const cardInputSchema = z.object({
  type: cardTypeSchema,
  number: z.string().trim().min(1),
  /** Security code (CVV) printed on the card. */
  code: z.string().trim().min(3).max(4),
});
export type CardInput = z.infer<typeof cardInputSchema>;

export const cardListSchema = z.object({ data: z.array(insuranceCardSchema) });

export const balanceCheckAnswerSchema = z.object({
  type: cardTypeSchema,
  last4: z.string().length(4),
  balance: moneySchema,
  periodEndsAt: dateSchema.nullable(),
});
export type BalanceCheckAnswer = z.infer<typeof balanceCheckAnswerSchema>;

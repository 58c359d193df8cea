import * as z from 'zod/mini';
import { TEXT_MAX } from '../constants/index.js';
import {
  cardCodeOfType,
  cardNumberOfType,
  optionalEmailSchema,
  optionalLinkSchema,
  textSchema,
  usPhoneSchema,
} from '../validation/zod.js';
import { cardCodeSchema } from './customer.js';
import { dateTimeSchema } from './common.js';

/** Answer of the bot check, when one is configured. */
const botTokenSchema = /* @__PURE__ */ (() =>
  z.optional(textSchema({ max: TEXT_MAX.token, min: 0, trim: false })))();

export const contactMessageSchema = /* @__PURE__ */ (() =>
  z.object({
    firstName: textSchema({ max: TEXT_MAX.name }),
    lastName: textSchema({ max: TEXT_MAX.name }),
    /** Optional: empty or an e-mail address. */
    email: z.optional(optionalEmailSchema),
    /** A US phone, answered as its ten digits. */
    phone: usPhoneSchema,
    message: textSchema({ max: TEXT_MAX.message }),
    botToken: botTokenSchema,
  }))();
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactAnswerSchema = /* @__PURE__ */ (() => z.object({ reference: z.string() }))();

export const productRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    name: textSchema({ max: TEXT_MAX.productName }),
    description: z._default(textSchema({ max: TEXT_MAX.description, min: 0 }), ''),
    /** Empty or an http(s) link. */
    link: z._default(optionalLinkSchema, ''),
    botToken: botTokenSchema,
  }))();
export type ProductRequest = z.infer<typeof productRequestSchema>;
export const productRequestAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ number: z.string() }))();

export const balanceCheckInputSchema = /* @__PURE__ */ (() =>
  z
    .object({
      type: z.enum(['network', 'national', 's3']),
      number: textSchema({ max: 32 }),
      code: cardCodeSchema,
      botToken: botTokenSchema,
    })
    .check(cardNumberOfType(), cardCodeOfType()))();

export const outboxQuerySchema = /* @__PURE__ */ (() =>
  z.object({ to: textSchema({ max: TEXT_MAX.login, trim: false }) }))();
export const outboxMessageSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.int(),
    to: z.string(),
    channel: z.enum(['email', 'sms']),
    subject: z.string(),
    text: z.string(),
    /** The one-time code the message carries, if any. */
    code: z.nullable(z.string()),
    /** Extra e-mail headers it carried (`List-Unsubscribe`...), when any. */
    headers: z.optional(z.record(z.string(), z.string())),
    createdAt: dateTimeSchema,
  }))();
export const outboxAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ messages: z.array(outboxMessageSchema) }))();

export const healthAnswerSchema = /* @__PURE__ */ (() => z.object({ status: z.literal('ok') }))();

// --- development operations (devOnly routes: not in production, loopback clients only) ---

/** The most units on hand a development call may set (a realistic shelf, far inside int4). */
export const DEV_STOCK_MAX = 1_000_000;

/** `PUT /api/dev/products/{id}/stock`: the units on hand (`ops stock:set`). */
export const devStockInputSchema = /* @__PURE__ */ (() =>
  z.object({ stock: z.int().check(z.gte(0), z.lte(DEV_STOCK_MAX)) }))();
export type DevStockInput = z.infer<typeof devStockInputSchema>;
export const devStockAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.int(),
    sku: z.string(),
    /** Units on hand. */
    stock: z.int(),
    /** Units held by placed, unpaid orders. */
    reserved: z.int(),
    /** What the shop can still sell: stock minus reserved. */
    inStock: z.int(),
  }))();

/** `POST /api/dev/orders/{id}/advance` (`ops order:advance`): the order's new step. */
export const devAdvanceAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.int(),
    /** The order number (a placed order always has one). */
    number: z.nullable(z.string()),
    /** The new status (ORDER_STATUS): 10 packaging, 20 shipped, 30 delivered. */
    status: z.int(),
    /** Set once shipped: the carrier and its tracking number. */
    trackingCarrier: z.nullable(z.string()),
    trackingNumber: z.nullable(z.string()),
  }))();

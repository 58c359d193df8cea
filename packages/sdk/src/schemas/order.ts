import { z } from 'zod';
import { addressSchema, paymentMethodCodeSchema } from './customer.js';
import { productSummarySchema } from './catalog.js';
import { dateTimeSchema, idSchema, moneySchema } from './common.js';

/** Bad reason code: null fine, 1 out of stock, 2 not supported by the plan, 3 not available. */
export const badReasonCodeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable();

export const orderRowSchema = z.object({
  sku: productSummarySchema,
  amount: z.number().int().positive(),
  /** Line total (unit price times amount). */
  price: moneySchema,
  badReasonCode: badReasonCodeSchema,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const totalsSchema = z.object({
  subtotal: moneySchema,
  discount: moneySchema,
  shipping: moneySchema,
  tax: moneySchema,
  total: moneySchema,
});
export type Totals = z.infer<typeof totalsSchema>;

export const orderDraftSchema = z.object({
  id: idSchema,
  rows: z.array(orderRowSchema),
  /** Total to pay. */
  price: moneySchema,
  itemsUnDiscountedSubtotal: moneySchema,
  promoCode: z.string().nullable(),
  status: z.number().int(),
  totals: totalsSchema,
  deliveryAddress: addressSchema.nullable(),
});
export type OrderDraft = z.infer<typeof orderDraftSchema>;

export const agentIdSchema = z.string().trim().min(1).max(64);

export const prepareDraftInputSchema = z.object({ agentId: agentIdSchema.optional() });
export const skuAmountInputSchema = z.object({
  sku_id: idSchema,
  /** 0 removes the row. */
  amount: z.number().int().nonnegative(),
  agentId: agentIdSchema.optional(),
});
export const bulkItemRowSchema = z.object({
  sku_id: idSchema,
  amount: z.number().int().positive(),
});
export type BulkItemRow = z.infer<typeof bulkItemRowSchema>;
export const itemsInputSchema = z.object({ rows: z.array(bulkItemRowSchema) });
export const orderPatchSchema = z.object({ promoCode: z.string().trim().nullable() }).partial();

export const paymentInputSchema = z.object({
  code: paymentMethodCodeSchema,
  /** What the method needs; a card method takes `{ card }`. */
  input: z.record(z.string(), z.string()).default({}),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const paymentAnswerSchema = z.object({
  orderId: idSchema,
  number: z.string(),
  status: z.number().int(),
  paidBy: z.string(),
  amount: moneySchema,
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

export const orderSummarySchema = z.object({
  id: idSchema,
  number: z.string(),
  placedAt: dateTimeSchema,
  total: moneySchema,
  status: z.number().int(),
  itemCount: z.number().int().nonnegative(),
  deliveredAt: dateTimeSchema.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const trackingEventSchema = z.object({
  status: z.number().int(),
  at: dateTimeSchema,
  note: z.string().nullable(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  products: z.array(
    z.object({
      sku_id: idSchema,
      name: z.string(),
      image: z.string(),
      qty: z.number().int().positive(),
      /** Line total. */
      price: moneySchema,
      status: z.number().int(),
      statusDate: dateTimeSchema,
      link: z.string(),
    }),
  ),
  tracking: z
    .object({
      carrier: z.string(),
      number: z.string(),
      url: z.string().nullable(),
    })
    .nullable(),
  events: z.array(trackingEventSchema),
  billing: totalsSchema,
  payment: z
    .object({ code: paymentMethodCodeSchema, last4: z.string().nullable(), paidAt: dateTimeSchema })
    .nullable(),
  paidBy: z.string().nullable(),
  promoCode: z.string().nullable(),
  deliveryAddress: addressSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().positive().optional(),
});

export const deliveryAnswerSchema = z.object({
  orderId: idSchema.nullable(),
  address: addressSchema.nullable(),
});
export const deliveryInputSchema = z.object({ addressId: idSchema });

/** A guest-cart row kept in local storage. */
export const localCartRowSchema = z.object({
  product: productSummarySchema,
  amount: z.number().int().positive(),
});
export type LocalCartRow = z.infer<typeof localCartRowSchema>;

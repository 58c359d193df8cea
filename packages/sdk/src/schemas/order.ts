import * as z from 'zod/mini';
import {
  PAYMENT_INPUT_KEYS_MAX,
  TEXT_MAX,
  TYPED_CARD_TYPE,
  type CardType,
} from '../constants/index.js';
import {
  countNumberSchema,
  idParamSchema,
  maxKeys,
  noNul,
  positiveCountSchema,
  promoCodeSchema,
  textSchema,
} from '../validation/zod.js';
import { addressSchema, isCardCodeOfType, paymentMethodCodeSchema } from './customer.js';
import { periodLimitSchema, productSummarySchema } from './catalog.js';
import { countSchema, dateTimeSchema, idSchema, moneySchema, positiveIntSchema } from './common.js';

/** Bad reason code: null fine, 1 out of stock, 2 not supported by the plan, 3 not available. */
export const badReasonCodeSchema = /* @__PURE__ */ (() =>
  z.nullable(z.union([z.literal(1), z.literal(2), z.literal(3)])))();

export const orderRowSchema = /* @__PURE__ */ (() =>
  z.object({
    sku: productSummarySchema,
    amount: positiveIntSchema,
    /** Line total (unit price times amount). */
    price: moneySchema,
    badReasonCode: badReasonCodeSchema,
    /** The plan's per-period limit of the item, what is left beyond this row; null: none (issue 31). */
    periodLimit: z.optional(z.nullable(periodLimitSchema)),
  }))();
export type OrderRow = z.infer<typeof orderRowSchema>;

export const totalsSchema = /* @__PURE__ */ (() =>
  z.object({
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: moneySchema,
    tax: moneySchema,
    total: moneySchema,
  }))();
export type Totals = z.infer<typeof totalsSchema>;

/**
 * The customer's placed order that waits for payment (at most one): it holds its products' stock
 * until `payableUntil`, then its rows go back into the open draft by themselves. The cart shows it
 * so a reload never shows the items as lost ("Your items are in order 100041, waiting for payment").
 */
export const pendingOrderSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    number: z.string().check(z.minLength(1)),
    total: moneySchema,
    itemCount: countSchema,
    /** ISO date-time: after it the order goes back to the cart and its stock is released. */
    payableUntil: dateTimeSchema,
  }))();
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

export const orderDraftSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    rows: z.array(orderRowSchema),
    /** Total to pay. */
    price: moneySchema,
    itemsUnDiscountedSubtotal: moneySchema,
    promoCode: z.nullable(z.string()),
    status: z.int(),
    totals: totalsSchema,
    deliveryAddress: z.nullable(addressSchema),
    /** On the open draft: the customer's unpaid placed order, if any; null otherwise (and on placed orders). */
    pendingOrder: z.nullable(pendingOrderSchema),
  }))();
export type OrderDraft = z.infer<typeof orderDraftSchema>;

/**
 * A placed order, as `completeOrder` answers it: the draft's shape plus the order `number` it was
 * given (`100041`), so the number is known before paying (paying answers it too).
 */
export const placedOrderSchema = /* @__PURE__ */ (() =>
  z.extend(orderDraftSchema, { number: z.string().check(z.minLength(1)) }))();
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** The agent who helps a customer by phone (kept with the draft): not blank, at most 64, no NUL. */
export const agentIdSchema = /* @__PURE__ */ (() => textSchema({ max: 64 }))();

export const prepareDraftInputSchema = /* @__PURE__ */ (() =>
  z.object({ agentId: z.optional(agentIdSchema) }))();
export const skuAmountInputSchema = /* @__PURE__ */ (() =>
  z.object({
    sku_id: idSchema,
    /** 0 removes the row. */
    amount: countNumberSchema,
    agentId: z.optional(agentIdSchema),
  }))();
/** Adds units of one product to the open draft (created when none), in one request. */
export const addToDraftInputSchema = /* @__PURE__ */ (() =>
  z.object({
    sku_id: idSchema,
    /** Units to add on top of what the draft has (at least 1). */
    amount: positiveCountSchema,
    agentId: z.optional(agentIdSchema),
  }))();
export type AddToDraftInput = z.infer<typeof addToDraftInputSchema>;

export const bulkItemRowSchema = /* @__PURE__ */ (() =>
  z.object({
    sku_id: idSchema,
    amount: positiveCountSchema,
  }))();
export type BulkItemRow = z.infer<typeof bulkItemRowSchema>;
/** At most 1000 rows in one call. */
export const itemsInputSchema = /* @__PURE__ */ (() =>
  z.object({
    rows: z.array(bulkItemRowSchema).check(z.maxLength(1000)),
  }))();
/** The guest cart's rows, merged into the open draft at sign-in (the SDK's `mergeGuestCart` rule). */
export const mergeIntoDraftInputSchema = /* @__PURE__ */ (() =>
  z.object({
    rows: z.array(bulkItemRowSchema).check(z.maxLength(1000)),
    agentId: z.optional(agentIdSchema),
  }))();

/**
 * What the merge at sign-in did. It never lowers or removes a row the draft had:
 * - `added`: product ids only in the guest cart, now in the draft;
 * - `raised`: product ids whose amount was raised to the guest cart's;
 * - `limited`: rows added or raised to fewer units than the guest cart had (`amount` is what the
 *   draft now holds, the most that can be ordered; `wanted` is the guest cart's);
 * - `dropped`: guest rows that could not go in at all (`reason`: `product_not_found`, or
 *   `cannot_add_more` when none can be ordered: out of stock, inactive or discontinued).
 */
export const draftMergeAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    draft: orderDraftSchema,
    changed: z.boolean(),
    added: z.array(idSchema),
    raised: z.array(idSchema),
    limited: z.array(
      z.object({ sku_id: idSchema, amount: positiveIntSchema, wanted: positiveIntSchema }),
    ),
    dropped: z.array(
      z.object({
        sku_id: idSchema,
        amount: positiveIntSchema,
        reason: z.enum(['product_not_found', 'cannot_add_more']),
      }),
    ),
  }))();
export type DraftMergeAnswer = z.infer<typeof draftMergeAnswerSchema>;

/** Set a promo code (no spaces: "The code you entered is not valid.") or clear it with null. */
export const orderPatchSchema = /* @__PURE__ */ (() =>
  z.partial(z.object({ promoCode: z.nullable(promoCodeSchema) })))();

/**
 * Paying a placed order: the method `code` and what it needs in `input`:
 * - trnsx, nationsbenefits: `{ card, code? }`, the card number typed at checkout and its security
 *   code (CVV, `CARD_CODE_LENGTHS` of the method's card type, `TYPED_CARD_TYPE`). The code may be
 *   left out only for a card on the customer's own account; a wrong number, a wrong code and
 *   another member's card all answer `card_number_or_code_is_not_correct`.
 * - credit: `{ card }` (the number alone).
 * - prohealth, balance: `{}` (the active card on file, the store balance).
 * A code of the wrong shape for the card type is a `wrong_format` issue at `input.code`.
 */
export const paymentInputSchema = /* @__PURE__ */ (() =>
  z
    .object({
      code: paymentMethodCodeSchema,
      /** What the method needs; a card method takes `{ card, code? }`. */
      input: z._default(
        z
          .record(
            z.string().check(z.maxLength(TEXT_MAX.code), noNul),
            textSchema({ max: 256, min: 0, trim: false }),
          )
          // Bounded (issue 17): 171 KB of keys used to answer a 1.2 MB 422.
          .check(maxKeys(PAYMENT_INPUT_KEYS_MAX)),
        {},
      ),
    })
    .check(
      z.superRefine((value, ctx) => {
        const type = (TYPED_CARD_TYPE as Partial<Record<string, CardType>>)[value.code];
        const code = value.input.code;
        if (!type || code === undefined || code.trim() === '') return;
        if (!isCardCodeOfType(code, type)) {
          ctx.addIssue({
            code: 'custom',
            message: 'wrong_format',
            input: code,
            path: ['input', 'code'],
          });
        }
      }),
    ))();
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const paymentAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    orderId: idSchema,
    number: z.string(),
    status: z.int(),
    paidBy: z.string(),
    amount: moneySchema,
  }))();
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

export const orderSummarySchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    number: z.string(),
    placedAt: dateTimeSchema,
    total: moneySchema,
    status: z.int(),
    itemCount: countSchema,
    deliveredAt: z.nullable(dateTimeSchema),
    /** Waiting for payment: when its hold ends (it then goes back to the cart); null otherwise. */
    payableUntil: z.nullable(dateTimeSchema),
    /** Until when the customer may cancel it (unpaid, or paid and not yet packaging); null when not. */
    cancellableUntil: z.nullable(dateTimeSchema),
    cancelledAt: z.nullable(dateTimeSchema),
    /**
     * Waiting for payment: its hold ends with the benefit period it was placed in, before the
     * usual hold would (issue 31; the page says so). Optional for older producers.
     */
    holdEndsWithPeriod: z.optional(z.boolean()),
  }))();
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const trackingEventSchema = /* @__PURE__ */ (() =>
  z.object({
    status: z.int(),
    at: dateTimeSchema,
    note: z.nullable(z.string()),
  }))();

export const orderDetailSchema = /* @__PURE__ */ (() =>
  z.extend(orderSummarySchema, {
    products: z.array(
      z.object({
        sku_id: idSchema,
        name: z.string(),
        image: z.string(),
        qty: positiveIntSchema,
        /** Line total. */
        price: moneySchema,
        status: z.int(),
        statusDate: dateTimeSchema,
        link: z.string(),
      }),
    ),
    tracking: z.nullable(
      z.object({
        carrier: z.string(),
        number: z.string(),
        url: z.nullable(z.string()),
      }),
    ),
    events: z.array(trackingEventSchema),
    billing: totalsSchema,
    payment: z.nullable(
      z.object({
        code: paymentMethodCodeSchema,
        last4: z.nullable(z.string()),
        paidAt: dateTimeSchema,
      }),
    ),
    paidBy: z.nullable(z.string()),
    promoCode: z.nullable(z.string()),
    deliveryAddress: z.nullable(addressSchema),
    /** The refund of a cancelled paid order: the amount went back to what paid (`code`, `last4`). */
    refund: z.nullable(
      z.object({
        amount: moneySchema,
        code: paymentMethodCodeSchema,
        last4: z.nullable(z.string()),
        at: dateTimeSchema,
        /**
         * False when a benefit card was refunded after the period it paid in had ended: that
         * period's allowance is gone and did not come back (issue 31; the SDK's `refundReturnsTo`).
         */
        allowanceReturned: z.optional(z.boolean()),
      }),
    ),
  }))();
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListQuerySchema = /* @__PURE__ */ (() =>
  z.object({ page: z.optional(idParamSchema) }))();

export const deliveryAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    orderId: z.nullable(idSchema),
    address: z.nullable(addressSchema),
  }))();
export const deliveryInputSchema = /* @__PURE__ */ (() => z.object({ addressId: idSchema }))();

/** A guest-cart row kept in local storage. */
export const localCartRowSchema = /* @__PURE__ */ (() =>
  z.object({
    product: productSummarySchema,
    amount: positiveIntSchema,
  }))();
export type LocalCartRow = z.infer<typeof localCartRowSchema>;

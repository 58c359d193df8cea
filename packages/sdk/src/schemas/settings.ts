import * as z from 'zod/mini';
import { paymentMethodCodeSchema } from './customer.js';
import { countSchema, moneySchema, positiveIntSchema } from './common.js';

/** A promotion the shop runs now: its promo code and the percent it takes off the subtotal. */
export const promotionSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z.string().check(z.minLength(1)),
    percent: z.int().check(z.gte(1), z.lte(100)),
  }))();
export type Promotion = z.infer<typeof promotionSchema>;

/** The first digits of each card type's numbers (the settings' `cardRanges`). */
export const cardRangesSchema = /* @__PURE__ */ (() => {
  const prefixes = z.array(z.string().check(z.regex(/^\d{1,8}$/)));
  return z.object({ network: prefixes, national: prefixes, s3: prefixes });
})();

/** How long delivery takes, in business days (Monday to Friday): `{ minBusinessDays: 2, maxBusinessDays: 5 }`. */
export const deliveryEstimateSchema = /* @__PURE__ */ (() =>
  z
    .object({ minBusinessDays: positiveIntSchema, maxBusinessDays: positiveIntSchema })
    .check(
      z.refine((estimate) => estimate.minBusinessDays <= estimate.maxBusinessDays, {
        message: 'minBusinessDays must not exceed maxBusinessDays',
      }),
    ))();
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

/** GET /api/constants: the shop's settings. */
export const settingsSchema = /* @__PURE__ */ (() =>
  z.object({
    companyName: z.string(),
    copyrightYear: z.int(),
    supportPhone: z.string(),
    ttyPhone: z.string(),
    supportEmail: z.string(),
    deliveryStates: z.array(z.string().check(z.length(2))),
    minimumOrder: moneySchema,
    paymentMethods: z.array(paymentMethodCodeSchema),
    /**
     * The card issuers' ranges: the first digits of each card type's numbers, e.g.
     * `{ network: ['6035'], national: ['6036'], s3: ['6037'] }` (`cardTypeOfNumber`).
     */
    cardRanges: cardRangesSchema,
    requiredProfileFields: z.array(z.string()),
    codeResendSeconds: countSchema,
    pageSize: positiveIntSchema,
    notificationTimeoutMs: positiveIntSchema,
    /** When false, customers are told to call the contact center to add e-mails or phones. */
    addingContactsEnabled: z.boolean(),
    defaultLoginRedirect: z.string(),
    catalogPath: z.string(),
    productPath: z.string(),
    /** The promotions active now (the API's `promo_codes` table), e.g. `[{ code: 'Welcome10', percent: 10 }]`. */
    promotions: z.array(promotionSchema),
    /** Minutes a placed, unpaid order holds its stock before it goes back to the cart. */
    unpaidOrderMinutes: positiveIntSchema,
    /** Units of one item an order may hold (MAX_UNITS_PER_ITEM): more is refused `max_units_per_item`. */
    maxUnitsPerItem: positiveIntSchema,
    /** Minutes after paying during which an order not yet packaging may be cancelled (refunded). */
    orderCancelMinutes: countSchema,
    /** How long delivery takes once the order is placed (`formatDeliveryEstimate` says it). */
    deliveryEstimate: deliveryEstimateSchema,
  }))();
export type Settings = z.infer<typeof settingsSchema>;

/**
 * The percent off per promo code of the settings' promotions, as `estimateTotals` takes it:
 * `estimateTotals(rows, promoCode, { promoPercents: promoPercentsFrom(settings.promotions) })`.
 * Missing promotions (settings not loaded yet) give `{}`: no estimated discount.
 */
export function promoPercentsFrom(
  promotions: readonly Promotion[] | null | undefined,
): Readonly<Record<string, number>> {
  const percents: Record<string, number> = {};
  for (const { code, percent } of promotions ?? []) percents[code] = percent;
  return percents;
}

import { CARD_TYPE_PAYMENT_METHOD, ORDER_STATUS } from '../constants/index.js';

/**
 * Benefit periods and what they limit (issue 31, items 4 and 5). A plan's allowance is given per
 * period, a calendar month or quarter (UTC days); the plan may limit how many units of one item a
 * member orders per period; a hold and a refund meet the period's end.
 */
export type BenefitPeriod = 'month' | 'quarter';

export const BENEFIT_PERIODS: readonly BenefitPeriod[] = ['month', 'quarter'];

/**
 * The orders whose units count against a period's limit: placed (waiting for payment), paid or
 * being verified, and on their way or delivered. Drafts, cancelled and returned orders do not, so
 * cancelling an order gives its units back.
 */
export const PERIOD_LIMIT_STATUSES: readonly number[] = [
  ORDER_STATUS.waitingForPayment,
  ORDER_STATUS.paymentVerification,
  ORDER_STATUS.confirmed,
  ORDER_STATUS.packaging,
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
];

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The period holding `at`: its first and last day (YYYY-MM-DD, both included) and the moment it
 * ends (`endsAt`, 00:00 UTC of the day after its last day).
 */
export function benefitPeriodOf(at: Date, period: BenefitPeriod): { from: string; to: string; endsAt: Date } {
  const months = period === 'quarter' ? 3 : 1;
  const firstMonth = Math.floor(at.getUTCMonth() / months) * months;
  const start = new Date(Date.UTC(at.getUTCFullYear(), firstMonth, 1));
  const endsAt = new Date(Date.UTC(at.getUTCFullYear(), firstMonth + months, 1));
  return { from: day(start), to: day(new Date(endsAt.getTime() - 86_400_000)), endsAt };
}

/**
 * How many more units of one item a member may order this period: the plan's limit less the
 * units of their orders in the period that count (`PERIOD_LIMIT_STATUSES`), never below zero.
 * Null when the plan sets no limit for the item.
 */
export function periodUnitsLeft(input: { limit: number | null | undefined; ordered: number }): number | null {
  if (input.limit === null || input.limit === undefined) return null;
  return Math.max(0, input.limit - Math.max(0, input.ordered));
}

/**
 * The refusal of holding `amount` units of an item (the draft's row, the order's row) when the
 * period's limit leaves fewer: `period_limit_reached` with `{ limit, left }`; else null.
 */
export function periodLimitRefusal(input: {
  limit: number | null | undefined;
  ordered: number;
  amount: number;
}): { code: 'period_limit_reached'; params: { limit: number; left: number } } | null {
  const left = periodUnitsLeft(input);
  if (left === null || input.amount <= left) return null;
  return { code: 'period_limit_reached', params: { limit: input.limit!, left } };
}

/**
 * When a placed order's hold ends: the usual hold (`now` + `holdMs`), but never past the end of
 * the benefit period it was placed in (an allowance cannot pay after its period), and never past
 * `continuedUntil` (a hold of these items taken back to the cart, issue 32). `endsWithPeriod`
 * says the period's end cut it short (the page says so).
 */
export function holdEnd(input: {
  now: Date;
  holdMs: number;
  periodEndsAt: Date | null;
  continuedUntil?: Date | null;
}): { until: Date; endsWithPeriod: boolean } {
  const usual = input.now.getTime() + input.holdMs;
  const continued = input.continuedUntil?.getTime() ?? Infinity;
  const periodEnd = input.periodEndsAt?.getTime() ?? Infinity;
  const until = Math.min(usual, continued, periodEnd);
  return { until: new Date(until), endsWithPeriod: periodEnd < Math.min(usual, continued) };
}

/**
 * What a refund gives back (decision, issue 31 item 5). A benefit allowance is the plan's money
 * for one period and does not roll over. A refund of a benefit-card payment made in a period that
 * has not ended gives the allowance back to the card. After that period's end the allowance is
 * gone: the refund is recorded against the card (the member sees it was refunded) but the card's
 * balance, now another period's allowance, is not raised, and nothing becomes store balance.
 * Payments by credit card or store balance are refunded in full whenever the refund happens.
 */
export function refundReturnsTo(input: {
  /** The payment's method code: trnsx, nationsbenefits and prohealth pay with a benefit card. */
  method: string;
  paidAt: Date;
  now: Date;
  period: BenefitPeriod;
}): 'payer' | 'expired_allowance' {
  if (!(Object.values(CARD_TYPE_PAYMENT_METHOD) as string[]).includes(input.method)) return 'payer';
  return input.now >= benefitPeriodOf(input.paidAt, input.period).endsAt ? 'expired_allowance' : 'payer';
}

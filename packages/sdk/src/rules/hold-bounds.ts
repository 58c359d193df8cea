import { formatPrice } from '../format/format-price.js';
import { fromCents } from '../money/index.js';

/**
 * What one customer may hold (issue 32, item 4): units of one item per order, the items of a hold
 * that ended unpaid (continued to its end, then a cooldown), and the value of an unpaid order. The
 * API (apps/api services/orders) and the test shop call these; each names the refused fields and
 * answers its own error.
 */

/** More units of one item than an order may hold (the settings' `maxUnitsPerItem`). */
export interface ItemLimitRefusal {
  code: 'max_units_per_item';
  params: { max: number };
}

/**
 * The refusal of holding `amount` units of one item when one order may hold at most `max`:
 * `max_units_per_item` with `{ max }`; else null. Raising a row (adding, setting an amount) and
 * placing an order (every row, a setting may have been lowered since) ask it.
 */
export function itemLimitRefusal(input: { amount: number; max: number }): ItemLimitRefusal | null {
  return input.amount > input.max ? { code: 'max_units_per_item', params: { max: input.max } } : null;
}

/** An item of a hold of this customer that ended unpaid, with when that hold ends (or ended). */
export interface EndedHold {
  skuId: number;
  holdEndsAt: Date;
}

export type HeldItemsWait =
  | { allowed: true; continuedUntil: Date | null }
  | {
      allowed: false;
      code: 'hold_cooldown';
      params: { minutes: number; until: string };
      /** The indexes in `skuIds` of the items still in their cooldown (`rows.N.sku_id`), in the order of `ended`. */
      rows: number[];
    };

/**
 * Whether the items `skuIds` of an order may be placed (held) again, by the customer's ended holds
 * (`ended`; items not in `skuIds` are passed over). A hold is never renewed at once: an item whose
 * hold has not reached its end (taken back to the cart early) continues it, and the new hold goes
 * no further than the earliest such end (`continuedUntil`, for `holdEnd`); an item whose hold has
 * ended waits `cooldownMs` after that end: `hold_cooldown` with `{ minutes, until }` of the last
 * of them (minutes rounded up) naming those rows.
 */
export function heldItemsWait(input: {
  skuIds: readonly number[];
  ended: readonly EndedHold[];
  now: Date;
  cooldownMs: number;
}): HeldItemsWait {
  const now = input.now.getTime();
  let continued: Date | null = null;
  let waitUntil = 0;
  const rows: number[] = [];
  for (const { skuId, holdEndsAt } of input.ended) {
    const row = input.skuIds.indexOf(skuId);
    if (row < 0) continue;
    const cooled = holdEndsAt.getTime() + input.cooldownMs;
    if (holdEndsAt.getTime() > now) {
      if (!continued || holdEndsAt < continued) continued = holdEndsAt;
    } else if (cooled > now) {
      waitUntil = Math.max(waitUntil, cooled);
      if (!rows.includes(row)) rows.push(row);
    }
  }
  if (waitUntil > 0) {
    const params = { minutes: Math.ceil((waitUntil - now) / 60_000), until: new Date(waitUntil).toISOString() };
    return { allowed: false, code: 'hold_cooldown', params, rows };
  }
  return { allowed: true, continuedUntil: continued };
}

/** An unpaid order worth more than the money that can pay it. */
export interface HoldValueRefusal {
  code: 'hold_value_exceeded';
  params: { total: string; limit: string };
}

/**
 * The most an unpaid order of a customer may be worth, in cents: the money on file that can pay it
 * (`cardsCents`, the allowance left on their benefit cards used for payments; `balanceCents`, the
 * store balance, counted from zero up and only when that payment method is on, else null) plus
 * `otherCardsCents` (HOLD_VALUE_OTHER_CARDS) for a card typed at checkout. One unpaid order per
 * customer, so this bounds all they hold; a new account holds at most the latter.
 */
export function holdValueLimitCents(input: {
  cardsCents: number;
  balanceCents: number | null;
  otherCardsCents: number;
}): number {
  return input.cardsCents + Math.max(0, input.balanceCents ?? 0) + input.otherCardsCents;
}

/**
 * The refusal of placing an order of `totalCents` when the customer may hold `limitCents`
 * (`holdValueLimitCents`): `hold_value_exceeded` with `{ total, limit }` as prices; else null.
 */
export function holdValueRefusal(input: { totalCents: number; limitCents: number }): HoldValueRefusal | null {
  if (input.totalCents <= input.limitCents) return null;
  return {
    code: 'hold_value_exceeded',
    params: { total: formatPrice(fromCents(input.totalCents)), limit: formatPrice(fromCents(input.limitCents)) },
  };
}

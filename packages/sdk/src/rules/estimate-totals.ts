import { fromCents } from '../money/from-cents.js';
import { percentOfCents } from '../money/percent-of-cents.js';
import { toCents } from '../money/to-cents.js';
import type { Money } from '../schemas/common.js';
import { itemAvailability } from './item-availability.js';
import { promoPercent, type PromoPercents } from './promo-percent.js';

/** A server order row: the unit price is on the sku, `price` is the line total. */
export interface EstimateOrderRow {
  sku: { price: Money };
  amount: number;
  price: Money;
  badReasonCode?: number | null;
}
/**
 * A guest-cart row: the product and the amount. Give the product's `inStock` and `status` (a
 * stored `LocalCartRow` has them) so a row that cannot be ordered is left out, as the server
 * leaves it out; without them the row is counted.
 */
export interface EstimateLocalRow {
  product: { price: Money; inStock?: number; status?: number | null };
  amount: number;
}
export type EstimateRow = EstimateOrderRow | EstimateLocalRow;

export interface EstimateOptions {
  /**
   * The shop's promotions: percent off per promo code, from the shop's settings (the API reads
   * its `promo_codes` table). There is no built-in default: the SDK holds no promo constant.
   */
  promoPercents: PromoPercents;
  /**
   * Leave rows that cannot be ordered out of the sums, as the server's totals do: a server row
   * with a bad reason code, a guest row whose product cannot be ordered in that amount
   * (`itemAvailability` of its `inStock` and `status`). Default true; false counts every row.
   */
  excludeBadRows?: boolean;
}

export interface TotalsEstimate {
  /** Sum of line totals. */
  subtotal: Money;
  /** Promo discount on the subtotal, rounded half up to the cent. */
  discount: Money;
  /** subtotal - discount. */
  total: Money;
  /** Sum of unit price x amount, before any discount (equal to subtotal for guest rows). */
  itemsUnDiscountedSubtotal: Money;
  /** The promo percent applied (0 when none). */
  promoPercent: number;
}

function amountOf(row: EstimateRow): number {
  if (!Number.isSafeInteger(row.amount) || row.amount < 0) {
    throw new RangeError(`Row amount must be a non-negative integer: ${row.amount}`);
  }
  return row.amount;
}

/** Whether a guest row can be ordered as it is; a row without stock or status counts. */
function localRowOrderable(row: EstimateLocalRow, amount: number): boolean {
  const { inStock, status } = row.product;
  if (inStock === undefined || status === undefined || amount === 0) return true;
  return itemAvailability({ status, stock: inStock, amount }).orderable;
}

/**
 * The estimate of an order in integer cents, with the promo percent taken from the shop's
 * promotions (`options.promoPercents`, e.g. `{ Welcome10: 10 }` from the settings). The code is
 * matched case-insensitively because it arrives typed by people and from the personalcode link.
 * The API does not call this function: it totals a draft in its view (apps/api services/orders/
 * view.ts) with the same `percentOfCents` for the discount, so the discount agrees; shipping and
 * tax are the server's alone (the cart shows "At checkout" until it answers). Rounding of the
 * discount is half up on the cent. Works for server rows (line totals) and guest rows
 * (unit price x amount). Rows that cannot be ordered are left out by default, as in the server's
 * totals, so "allowance left after this order" is what the order will cost.
 */
export function estimateTotals(
  rows: readonly EstimateRow[],
  promoCode: string | null | undefined,
  options: EstimateOptions,
): TotalsEstimate {
  if (typeof options?.promoPercents !== 'object' || options.promoPercents === null) {
    throw new TypeError(
      "estimateTotals: options.promoPercents is required (the shop's promotions from its settings)",
    );
  }
  const exclude = options.excludeBadRows ?? true;
  let subtotal = 0;
  let undiscounted = 0;
  for (const row of rows) {
    if ('sku' in row) {
      const amount = amountOf(row);
      if (exclude && row.badReasonCode != null) continue;
      subtotal += toCents(row.price);
      undiscounted += toCents(row.sku.price) * amount;
    } else {
      const amount = amountOf(row);
      if (exclude && !localRowOrderable(row, amount)) continue;
      const line = toCents(row.product.price) * amount;
      subtotal += line;
      undiscounted += line;
    }
  }
  const percent = promoPercent(promoCode, options.promoPercents);
  const discount = percentOfCents(subtotal, percent);
  return {
    subtotal: fromCents(subtotal),
    discount: fromCents(discount),
    total: fromCents(subtotal - discount),
    itemsUnDiscountedSubtotal: fromCents(undiscounted),
    promoPercent: percent,
  };
}

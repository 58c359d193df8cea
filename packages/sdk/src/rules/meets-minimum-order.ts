import { DEFAULT_MINIMUM_ORDER } from '../constants/index.js';
import { fromCents } from '../money/from-cents.js';
import { toCents } from '../money/to-cents.js';
import type { Money } from '../schemas/common.js';

/** What {@link checkMinimumOrder} answers: whether the minimum is met, and by how much not. */
export interface MinimumOrderCheck {
  ok: boolean;
  /** What is still missing to reach the minimum ("0.00" when met). */
  missing: Money;
  /** The minimum compared against, as a money string. */
  minimum: Money;
}

/**
 * The minimum order check with what is missing, for a notice ("$5.00 more to reach the
 * minimum"). The shop compares the items subtotal before the promo discount
 * (`draft.totals.subtotal`: the rows that can be ordered, at their current prices), so a promo
 * code never pushes a cart under the minimum (a setting, default $25.00); the API checks it so at
 * `complete` and again at `pay`, and `checkoutGate` does the same. The notice is
 * `MESSAGES.minimumOrder` ("{qty} Minimum Order.") with the formatted minimum.
 */
export function checkMinimumOrder(
  amount: Money,
  minimum: Money = DEFAULT_MINIMUM_ORDER,
): MinimumOrderCheck {
  const missing = Math.max(0, toCents(minimum) - toCents(amount));
  return { ok: missing === 0, missing: fromCents(missing), minimum: fromCents(toCents(minimum)) };
}

/**
 * Whether an order amount reaches the minimum order, as a boolean, so `if (meetsMinimumOrder(…))`
 * reads as it runs (before 0.3.0 it answered the object {@link checkMinimumOrder} now answers,
 * which is always truthy). Same rule as {@link checkMinimumOrder}.
 */
export function meetsMinimumOrder(amount: Money, minimum: Money = DEFAULT_MINIMUM_ORDER): boolean {
  return checkMinimumOrder(amount, minimum).ok;
}

import { DEFAULT_MINIMUM_ORDER } from '../constants/index.js';
import { fromCents } from '../money/from-cents.js';
import { toCents } from '../money/to-cents.js';
import type { Money } from '../schemas/common.js';

export interface MinimumOrderCheck {
  ok: boolean;
  /** What is still missing to reach the minimum ("0.00" when met). */
  missing: Money;
  /** The minimum compared against, as a money string. */
  minimum: Money;
}

/**
 * Whether an order amount reaches the minimum order (a setting, default $25.00). The shop
 * compares the items subtotal before the promo discount (`draft.totals.subtotal`: the rows that
 * can be ordered, at their current prices), so a promo code never pushes a cart under the
 * minimum; the API checks it so at `complete` and again at `pay`, and `checkoutGate` does the
 * same. The notice is `MESSAGES.minimumOrder` ("{qty} Minimum Order.") with the formatted minimum.
 */
export function meetsMinimumOrder(
  amount: Money,
  minimum: Money = DEFAULT_MINIMUM_ORDER,
): MinimumOrderCheck {
  const missing = Math.max(0, toCents(minimum) - toCents(amount));
  return { ok: missing === 0, missing: fromCents(missing), minimum: fromCents(toCents(minimum)) };
}

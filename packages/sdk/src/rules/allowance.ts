import { toCents } from '../money/to-cents.js';
import type { Money } from '../schemas/common.js';
import type { InsuranceCard } from '../schemas/customer.js';

// Apart from the suggested basket: the shop's header shows these on every page, the basket is
// one page's (and the API's).

/**
 * What a member can spend now, the figure the shop's header shows: the active card's balance and
 * period end, else the store balance (no period end). Null when there is neither a card nor a
 * store balance above zero.
 */
export function spendableAllowance(customer: {
  activeInsuranceCard: Pick<InsuranceCard, 'balance' | 'periodEndsAt'> | null;
  balance: Money;
}): { left: Money; periodEndsAt: string | null; source: 'card' | 'balance' } | null {
  const card = customer.activeInsuranceCard;
  if (card) return { left: card.balance, periodEndsAt: card.periodEndsAt, source: 'card' };
  if (toCents(customer.balance) > 0) return { left: customer.balance, periodEndsAt: null, source: 'balance' };
  return null;
}

/**
 * The periods whose reminder is due on `asOf` (YYYY-MM-DD): those ending from that day to `days`
 * days later, both included (`ALLOWANCE_REMINDER_DAYS` before the end, until the last day).
 */
export function reminderWindow(asOf: string, days: number): { from: string; to: string } {
  const start = new Date(`${asOf}T00:00:00Z`);
  const end = new Date(start.getTime() + days * 86_400_000);
  return { from: asOf, to: end.toISOString().slice(0, 10) };
}

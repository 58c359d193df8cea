import { ORDER_STATUS, type Locale } from '../constants/index.js';
import type { BasketEmptyCode, BasketReason, BasketReasonCode } from '../schemas/basket.js';

/**
 * The orders that count as bought (the basket's history, the plan's staples): paid or being
 * verified, and on their way; not drafts, unpaid, cancelled or returned orders.
 */
export const BOUGHT_STATUSES: readonly number[] = [
  ORDER_STATUS.paymentVerification,
  ORDER_STATUS.confirmed,
  ORDER_STATUS.packaging,
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
];

/** Rows a suggested basket holds at the most (a page a member reads, an e-mail's list). */
export const BASKET_MAX_ROWS = 10;

/** An item the basket may hold: covered by the member's plan, active and in stock. */
export interface BasketCandidate {
  id: number;
  priceCents: number;
  /** Units available to order now (> 0). */
  available: number;
  /**
   * What the plan's per-period limit leaves of the item (`periodUnitsLeft`); null or absent: no
   * limit. The basket never holds more (issue 31, item 4).
   */
  periodLeft?: number | null;
  /** The member's own orders of it, or null for a plan staple. */
  bought: { times: number; lastOn: string; usualAmount: number } | null;
  /** For staples: the plan's name (the reason's param). */
  plan?: string;
}

export interface BasketPick {
  id: number;
  amount: number;
  reason: BasketReason & { code: BasketReasonCode };
}

export interface BasketSuggestion {
  rows: BasketPick[];
  totalCents: number;
  reachesMinimum: boolean;
  empty: BasketEmptyCode | null;
}

/**
 * The suggested basket's rule: bought before first (most often, then most recent), then the
 * staples in the order given (the plan's most ordered first); each at its usual amount (one for a
 * staple) as far as the allowance left and the stock allow; then, when the total is under the
 * minimum order and the allowance reaches it, units are added to the rows in order until it does.
 * Never more than the allowance left, the units available (stock, and the plan's per-period limit:
 * `periodLeft`) or `maxRows` rows.
 */
export function suggestBasket(input: {
  candidates: readonly BasketCandidate[];
  leftCents: number;
  minimumCents: number;
  maxRows?: number;
}): BasketSuggestion {
  const { leftCents, minimumCents } = input;
  const maxRows = input.maxRows ?? BASKET_MAX_ROWS;
  const none = (empty: BasketEmptyCode): BasketSuggestion => ({ rows: [], totalCents: 0, reachesMinimum: false, empty });
  if (leftCents <= 0) return none('basket_no_allowance');
  // What can be ordered of each: the stock, and what the plan's period leaves.
  const usable = input.candidates
    .map((c) => ({ ...c, available: Math.min(c.available, c.periodLeft ?? Infinity) }))
    .filter((c) => c.available > 0 && c.priceCents > 0);
  if (usable.length === 0) return none('basket_nothing_available');
  const bought = usable
    .filter((c) => c.bought)
    .sort((a, b) => b.bought!.times - a.bought!.times || b.bought!.lastOn.localeCompare(a.bought!.lastOn) || a.id - b.id);
  const ordered = [...bought, ...usable.filter((c) => !c.bought)];

  const picked: { candidate: BasketCandidate; amount: number }[] = [];
  let total = 0;
  for (const candidate of ordered) {
    if (picked.length >= maxRows) break;
    const wanted = Math.max(1, candidate.bought?.usualAmount ?? 1);
    const amount = Math.min(wanted, candidate.available, Math.floor((leftCents - total) / candidate.priceCents));
    if (amount < 1) continue;
    picked.push({ candidate, amount });
    total += amount * candidate.priceCents;
  }
  if (picked.length === 0) return none('basket_nothing_fits');

  // Up to the minimum order where the allowance allows: one unit at a time over the rows in order.
  if (total < minimumCents && leftCents >= minimumCents) {
    let grew = true;
    while (total < minimumCents && grew) {
      grew = false;
      for (const pick of picked) {
        if (total >= minimumCents) break;
        if (pick.amount < pick.candidate.available && total + pick.candidate.priceCents <= leftCents) {
          pick.amount += 1;
          total += pick.candidate.priceCents;
          grew = true;
        }
      }
    }
  }
  return {
    rows: picked.map(({ candidate, amount }): BasketPick => ({
      id: candidate.id,
      amount,
      reason: candidate.bought
        ? { code: 'bought_before', params: { month: candidate.bought.lastOn.slice(0, 7), times: candidate.bought.times } }
        : { code: 'popular_with_plan', params: { plan: candidate.plan ?? '' } },
    })),
    totalCents: total,
    reachesMinimum: total >= minimumCents,
    empty: null,
  };
}

/** The texts of the basket's reason codes; `{month}` is written as the month's name. */
export const BASKET_REASON_TEXTS: Record<BasketReason['code'], { en: string; es: string }> = {
  bought_before: { en: 'You bought this in {month}', es: 'Lo compró en {month}' },
  popular_with_plan: { en: 'Popular with your plan', es: 'Popular entre los miembros de su plan' },
  not_covered_by_plan: {
    en: 'Your plan ({plan}) does not cover this any more',
    es: 'Su plan ({plan}) ya no cubre este producto',
  },
  basket_no_plan: {
    en: 'Choose your health plan to see what your allowance can buy.',
    es: 'Elija su plan de salud para ver qué puede comprar con su beneficio.',
  },
  basket_no_allowance: {
    en: 'You have no allowance left to spend this period.',
    es: 'No le queda beneficio para gastar en este período.',
  },
  basket_nothing_available: {
    en: 'Nothing your plan covers is in stock right now.',
    es: 'En este momento no hay existencias de nada que cubra su plan.',
  },
  basket_nothing_fits: {
    en: 'Nothing your plan covers fits the allowance you have left.',
    es: 'Nada de lo que cubre su plan cabe en el beneficio que le queda.',
  },
};

/**
 * A reason's text in a language: "You bought this in August" / "Lo compró en agosto" (the month
 * of `bought_before` in words, with the year when it is not `asOf`'s year).
 */
export function basketReasonText(reason: BasketReason, locale: Locale, asOf: Date = new Date()): string {
  const entry = BASKET_REASON_TEXTS[reason.code];
  const params = { ...reason.params };
  const month = typeof params.month === 'string' && /^\d{4}-\d{2}$/.test(params.month) ? params.month : null;
  if (month) {
    const date = new Date(`${month}-01T00:00:00Z`);
    params.month = new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', {
      month: 'long',
      ...(date.getUTCFullYear() === asOf.getUTCFullYear() ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(date);
  }
  const text = entry[locale] ?? entry.en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

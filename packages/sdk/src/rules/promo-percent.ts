// Apart from the estimate: a promo code's percent is checked where a code is typed or linked
// (every page), the estimate is the cart's and the checkout's.

/** Percent off per promo code, e.g. `{ Welcome10: 10 }` (codes compared case-insensitively). */
export type PromoPercents = Readonly<Record<string, number>>;

/**
 * The percent of a promo code in the shop's promotions, matched trimmed and case-insensitively;
 * 0 when unknown.
 */
export function promoPercent(
  promoCode: string | null | undefined,
  promoPercents: PromoPercents,
): number {
  const code = promoCode?.trim().toLowerCase();
  if (!code) return 0;
  for (const [name, percent] of Object.entries(promoPercents)) {
    if (name.toLowerCase() === code) return percent;
  }
  return 0;
}

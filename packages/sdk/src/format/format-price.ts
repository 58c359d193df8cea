import { toCents } from '../money/to-cents.js';
import type { Money } from '../schemas/common.js';
import { formatCents } from './format-cents.js';

/**
 * A price with "$" and two decimals: "12.5" -> "$12.50", "1234.56" -> "$1,234.56".
 * - A money string (the API's decimal with at most two places) is formatted exactly.
 * - A number is read as dollars and rounded half away from zero to the cent (12.345 -> "$12.35");
 *   for integer cents use `formatCents`.
 * - null or undefined give "" (nothing to show).
 * - Anything else (text that is not an amount such as "12.345" or "n/a", NaN, Infinity) throws
 *   a TypeError naming the value: a price is never shown without "$" or with a wrong amount.
 */
export function formatPrice(value: Money | string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`formatPrice: not a finite amount: ${value}`);
    // Going through thousandths first absorbs binary noise (1.005 * 100 = 100.49999...).
    const thousandths = Math.round(Math.abs(value) * 1000);
    const cents = Math.floor((thousandths + 5) / 10);
    return formatCents(value < 0 && cents !== 0 ? -cents : cents);
  }
  let cents: number;
  try {
    cents = toCents(value);
  } catch {
    throw new TypeError(
      `formatPrice: "${value}" is not a money amount (a decimal with at most two places, e.g. "12.50")`,
    );
  }
  return formatCents(cents);
}

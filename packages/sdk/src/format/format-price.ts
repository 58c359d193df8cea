import { toCents } from '../money/to-cents.js';
import type { Money } from '../schemas/common.js';
import { formatCents } from './format-cents.js';

/**
 * A price with "$" and two decimals. Money strings first ("12.5" -> "$12.50"); a number is
 * read as dollars and rounded to the nearest cent (12.5 -> "$12.50"); for integer cents use
 * `formatCents`. null or undefined give "" (nothing to show); text that is not an amount, or
 * a non-finite number, is returned as given so a bad value is visible rather than hidden.
 */
export function formatPrice(value: Money | string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? formatCents(Math.round(value * 100)) : String(value);
  }
  try {
    return formatCents(toCents(value));
  } catch {
    return value;
  }
}

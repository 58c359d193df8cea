/**
 * A catalog price range ("From" and "To", in dollars; either may be left out): the lowest price
 * may not be above the highest (`min_above_max`), rather than searching a range that holds nothing.
 */
export type PriceRangeProblem = 'min_above_max';

export function priceRangeProblem(
  min: number | null | undefined,
  max: number | null | undefined,
): PriceRangeProblem | null {
  if (min === null || min === undefined || max === null || max === undefined) return null;
  if (!Number.isFinite(min) || !Number.isFinite(max)) return null;
  return min > max ? 'min_above_max' : null;
}

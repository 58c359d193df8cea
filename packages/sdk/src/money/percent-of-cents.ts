/**
 * `percent` % of an amount in integer cents, rounded half up (away from zero for negatives),
 * computed with integers only: 1255 cents at 10 % -> 126 (125.5 rounds up).
 */
export function percentOfCents(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Cents must be a safe integer: ${cents}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`Percent must be an integer from 0 to 100: ${percent}`);
  }
  const scaled = Math.abs(cents) * percent;
  const rounded = Math.floor((scaled + 50) / 100);
  return cents < 0 ? -rounded : rounded;
}

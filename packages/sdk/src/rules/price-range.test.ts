import { describe, expect, it } from 'vitest';
import { priceRangeProblem } from './price-range.js';

describe('priceRangeProblem', () => {
  it('refuses a lowest price above the highest', () => {
    expect(priceRangeProblem(20, 5)).toBe('min_above_max');
    expect(priceRangeProblem(5.01, 5)).toBe('min_above_max');
  });

  it('takes an equal or ordered range, and a range with one bound or none', () => {
    expect(priceRangeProblem(5, 20)).toBeNull();
    expect(priceRangeProblem(5, 5)).toBeNull();
    expect(priceRangeProblem(undefined, 5)).toBeNull();
    expect(priceRangeProblem(20, null)).toBeNull();
    expect(priceRangeProblem(undefined, undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { basketReasonText, suggestBasket, type BasketCandidate } from './suggest-basket.js';

const staple = (id: number, priceCents: number, available = 50): BasketCandidate => ({ id, priceCents, available, bought: null, plan: 'CareLine' });
const bought = (id: number, priceCents: number, times: number, lastOn: string, usualAmount = 1, available = 50): BasketCandidate => ({
  id,
  priceCents,
  available,
  bought: { times, lastOn, usualAmount },
});

describe('suggestBasket', () => {
  it('puts what was bought before first (most often, then most recent), then the staples in order', () => {
    const basket = suggestBasket({
      candidates: [staple(1, 500), bought(2, 500, 1, '2026-08-03'), bought(3, 500, 3, '2026-02-01'), bought(4, 500, 1, '2026-09-10'), staple(5, 500)],
      leftCents: 10_000,
      minimumCents: 0,
    });
    expect(basket.rows.map((r) => r.id)).toEqual([3, 4, 2, 1, 5]);
    expect(basket.rows[0]?.reason).toEqual({ code: 'bought_before', params: { month: '2026-02', times: 3 } });
    expect(basket.rows[3]?.reason).toEqual({ code: 'popular_with_plan', params: { plan: 'CareLine' } });
  });

  it('never goes over the allowance left or the units available, and skips what does not fit', () => {
    const basket = suggestBasket({
      candidates: [bought(1, 1_000, 2, '2026-08-01', 4, 2), staple(2, 5_000), staple(3, 700)],
      leftCents: 3_000,
      minimumCents: 0,
    });
    expect(basket.rows).toEqual([
      expect.objectContaining({ id: 1, amount: 2 }),
      expect.objectContaining({ id: 3, amount: 1 }),
    ]);
    expect(basket.totalCents).toBe(2_700);
  });

  it('holds no more of an item than the period limit of the plan leaves, and leaves out one with none left', () => {
    const basket = suggestBasket({
      candidates: [
        { ...bought(1, 500, 3, '2026-10-01', 6), periodLeft: 4 },
        { ...bought(2, 500, 2, '2026-10-02', 2), periodLeft: 0 },
        { ...staple(3, 500), periodLeft: null },
      ],
      leftCents: 10_000,
      minimumCents: 5_000,
    });
    expect(basket.rows.map((r) => [r.id, r.amount])).toEqual([
      [1, 4],
      [3, 6],
    ]);
  });

  it('adds units up to the minimum order when the allowance reaches it', () => {
    const basket = suggestBasket({ candidates: [staple(1, 400), staple(2, 300)], leftCents: 10_000, minimumCents: 2_500 });
    expect(basket.totalCents).toBeGreaterThanOrEqual(2_500);
    expect(basket.totalCents).toBeLessThan(2_500 + 400);
    expect(basket.reachesMinimum).toBe(true);
  });

  it('says when the allowance left is below the minimum order', () => {
    const basket = suggestBasket({ candidates: [staple(1, 400)], leftCents: 1_000, minimumCents: 2_500 });
    expect(basket.rows).toEqual([expect.objectContaining({ id: 1, amount: 1 })]);
    expect(basket.reachesMinimum).toBe(false);
  });

  it('is empty with a reason when nothing fits, nothing is available or nothing is left', () => {
    expect(suggestBasket({ candidates: [staple(1, 5_000)], leftCents: 1_000, minimumCents: 0 }).empty).toBe('basket_nothing_fits');
    expect(suggestBasket({ candidates: [staple(1, 500, 0)], leftCents: 1_000, minimumCents: 0 }).empty).toBe('basket_nothing_available');
    expect(suggestBasket({ candidates: [staple(1, 500)], leftCents: 0, minimumCents: 0 }).empty).toBe('basket_no_allowance');
  });

  it('holds at most maxRows rows', () => {
    const candidates = Array.from({ length: 20 }, (_, i) => staple(i + 1, 100));
    expect(suggestBasket({ candidates, leftCents: 100_000, minimumCents: 0, maxRows: 4 }).rows).toHaveLength(4);
  });
});

describe('basketReasonText', () => {
  it('writes the month in words in each language, with the year when it is another year', () => {
    const asOf = new Date('2026-12-10T00:00:00Z');
    expect(basketReasonText({ code: 'bought_before', params: { month: '2026-08', times: 2 } }, 'en', asOf)).toBe('You bought this in August');
    expect(basketReasonText({ code: 'bought_before', params: { month: '2026-08', times: 2 } }, 'es', asOf)).toBe('Lo compró en agosto');
    expect(basketReasonText({ code: 'bought_before', params: { month: '2025-11', times: 1 } }, 'en', asOf)).toBe('You bought this in November 2025');
    expect(basketReasonText({ code: 'not_covered_by_plan', params: { plan: 'CareLine' } }, 'es', asOf)).toBe('Su plan (CareLine) ya no cubre este producto');
  });
});

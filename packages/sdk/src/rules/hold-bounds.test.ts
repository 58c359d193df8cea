import { describe, expect, it } from 'vitest';
import { heldItemsWait, holdValueLimitCents, holdValueRefusal, itemLimitRefusal } from './hold-bounds.js';

describe('itemLimitRefusal', () => {
  it('allows up to the most one order may hold of an item', () => {
    expect(itemLimitRefusal({ amount: 19, max: 20 })).toBeNull();
    expect(itemLimitRefusal({ amount: 20, max: 20 })).toBeNull();
  });
  it('refuses more with max_units_per_item and { max }', () => {
    expect(itemLimitRefusal({ amount: 21, max: 20 })).toEqual({ code: 'max_units_per_item', params: { max: 20 } });
    expect(itemLimitRefusal({ amount: 1, max: 0 })).toEqual({ code: 'max_units_per_item', params: { max: 0 } });
  });
});

describe('heldItemsWait', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
  const cooldownMs = 10 * 60_000;

  it('no ended hold of these items: allowed, nothing continued', () => {
    expect(heldItemsWait({ skuIds: [1, 2], ended: [], now, cooldownMs })).toEqual({ allowed: true, continuedUntil: null });
    // An ended hold of another item is passed over.
    expect(heldItemsWait({ skuIds: [1], ended: [{ skuId: 9, holdEndsAt: minutes(-1) }], now, cooldownMs })).toEqual({
      allowed: true,
      continuedUntil: null,
    });
  });

  it('a hold taken back early is continued to its earliest end, never renewed', () => {
    const ended = [
      { skuId: 1, holdEndsAt: minutes(20) },
      { skuId: 2, holdEndsAt: minutes(5) },
    ];
    expect(heldItemsWait({ skuIds: [1, 2], ended, now, cooldownMs })).toEqual({ allowed: true, continuedUntil: minutes(5) });
  });

  it('an ended hold waits the cooldown: hold_cooldown naming its rows, { minutes, until } of the last', () => {
    const ended = [
      { skuId: 3, holdEndsAt: minutes(-8) },
      { skuId: 1, holdEndsAt: minutes(-2.5) },
      { skuId: 2, holdEndsAt: minutes(4) },
    ];
    expect(heldItemsWait({ skuIds: [1, 2, 3], ended, now, cooldownMs })).toEqual({
      allowed: false,
      code: 'hold_cooldown',
      params: { minutes: 8, until: minutes(7.5).toISOString() },
      rows: [2, 0],
    });
  });

  it('ends exactly at now: the cooldown starts; once it is over the items are held again', () => {
    expect(heldItemsWait({ skuIds: [1], ended: [{ skuId: 1, holdEndsAt: now }], now, cooldownMs })).toMatchObject({
      allowed: false,
      params: { minutes: 10 },
    });
    expect(heldItemsWait({ skuIds: [1], ended: [{ skuId: 1, holdEndsAt: minutes(-10) }], now, cooldownMs })).toEqual({
      allowed: true,
      continuedUntil: null,
    });
  });

  it('no cooldown: an ended hold never waits', () => {
    expect(heldItemsWait({ skuIds: [1], ended: [{ skuId: 1, holdEndsAt: minutes(-1) }], now, cooldownMs: 0 })).toEqual({
      allowed: true,
      continuedUntil: null,
    });
  });
});

describe('holdValueLimitCents and holdValueRefusal', () => {
  it('the money on file that can pay plus the allowance for a typed card', () => {
    expect(holdValueLimitCents({ cardsCents: 10_000, balanceCents: 2_500, otherCardsCents: 25_000 })).toBe(37_500);
    // The balance counts only when that payment method is on, and never below zero.
    expect(holdValueLimitCents({ cardsCents: 10_000, balanceCents: null, otherCardsCents: 25_000 })).toBe(35_000);
    expect(holdValueLimitCents({ cardsCents: 0, balanceCents: -700, otherCardsCents: 25_000 })).toBe(25_000);
  });
  it('refuses an order worth more with hold_value_exceeded and { total, limit } as prices', () => {
    expect(holdValueRefusal({ totalCents: 25_000, limitCents: 25_000 })).toBeNull();
    expect(holdValueRefusal({ totalCents: 25_001, limitCents: 25_000 })).toEqual({
      code: 'hold_value_exceeded',
      params: { total: '$250.01', limit: '$250.00' },
    });
  });
});

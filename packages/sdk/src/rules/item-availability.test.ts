import { describe, expect, it } from 'vitest';
import { itemAvailability, type ItemAvailabilityInput } from './item-availability.js';

describe('itemAvailability', () => {
  it.each<[string, ItemAvailabilityInput, [number | null, number, number | null, string | null]]>([
    // name, input, [status, available, badReasonCode, flag]
    ['fine', { status: null, stock: 5 }, [null, 5, null, null]],
    ['undefined status is fine', { status: undefined, stock: 1 }, [null, 1, null, null]],
    ['no stock', { status: null, stock: 0 }, [1, 0, 1, 'outOfStock']],
    ['all reserved', { status: null, stock: 3, reserved: 3 }, [1, 0, 1, 'outOfStock']],
    [
      'over-reserved never goes below 0',
      { status: null, stock: 2, reserved: 5 },
      [1, 0, 1, 'outOfStock'],
    ],
    // The disagreement of issue 8: a stored 1 is out of stock even with stock left.
    ['stored 1 with stock is out of stock', { status: 1, stock: 9 }, [1, 9, 1, 'outOfStock']],
    ['inactive', { status: 0, stock: 9 }, [0, 9, 3, 'notAvailable']],
    ['discontinued', { status: -1, stock: 0 }, [-1, 0, 3, 'notAvailable']],
    [
      'not in the plan',
      { status: null, stock: 9, inPlan: false },
      [null, 9, 2, 'notSupportedByPlan'],
    ],
    ['in the plan', { status: null, stock: 9, inPlan: true }, [null, 9, null, null]],
    // Precedence: 3 > 2 > 1.
    [
      'inactive and not in the plan -> 3',
      { status: 0, stock: 0, inPlan: false },
      [0, 0, 3, 'notAvailable'],
    ],
    [
      'out of stock and not in the plan -> 2',
      { status: 1, stock: 0, inPlan: false },
      [1, 0, 2, 'notSupportedByPlan'],
    ],
    [
      'more wanted than available -> 1',
      { status: null, stock: 5, reserved: 2, amount: 4 },
      [null, 3, 1, 'outOfStock'],
    ],
    [
      'exactly what is available',
      { status: null, stock: 5, reserved: 2, amount: 3 },
      [null, 3, null, null],
    ],
  ])('%s', (_name, input, [status, available, badReasonCode, flag]) => {
    const result = itemAvailability(input);
    expect(result).toEqual({
      status,
      available,
      badReasonCode,
      flag,
      orderable: badReasonCode === null,
    });
  });

  it.each<[string, ItemAvailabilityInput, RegExp]>([
    ['an unknown status', { status: 2, stock: 1 }, /unknown item status 2/],
    ['a negative stock', { status: null, stock: -1 }, /stock must be an integer/],
    ['a fractional stock', { status: null, stock: 1.5 }, /stock/],
    ['a NaN reserved', { status: null, stock: 1, reserved: Number.NaN }, /reserved/],
    [
      'an amount of 0',
      { status: null, stock: 1, amount: 0 },
      /amount must be an integer of at least 1/,
    ],
    ['a stock given as text', { status: null, stock: '3' as unknown as number }, /stock/],
  ])('refuses %s', (_name, input, message) => {
    expect(() => itemAvailability(input)).toThrow(message);
  });
});

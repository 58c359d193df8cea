import { describe, expect, it } from 'vitest';
import { fromCents } from './from-cents.js';
import { toCents } from './to-cents.js';

describe('fromCents', () => {
  it.each([
    [1250, '12.50'],
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [2500, '25.00'],
    [-5, '-0.05'],
    [-300, '-3.00'],
    [123456789, '1234567.89'],
  ])('formats %i cents as %j', (cents, money) => {
    expect(fromCents(cents)).toBe(money);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('rejects %s', (cents) => {
    expect(() => fromCents(cents)).toThrow(TypeError);
  });

  it.each(['0.00', '12.50', '-7.05', '999.99'])('round-trips %j', (money) => {
    expect(fromCents(toCents(money))).toBe(money);
  });
});

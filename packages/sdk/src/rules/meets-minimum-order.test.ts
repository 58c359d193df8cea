import { describe, expect, it } from 'vitest';
import { checkMinimumOrder, meetsMinimumOrder } from './meets-minimum-order.js';

describe('checkMinimumOrder and meetsMinimumOrder', () => {
  it.each([
    ['25.00', '25.00', true, '0.00'],
    ['30.10', '25.00', true, '0.00'],
    ['24.99', '25.00', false, '0.01'],
    ['0.00', '25.00', false, '25.00'],
    ['10.5', '25', false, '14.50'],
    ['0.00', '0.00', true, '0.00'],
  ])('%j against %j -> %s, missing %j', (amount, minimum, ok, missing) => {
    const result = checkMinimumOrder(amount, minimum);
    expect(result.ok).toBe(ok);
    expect(result.missing).toBe(missing);
    expect(meetsMinimumOrder(amount, minimum)).toBe(ok);
  });

  it('defaults to the $25.00 setting and answers the minimum normalized', () => {
    expect(checkMinimumOrder('20.00')).toEqual({ ok: false, missing: '5.00', minimum: '25.00' });
    expect(checkMinimumOrder('1.00', '2').minimum).toBe('2.00');
    expect(meetsMinimumOrder('20.00')).toBe(false);
    expect(meetsMinimumOrder('25.00')).toBe(true);
  });

  it('answers a boolean, so an `if` on it is false under the minimum (it was an object)', () => {
    let passed = false;
    if (meetsMinimumOrder('1.00', '25.00')) passed = true;
    expect(passed).toBe(false);
    expect(typeof meetsMinimumOrder('1.00')).toBe('boolean');
  });
});

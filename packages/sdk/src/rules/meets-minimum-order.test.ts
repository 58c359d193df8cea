import { describe, expect, it } from 'vitest';
import { meetsMinimumOrder } from './meets-minimum-order.js';

describe('meetsMinimumOrder', () => {
  it.each([
    ['25.00', '25.00', true, '0.00'],
    ['30.10', '25.00', true, '0.00'],
    ['24.99', '25.00', false, '0.01'],
    ['0.00', '25.00', false, '25.00'],
    ['10.5', '25', false, '14.50'],
    ['0.00', '0.00', true, '0.00'],
  ])('%j against %j -> %s, missing %j', (amount, minimum, ok, missing) => {
    const result = meetsMinimumOrder(amount, minimum);
    expect(result.ok).toBe(ok);
    expect(result.missing).toBe(missing);
  });

  it('defaults to the $25.00 setting and answers the minimum normalized', () => {
    expect(meetsMinimumOrder('20.00')).toEqual({ ok: false, missing: '5.00', minimum: '25.00' });
    expect(meetsMinimumOrder('1.00', '2').minimum).toBe('2.00');
  });
});

import { describe, expect, it } from 'vitest';
import { toCents } from './to-cents.js';

describe('toCents', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.00', 0],
    ['0.01', 1],
    ['0.1', 10],
    ['25.00', 2500],
    ['-3.00', -300],
    ['-0.05', -5],
    ['-0.00', 0],
    [' 7.99 ', 799],
    ['1234567.89', 123456789],
  ])('parses %j as %i cents', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '12.345', '1,000.00', '$12.50', '.50', '12.', '+1.00', '1e3'])(
    'rejects %j',
    (input) => {
      expect(() => toCents(input)).toThrow(TypeError);
    },
  );

  it('rejects amounts beyond safe integers', () => {
    expect(() => toCents('99999999999999999.00')).toThrow(RangeError);
  });

  it('sums without float error (0.10 + 0.20)', () => {
    expect(toCents('0.10') + toCents('0.20')).toBe(toCents('0.30'));
  });
});

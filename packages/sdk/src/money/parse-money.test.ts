import { describe, expect, it } from 'vitest';
import { parseMoney } from './parse-money.js';

describe('parseMoney', () => {
  it.each([
    ['12.50', 1250],
    ['$12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['$1,234.50', 123450],
    ['1,000,000', 100000000],
    ['-3', -300],
    ['-$3.05', -305],
    [' 7.99 ', 799],
    ['0', 0],
    ['-0.00', 0],
  ])('%j -> %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each([
    '',
    ' ',
    '12.345',
    '1,00.00',
    '12,50',
    '$',
    'abc',
    '.5',
    '12.',
    '+1',
    '1e3',
    '$-1',
    '1 000',
  ])('refuses %j with a clear error', (text) => {
    expect(() => parseMoney(text)).toThrow(/parseMoney: ".*" is not an amount of money/);
  });

  it('refuses what is not text and amounts beyond safe integers', () => {
    expect(() => parseMoney(12 as unknown as string)).toThrow(/expected text/);
    expect(() => parseMoney('99999999999999999.00')).toThrow(RangeError);
  });
});

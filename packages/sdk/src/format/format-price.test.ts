import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price.js';

describe('formatPrice', () => {
  it.each<[string | number | null | undefined, string]>([
    ['12.50', '$12.50'],
    ['12.5', '$12.50'],
    ['12', '$12.00'],
    ['0.00', '$0.00'],
    ['0.05', '$0.05'],
    ['-5.00', '-$5.00'],
    ['1234.56', '$1,234.56'],
    ['1000000.00', '$1,000,000.00'],
    [12.5, '$12.50'],
    [0.1 + 0.2, '$0.30'],
    [19.999, '$20.00'],
    [0, '$0.00'],
    [null, ''],
    [undefined, ''],
    ['n/a', 'n/a'],
    ['12.345', '12.345'],
    [Number.NaN, 'NaN'],
  ])('%j -> %j', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });
});

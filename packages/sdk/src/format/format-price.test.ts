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
    [12.345, '$12.35'],
    [1.005, '$1.01'],
    [-2.5, '-$2.50'],
    [-0.001, '$0.00'],
    [0, '$0.00'],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  // Issue 8: '12.345' came back as '12.345', without "$".
  it.each<[string | number]>([
    ['12.345'],
    ['n/a'],
    [''],
    ['$12.50'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])('refuses %j with a clear error', (value) => {
    expect(() => formatPrice(value)).toThrow(
      /formatPrice: .*(not a money amount|not a finite amount)/,
    );
  });
});

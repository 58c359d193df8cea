import { describe, expect, it } from 'vitest';
import { formatCents } from './format-cents.js';

describe('formatCents', () => {
  it.each([
    [1250, '$12.50'],
    [5, '$0.05'],
    [0, '$0.00'],
    [-1, '-$0.01'],
    [100000, '$1,000.00'],
    [99999, '$999.99'],
  ])('%i -> %j', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('rejects non-integer cents', () => {
    expect(() => formatCents(1.5)).toThrow(TypeError);
  });
});

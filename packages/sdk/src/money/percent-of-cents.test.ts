import { describe, expect, it } from 'vitest';
import { percentOfCents } from './percent-of-cents.js';

describe('percentOfCents', () => {
  it.each([
    [1250, 10, 125],
    [1255, 10, 126], // 125.5 rounds half up
    [1254, 10, 125], // 125.4 rounds down
    [1245, 10, 125], // 124.5 rounds half up
    [5, 10, 1], // 0.5 -> 1
    [4, 10, 0],
    [0, 10, 0],
    [999, 0, 0],
    [999, 100, 999],
    [-1255, 10, -126],
  ])('%i cents at %i %% is %i', (cents, percent, expected) => {
    expect(percentOfCents(cents, percent)).toBe(expected);
  });

  it.each([-1, 101, 2.5, Number.NaN])('rejects percent %s', (percent) => {
    expect(() => percentOfCents(100, percent)).toThrow(RangeError);
  });

  it('rejects non-integer cents', () => {
    expect(() => percentOfCents(1.5, 10)).toThrow(TypeError);
  });
});

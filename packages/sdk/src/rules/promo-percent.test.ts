import { describe, expect, it } from 'vitest';
import { promoPercent } from './promo-percent.js';

/** The demo shop's promotions, as its settings give them. */
const promoPercents = { Welcome10: 10 };

describe('promoPercent', () => {
  it.each([
    ['Welcome10', 10],
    ['welcome10', 10],
    ['WeLcOmE10', 10],
    ['Welcome 10', 0],
    [null, 0],
    [undefined, 0],
    ['   ', 0],
  ])('%j -> %i', (code, percent) => {
    expect(promoPercent(code, promoPercents)).toBe(percent);
  });
});

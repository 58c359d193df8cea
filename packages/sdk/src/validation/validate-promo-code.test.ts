import { describe, expect, it } from 'vitest';
import { normalizePromoCode, validatePromoCode } from './validate-promo-code.js';

describe('validatePromoCode', () => {
  it.each([
    ['Welcome10', null],
    ['welcome10', null],
    ['SPRING-2025_X', null],
    ['', 'The code you entered is not valid.'],
    ['Welcome 10', 'The code you entered is not valid.'],
    // Outer whitespace is trimmed, as the cart facade and the server trim it (issue 20).
    [' Welcome10', null],
    ['Welcome10\t', null],
    ['  Welcome10  ', null],
    ['   ', 'The code you entered is not valid.'],
    ['Wel\tcome10', 'The code you entered is not valid.'],
    ['Welcome\u000010', 'The code you entered is not valid.'],
    ['x'.repeat(65), 'The code you entered is not valid.'],
    [null, 'The code you entered is not valid.'],
    [10, 'The code you entered is not valid.'],
  ])('%j -> %j', (value, message) => {
    expect(validatePromoCode(value)?.message ?? null).toBe(message);
  });
});

describe('normalizePromoCode', () => {
  it('trims the outer whitespace only', () => {
    expect(normalizePromoCode('  Welcome10\n')).toBe('Welcome10');
    expect(normalizePromoCode('Wel come')).toBe('Wel come');
    expect(normalizePromoCode(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { validatePromoCode } from './validate-promo-code.js';

describe('validatePromoCode', () => {
  it.each([
    ['Welcome10', null],
    ['welcome10', null],
    ['SPRING-2025_X', null],
    ['', 'The code you entered is not valid.'],
    ['Welcome 10', 'The code you entered is not valid.'],
    [' Welcome10', 'The code you entered is not valid.'],
    ['Welcome10\t', 'The code you entered is not valid.'],
    ['x'.repeat(65), 'The code you entered is not valid.'],
    [null, 'The code you entered is not valid.'],
    [10, 'The code you entered is not valid.'],
  ])('%j -> %j', (value, message) => {
    expect(validatePromoCode(value)?.message ?? null).toBe(message);
  });
});

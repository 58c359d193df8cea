import { describe, expect, it } from 'vitest';
import { isPasswordComplex, validatePassword } from './validate-password.js';
import { validatePasswordConfirmation } from './validate-password-confirmation.js';
import { validatePromoCode } from './validate-promo-code.js';

describe('validatePassword', () => {
  it.each([
    ['Abcdefg1', true],
    ['Secreto2024', true],
    ['Ñandú2024', true],
    ['Abcdef1', false], // 7 characters
    ['abcdefg1', false], // no uppercase
    ['ABCDEFG1', false], // no lowercase
    ['Abcdefgh', false], // no number
    ['        ', false],
  ])('%j complex: %s', (password, complex) => {
    expect(isPasswordComplex(password)).toBe(complex);
    expect(validatePassword(password)).toEqual(
      complex
        ? null
        : { code: 'passwordNotComplex', message: "Your password isn't complex enough" },
    );
  });

  it('empty passes (required decides); non-strings fail', () => {
    expect(validatePassword('')).toBeNull();
    expect(validatePassword(12345678)?.code).toBe('passwordNotComplex');
  });
});

describe('validatePasswordConfirmation', () => {
  it.each([
    ['Abcdefg1', 'Abcdefg1', null],
    ['Abcdefg1', 'abcdefg1', "Passwords don't match"],
    ['', 'Abcdefg1', "Passwords don't match"],
    ['Abcdefg1 ', 'Abcdefg1', "Passwords don't match"],
  ])('%j vs %j -> %j', (confirmation, password, message) => {
    expect(validatePasswordConfirmation(confirmation, password)?.message ?? null).toBe(message);
  });
});

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

import { describe, expect, it } from 'vitest';
import { isPasswordComplex, validatePassword } from './validate-password.js';

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
        : { code: 'password_not_complex', message: "Your password isn't complex enough" },
    );
  });

  it('empty passes (required decides); non-strings fail', () => {
    expect(validatePassword('')).toBeNull();
    expect(validatePassword(12345678)?.code).toBe('password_not_complex');
  });
});

import { describe, expect, it } from 'vitest';
import { validatePasswordConfirmation } from './validate-password-confirmation.js';

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

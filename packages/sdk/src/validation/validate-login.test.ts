import { describe, expect, it } from 'vitest';
import { loginKind, validateLogin } from './validate-login.js';

const WRONG = { code: 'wrong_format', message: 'This field has wrong format' };

describe('login (e-mail or phone)', () => {
  it.each([
    ['ana@example.com', 'email'],
    ['(555) 123-4567', 'phone'],
    ['15551234567', 'phone'],
    ['ana@example', null],
    ['ana', null],
    ['555', null],
  ])('%j is %j', (value, kind) => {
    expect(loginKind(value)).toBe(kind);
    expect(validateLogin(value)).toEqual(kind ? null : WRONG);
  });
  it('empty passes (required decides), non-strings fail', () => {
    expect(validateLogin('')).toBeNull();
    expect(validateLogin(5551234567)).toEqual(WRONG);
  });
});

import { describe, expect, it } from 'vitest';
import { normalizePhone } from './normalize-phone.js';
import { isEmail, validateEmail } from './validate-email.js';
import { loginKind, validateLogin } from './validate-login.js';
import { validatePhone } from './validate-phone.js';

const WRONG = { code: 'wrongFormat', message: 'This field has wrong format' };

describe('normalizePhone', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['15551234567', '5551234567'],
    ['+1 (555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    [' 555 123 4567 ', '5551234567'],
    ['555123456', null],
    ['25551234567', null],
    ['555123456789', null],
    ['555-CALL-NOW', null],
    ['', null],
    ['++15551234567', null],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('validatePhone', () => {
  it.each(['5551234567', '1 555 123 4567', 5551234567, '', null])('%j passes', (value) => {
    expect(validatePhone(value)).toBeNull();
  });
  it.each(['555123456', '25551234567', 'phone', {}, 12.5])('%j fails', (value) => {
    expect(validatePhone(value)).toEqual(WRONG);
  });
});

describe('validateEmail', () => {
  it.each([
    'ana@example.com',
    'ana.lopez+otc@mail.example.org',
    ' ana@example.com ',
    '',
    null,
    undefined,
  ])('%j passes', (value) => {
    expect(validateEmail(value)).toBeNull();
  });
  it.each([
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana @example.com',
    'ana@exa mple.com',
    'ana@-example.com',
    42,
  ])('%j fails', (value) => {
    expect(validateEmail(value)).toEqual(WRONG);
  });
  it('rejects addresses longer than 254 characters', () => {
    expect(
      isEmail(`${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`),
    ).toBe(true);
    expect(
      isEmail(`${'a'.repeat(64)}@${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(62)}.com`),
    ).toBe(false);
  });
});

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

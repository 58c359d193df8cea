import { describe, expect, it } from 'vitest';
import { isEmail, validateEmail } from './validate-email.js';

const WRONG = { code: 'wrong_format', message: 'This field has wrong format' };

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

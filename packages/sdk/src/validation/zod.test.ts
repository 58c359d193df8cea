import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { validateBirthdate } from './validate-date.js';
import {
  birthdateSchema,
  calendarDateSchema,
  cardCodeOfType,
  cardNumberOfType,
  cardNumberInRanges,
  cardNumberSchema,
  idParamSchema,
  linkSchema,
  optionalEmailSchema,
  passwordSchema,
  priceParamSchema,
  promoCodeSchema,
  refinePasswordConfirmation,
  textSchema,
  usPhoneSchema,
  zipCodeSchema,
} from './zod.js';
import { DEFAULT_CARD_RANGES } from '../constants/index.js';
import { balanceCheckInputSchema } from '../schemas/misc.js';

/** The first issue's message: a catalogue code for our checks, or null when the value passes. */
function firstCode(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'no message');
}

describe('zod/mini schemas from the validators', () => {
  it.each([
    [passwordSchema, 'Abcdefg1', null],
    [passwordSchema, 'abcdefg1', 'password_not_complex'],
    [passwordSchema, '', 'required'],
    [promoCodeSchema, 'Welcome10', null],
    [promoCodeSchema, 'Welcome 10', 'promo_code_invalid'],
    [promoCodeSchema, 'Welcome\u000010', 'promo_code_invalid'],
    [promoCodeSchema, '', 'promo_code_invalid'],
    [usPhoneSchema, '555 123 4567', null],
    [usPhoneSchema, '555', 'wrong_format'],
    [usPhoneSchema, '555 123 4567\u0000', 'wrong_format'],
    [linkSchema, 'https://example.com', null],
    [linkSchema, 'nope', 'invalid_url'],
    [optionalEmailSchema, '', null],
    [optionalEmailSchema, 'ana@example.com', null],
    [optionalEmailSchema, 'nope', 'wrong_format'],
    [zipCodeSchema, '12345', null],
    [zipCodeSchema, '1234', 'wrong_format'],
    [cardNumberSchema('network'), '6009 1234 5678 9012', null],
    [cardNumberSchema('s3'), '6009123456789012345', 'card_length_16_or_17'],
  ] as const)('%#: %j -> %j', (schema, value, code) => {
    expect(firstCode(schema.safeParse(value))).toBe(code);
  });

  it('normalizes phones and card numbers', () => {
    expect(usPhoneSchema.parse('+1 (555) 123-4567')).toBe('5551234567');
    expect(cardNumberSchema('national').parse('6009 1234 5678 9012')).toBe('6009123456789012');
  });

  it('puts a confirmation mismatch on the confirmation field', () => {
    const schema = z
      .object({ password: passwordSchema, passwordConfirmation: z.string() })
      .check(refinePasswordConfirmation());
    expect(
      schema.safeParse({ password: 'Abcdefg1', passwordConfirmation: 'Abcdefg1' }).success,
    ).toBe(true);
    const failed = schema.safeParse({ password: 'Abcdefg1', passwordConfirmation: 'Abcdefg2' });
    expect(failed.error?.issues).toEqual([
      expect.objectContaining({ path: ['passwordConfirmation'], message: 'passwords_dont_match' }),
    ]);
  });

  it('supports other field names', () => {
    const schema = z
      .object({ next: z.string(), again: z.string() })
      .check(refinePasswordConfirmation('next', 'again'));
    expect(schema.safeParse({ next: 'a', again: 'b' }).error?.issues[0]?.path).toEqual(['again']);
  });

  it('checks a card number by the type next to it', () => {
    const schema = z
      .object({ type: z.enum(['network', 'national', 's3']), number: z.string() })
      .check(cardNumberOfType());
    expect(schema.safeParse({ type: 's3', number: '6035000000000000019' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['number'], message: 'card_length_16_or_17' }),
    ]);
    expect(schema.safeParse({ type: 'network', number: '6035 0000 0000 0000 019' }).success).toBe(
      true,
    );
  });

  it('names the type whose range a whole number is in, on the number, with the ranges given (issue 33)', () => {
    const schema = balanceCheckInputSchema.check(cardNumberInRanges(DEFAULT_CARD_RANGES));
    const typed = { type: 'national', number: '6035 0000 0000 0101', code: '123' };
    expect(schema.safeParse(typed).error?.issues).toEqual([
      expect.objectContaining({ path: ['number'], message: 'card_number_is_network' }),
    ]);
    expect(schema.safeParse({ ...typed, type: 'network' }).success).toBe(true);
    // The contract's own schema knows no ranges: the API checks them from its settings.
    expect(balanceCheckInputSchema.safeParse(typed).success).toBe(true);
  });

  it('checks a security code\'s length by the card type next to it (network and national: 3)', () => {
    const schema = z
      .object({ type: z.enum(['network', 'national', 's3']), code: z.string() })
      .check(cardCodeOfType());
    expect(schema.safeParse({ type: 'network', code: '1234' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['code'], message: 'security_code_3_digits' }),
    ]);
    expect(schema.safeParse({ type: 'national', code: '123' }).success).toBe(true);
    // S3 takes 3 or 4; an empty code is the required check's.
    expect(schema.safeParse({ type: 's3', code: '1234' }).success).toBe(true);
    expect(schema.safeParse({ type: 'network', code: '' }).success).toBe(true);
  });
});

describe('bounds', () => {
  it('keeps ids in a path within int4', () => {
    expect(idParamSchema.safeParse('2147483647').data).toBe(2147483647);
    for (const bad of ['2147483648', '0', '-1', '1.5', 'abc', '', '1e300', 'Infinity']) {
      expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('keeps prices in a query finite and within int4 cents', () => {
    expect(priceParamSchema.safeParse('21474836.47').success).toBe(true);
    for (const bad of ['21474837', '1e300', 'Infinity', '-1', 'NaN', 'abc']) {
      expect(priceParamSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses NUL and overlong text, and blank text unless empty is allowed', () => {
    const name = textSchema({ max: 5 });
    expect(name.parse('  Ana ')).toBe('Ana');
    expect(name.safeParse('A\u0000a').error?.issues[0]?.message).toBe('wrong_format');
    expect(name.safeParse('Anastasia').error?.issues[0]).toMatchObject({
      code: 'too_big',
      maximum: 5,
    });
    expect(name.safeParse('   ').error?.issues[0]).toMatchObject({ code: 'too_small' });
    expect(textSchema({ max: 5, min: 0 }).parse('')).toBe('');
  });
});

describe('dates', () => {
  it.each([
    ['2024-02-29', null],
    ['2023-02-29', 'invalid_date'],
    ['2024-02-30', 'invalid_date'],
    ['2024-13-01', 'invalid_date'],
    ['0000-00-00', 'invalid_date'],
    ['2024-04-31', 'invalid_date'],
    ['29/02/1960', 'wrong_format'],
    ['', 'required'],
  ] as const)('calendar date %j -> %j', (value, code) => {
    expect(firstCode(calendarDateSchema.safeParse(value))).toBe(code);
  });

  it('takes a birthdate from 1900 on, of someone 18 or older', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    expect(firstCode(birthdateSchema.safeParse('1960-02-29'))).toBeNull();
    expect(firstCode(birthdateSchema.safeParse('1900-01-01'))).toBeNull();
    expect(firstCode(birthdateSchema.safeParse(tomorrow))).toBe('date_not_past');
    expect(firstCode(birthdateSchema.safeParse(today))).toBe('date_not_past');
    // 1850 exists: it is too early, said as such; 2020 is a child (the terms ask 18 or older).
    expect(firstCode(birthdateSchema.safeParse('1899-12-31'))).toBe('birth_year_too_early');
    expect(firstCode(birthdateSchema.safeParse('1850-06-01'))).toBe('birth_year_too_early');
    expect(firstCode(birthdateSchema.safeParse('2020-06-01'))).toBe('must_be_adult');
    expect(firstCode(birthdateSchema.safeParse('2024-02-30'))).toBe('invalid_date');
  });

  it('is 18 on the birthday itself, not the day before', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(validateBirthdate('2008-05-10', now)).toBeNull();
    expect(validateBirthdate('2008-05-11', now)?.code).toBe('must_be_adult');
    expect(validateBirthdate('2008-05-11', now)?.message).toBe('You must be 18 or older to shop here.');
    expect(validateBirthdate('1850-05-11', now)?.message).toBe('Enter a year from 1900 on.');
    // Born on 29 February: 18 on 1 March of a year without one.
    expect(validateBirthdate('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBeNull();
    expect(validateBirthdate('2008-02-29', new Date('2026-02-28T12:00:00Z'))?.code).toBe('must_be_adult');
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardNumberSchema,
  linkSchema,
  passwordSchema,
  promoCodeSchema,
  refinePasswordConfirmation,
  usPhoneSchema,
  zipCodeSchema,
} from './zod.js';

function firstMessage(result: { success: boolean; error?: z.ZodError }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'no message');
}

describe('zod helpers', () => {
  it.each([
    [passwordSchema, 'Abcdefg1', null],
    [passwordSchema, 'abcdefg1', "Your password isn't complex enough"],
    [passwordSchema, '', 'Required'],
    [promoCodeSchema, 'Welcome10', null],
    [promoCodeSchema, 'Welcome 10', 'The code you entered is not valid.'],
    [promoCodeSchema, '', 'The code you entered is not valid.'],
    [usPhoneSchema, '555 123 4567', null],
    [usPhoneSchema, '555', 'This field has wrong format'],
    [linkSchema, 'https://example.com', null],
    [linkSchema, 'nope', 'This link doesn\u2019t look like a correct URL'],
    [zipCodeSchema, '12345', null],
    [zipCodeSchema, '1234', 'This field has wrong format'],
    [cardNumberSchema('network'), '6009 1234 5678 9012', null],
    [
      cardNumberSchema('s3'),
      '6009123456789012345',
      'Your card number should be of 16 or 17 digits',
    ],
  ] as const)('%#: %j -> %j', (schema, value, message) => {
    expect(firstMessage(schema.safeParse(value))).toBe(message);
  });

  it('carries the stable code in the issue params', () => {
    const result = passwordSchema.safeParse('weak');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ params: { code: 'passwordNotComplex' } });
  });

  it('normalizes phones and card numbers', () => {
    expect(usPhoneSchema.parse('+1 (555) 123-4567')).toBe('5551234567');
    expect(cardNumberSchema('national').parse('6009 1234 5678 9012')).toBe('6009123456789012');
  });

  it('puts a confirmation mismatch on the confirmation field', () => {
    const schema = z
      .object({ password: passwordSchema, passwordConfirmation: z.string() })
      .superRefine(refinePasswordConfirmation());
    expect(
      schema.safeParse({ password: 'Abcdefg1', passwordConfirmation: 'Abcdefg1' }).success,
    ).toBe(true);
    const failed = schema.safeParse({ password: 'Abcdefg1', passwordConfirmation: 'Abcdefg2' });
    expect(failed.error?.issues).toEqual([
      expect.objectContaining({ path: ['passwordConfirmation'], message: "Passwords don't match" }),
    ]);
  });

  it('supports other field names', () => {
    const schema = z
      .object({ next: z.string(), again: z.string() })
      .superRefine(refinePasswordConfirmation('next', 'again'));
    expect(schema.safeParse({ next: 'a', again: 'b' }).error?.issues[0]?.path).toEqual(['again']);
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorText } from '../errors/catalogue.js';
import { fieldIssueFromZod } from './field-issue.js';
import { maxKeys, passwordSchema, textSchema, usPhoneSchema } from './zod.js';

function issuesOf(schema: z.ZodMiniType, value: unknown, reportInput = true) {
  const result = schema.safeParse(value, { reportInput });
  return (result.error?.issues ?? []).map((found) => ({
    path: found.path.join('.'),
    ...fieldIssueFromZod(found),
  }));
}

describe('fieldIssueFromZod', () => {
  const form = z.object({
    name: textSchema({ max: 5 }),
    phone: usPhoneSchema,
    password: passwordSchema,
    age: z.int(),
  });

  it('maps each zod issue to one catalogue code', () => {
    expect(
      issuesOf(form, { name: 'Anastasia', phone: '555', password: 'weak', age: 'x' }),
    ).toEqual([
      { path: 'name', code: 'too_long', params: { max: 5 } },
      { path: 'phone', code: 'wrong_format' },
      { path: 'password', code: 'password_not_complex' },
      { path: 'age', code: 'wrong_format' },
    ]);
    expect(issuesOf(form, { name: ' ', phone: '5551234567', password: 'Abcdefg1', age: 1 })).toEqual(
      [{ path: 'name', code: 'not_blank' }],
    );
  });

  it('answers a list or a record over its bound with too_many_items and the bound', () => {
    expect(issuesOf(z.object({ rows: z.array(z.int()).check(z.maxLength(2)) }), { rows: [1, 2, 3] })).toEqual([
      { path: 'rows', code: 'too_many_items', params: { max: 2 } },
    ]);
    expect(issuesOf(z.record(z.string(), z.string()).check(maxKeys(1)), { a: 'x', b: 'y' })).toEqual([
      { path: '', code: 'too_many_items', params: { max: 1 } },
    ]);
  });

  it('tells a missing value (required) from a wrong one', () => {
    expect(issuesOf(form, { phone: '5551234567', password: 'Abcdefg1', age: null })).toEqual([
      { path: 'name', code: 'required' },
      { path: 'age', code: 'required' },
    ]);
    // Without the input, zod's English text "received undefined" still tells it.
    expect(
      fieldIssueFromZod({
        code: 'invalid_type',
        message: 'Invalid input: expected string, received undefined',
      }),
    ).toEqual({ code: 'required' });
    expect(fieldIssueFromZod({ code: 'invalid_type', message: 'Invalid input' })).toEqual({
      code: 'wrong_format',
    });
  });

  it('an empty string where a format is asked is required, not a wrong format', () => {
    const code = z.object({ code: z.string().check(z.trim(), z.regex(/^\d{3,4}$/)) });
    expect(issuesOf(code, { code: '' })).toEqual([{ path: 'code', code: 'required' }]);
    expect(issuesOf(code, { code: '  ' })).toEqual([{ path: 'code', code: 'required' }]);
    expect(issuesOf(code, { code: '12' })).toEqual([{ path: 'code', code: 'wrong_format' }]);
  });

  it('keeps the params of a check of ours and gives texts through the catalogue', () => {
    const found = fieldIssueFromZod({ code: 'custom', message: 'minimum_order', params: { qty: '$25.00' } });
    expect(found).toEqual({ code: 'minimum_order', params: { qty: '$25.00' } });
    expect(errorText(found.code, 'es', found.params)).toBe('Pedido mínimo de $25.00.');
    expect(errorText('too_long', 'en', { max: 5 })).toBe(
      'This value is too long (at most 5 characters).',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { fieldIssueFromZod } from '../validation/field-issue.js';
import { isCardCodeOfType } from './customer.js';
import { paymentInputSchema } from './order.js';
import { promoPercentsFrom, settingsSchema } from './settings.js';

describe('paymentInputSchema', () => {
  it('takes a card number with or without its security code', () => {
    expect(
      paymentInputSchema.parse({ code: 'trnsx', input: { card: '6035000000000001', code: '123' } }),
    ).toEqual({
      code: 'trnsx',
      input: { card: '6035000000000001', code: '123' },
    });
    expect(
      paymentInputSchema.parse({ code: 'nationsbenefits', input: { card: '6036000000001001' } })
        .input,
    ).toEqual({
      card: '6036000000001001',
    });
    expect(
      paymentInputSchema.parse({ code: 'trnsx', input: { card: '6035000000000001', code: '' } })
        .input.code,
    ).toBe('');
    expect(paymentInputSchema.parse({ code: 'balance' }).input).toEqual({});
  });

  it('checks the security code per card type (network and national 3 digits)', () => {
    for (const [method, code] of [
      ['trnsx', '1234'],
      ['trnsx', '12'],
      ['nationsbenefits', '12a'],
      ['nationsbenefits', '4567'],
    ] as const) {
      const result = paymentInputSchema.safeParse({
        code: method,
        input: { card: '6035000000000001', code },
      });
      expect(result.success, `${method} ${code}`).toBe(false);
      const issue = result.error!.issues[0]!;
      expect(issue.path).toEqual(['input', 'code']);
      expect(fieldIssueFromZod(issue)).toEqual({ code: 'wrong_format' });
    }
  });

  it('knows the code lengths of every card type', () => {
    expect(isCardCodeOfType('123', 'network')).toBe(true);
    expect(isCardCodeOfType(' 456 ', 'national')).toBe(true);
    expect(isCardCodeOfType('1234', 'network')).toBe(false);
    expect(isCardCodeOfType('1234', 's3')).toBe(true);
    expect(isCardCodeOfType('789', 's3')).toBe(true);
    expect(isCardCodeOfType('12345', 's3')).toBe(false);
    expect(isCardCodeOfType('', 's3')).toBe(false);
  });
});

describe('settings promotions', () => {
  it('are code and percent 1..100, turned into the percents estimateTotals takes', () => {
    const promotions = [
      { code: 'Welcome10', percent: 10 },
      { code: 'Spring20', percent: 20 },
    ];
    expect(promoPercentsFrom(promotions)).toEqual({ Welcome10: 10, Spring20: 20 });
    expect(promoPercentsFrom(undefined)).toEqual({});
    expect(promoPercentsFrom([])).toEqual({});
    const shape = settingsSchema.shape.promotions;
    expect(shape.safeParse(promotions).success).toBe(true);
    expect(shape.safeParse([{ code: 'Zero', percent: 0 }]).success).toBe(false);
    expect(shape.safeParse([{ code: 'Big', percent: 101 }]).success).toBe(false);
    expect(shape.safeParse([{ code: 'Half', percent: 2.5 }]).success).toBe(false);
  });
});

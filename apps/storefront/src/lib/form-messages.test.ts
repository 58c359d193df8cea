import { describe, expect, it } from 'vitest';
import { errorText } from '@otc/sdk';
import { failureLines } from './form-messages';
import type { SdkQueryError } from './api';

const name = (field: string) => ({ card: 'Card number', 'input.code': 'Security code' })[field] ?? field;

describe('failureLines', () => {
  it('leaves out "The given data was invalid." when a field says why (en and es)', () => {
    const refused: SdkQueryError = {
      status: 422,
      code: 'validation_failed',
      message: 'The given data was invalid.',
      fieldCodes: { card: { code: 'enter_card_number' } },
    };
    expect(failureLines('en', refused, name)).toEqual([`Card number: ${errorText('enter_card_number', 'en')}`]);
    const es = failureLines('es', refused, name);
    expect(es).toEqual([`Card number: ${errorText('enter_card_number', 'es')}`]);
    expect(es.join()).not.toContain(errorText('validation_failed', 'es'));
  });

  it('says the general reason when no field does', () => {
    const refused: SdkQueryError = { status: 422, code: 'validation_failed', message: 'The given data was invalid.' };
    expect(failureLines('en', refused, name)).toEqual([errorText('validation_failed', 'en')]);
  });

  it('keeps a specific reason above the fields it names', () => {
    const refused: SdkQueryError = {
      status: 422,
      code: 'order_payment_time_over',
      message: 'x',
      fieldCodes: { 'input.code': { code: 'wrong_format' } },
    };
    const lines = failureLines('en', refused, name);
    expect(lines[0]).toBe(errorText('order_payment_time_over', 'en'));
    expect(lines[1]).toBe(`Security code: ${errorText('wrong_format', 'en')}`);
  });
});

import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_CODES } from '../constants/index.js';
import { isCardPaymentMethod, STATUS_AFTER_PAYMENT, statusAfterPayment } from './payment-status.js';

describe('status after payment', () => {
  it.each([
    ['trnsx', -5, true],
    ['nationsbenefits', -5, true],
    ['prohealth', -5, true],
    ['credit', -5, true],
    ['balance', 1, false],
  ])('%s -> %i', (method, status, card) => {
    expect(statusAfterPayment(method)).toBe(status);
    expect(isCardPaymentMethod(method)).toBe(card);
  });

  it('covers every payment method', () => {
    expect(Object.keys(STATUS_AFTER_PAYMENT).sort()).toEqual([...PAYMENT_METHOD_CODES].sort());
  });

  it.each(['', 'cash', 'TRNSX', 'toString'])('refuses the unknown method %j', (method) => {
    expect(() => statusAfterPayment(method)).toThrow(/unknown payment method/);
  });
});

import { describe, expect, it } from 'vitest';
import { isPaymentInputValid, type PaymentInputContext } from './is-payment-input-valid.js';

const ACTIVE = { active: true };
const INACTIVE = { active: false };

describe('isPaymentInputValid', () => {
  it.each<[string, PaymentInputContext | undefined, string | null]>([
    // trnsx / nationsbenefits: 16 or 19 characters once spaces are removed
    ['trnsx', { card: '6009123456789012' }, null],
    ['trnsx', { card: '6009 1234 5678 9012' }, null],
    ['trnsx', { card: '6009 1234 5678 9012 345' }, null],
    ['trnsx', { card: '60091234567890123' }, 'enterCardNumber'],
    ['trnsx', { card: '600912345678901' }, 'enterCardNumber'],
    ['trnsx', { card: '' }, 'enterCardNumber'],
    ['trnsx', {}, 'enterCardNumber'],
    ['trnsx', undefined, 'enterCardNumber'],
    ['trnsx', { card: 'abcdefghijklmnop' }, 'enterCardNumber'],
    ['nationsbenefits', { card: '6009123456789012345' }, null],
    ['nationsbenefits', { card: '6009-1234-5678-9012' }, 'enterCardNumber'],
    ['nationsbenefits', { card: null }, 'enterCardNumber'],
    // balance: balance >= estimated total
    ['balance', { balance: '30.00', estimatedTotal: '25.00' }, null],
    ['balance', { balance: '25.00', estimatedTotal: '25.00' }, null],
    ['balance', { balance: '24.99', estimatedTotal: '25.00' }, 'notEnoughBalance'],
    ['balance', { estimatedTotal: '0.01' }, 'notEnoughBalance'],
    ['balance', { estimatedTotal: '0.00' }, null],
    ['balance', { balance: 'lots', estimatedTotal: '1.00' }, 'notEnoughBalance'],
    ['balance', { balance: '100.00' }, 'totalUnknown'],
    ['balance', { balance: '100.00', estimatedTotal: 'n/a' }, 'totalUnknown'],
    // prohealth: an active insurance card
    ['prohealth', { activeInsuranceCard: ACTIVE }, null],
    ['prohealth', { activeInsuranceCard: true }, null],
    ['prohealth', { activeInsuranceCard: INACTIVE }, 'noActiveCard'],
    ['prohealth', { activeInsuranceCard: false }, 'noActiveCard'],
    ['prohealth', { activeInsuranceCard: null }, 'noActiveCard'],
    ['prohealth', {}, 'noActiveCard'],
    // credit: 13 to 19 digits with a valid Luhn check digit
    ['credit', { card: '4111 1111 1111 1111' }, null],
    ['credit', { card: '378282246310005' }, null],
    ['credit', { card: '4222222222222' }, null],
    ['credit', { card: '4111111111111112' }, 'invalidCardNumber'],
    ['credit', { card: '4111 1111 11' }, 'invalidCardNumber'],
    ['credit', { card: '41111111111111111111' }, 'invalidCardNumber'],
    ['credit', { card: '   ' }, 'enterCardNumber'],
    ['credit', {}, 'enterCardNumber'],
    // anything else
    ['cash', { card: '6009123456789012' }, 'unknownMethod'],
  ])('%s %j -> %j', (method, input, reason) => {
    const result = isPaymentInputValid(method, input);
    expect(result.valid).toBe(reason === null);
    expect(result.reason).toBe(reason);
  });

  it.each([
    [
      'balance',
      { balance: '1.00', estimatedTotal: '2.00' },
      "You don't have enough funds to pay for this order",
    ],
    ['prohealth', {}, 'No active card found.'],
    ['trnsx', {}, 'Enter the card number'],
    ['credit', { card: '1234567890123' }, 'Your card number is not valid'],
    ['balance', {}, 'The order total is not known yet'],
    ['x', {}, 'Payment methods are not available. Please try again later.'],
  ] as const)('%s gives the message %j', (method, input, message) => {
    expect(isPaymentInputValid(method, input).message).toBe(message);
  });

  it('gives no message when valid', () => {
    expect(isPaymentInputValid('prohealth', { activeInsuranceCard: true }).message).toBeNull();
  });
});

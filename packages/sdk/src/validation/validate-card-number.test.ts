import { describe, expect, it } from 'vitest';
import { cardLengthCode, isCardNumberValid, validateCardNumber } from './validate-card-number.js';

const D16 = '6009123456789012';

const D17 = '60091234567890123';

const D19 = '6009123456789012345';

describe('validateCardNumber', () => {
  it.each([
    ['network', D16, null],
    ['network', D19, null],
    ['network', D17, 'Your card number should be of 16 or 19 digits'],
    ['network', '6009 1234 5678 9012', null],
    ['national', D16, null],
    ['national', D19, null],
    ['national', '600912345678901', 'Your card number should be of 16 or 19 digits'],
    ['s3', D16, null],
    ['s3', D17, null],
    ['s3', D19, 'Your card number should be of 16 or 17 digits'],
    ['s3', '6009 1234 5678 9012 3', null],
    ['network', '6009-1234-5678-9012', 'Your card number should be of 16 or 19 digits'],
    ['network', 'abcdabcdabcdabcd', 'Your card number should be of 16 or 19 digits'],
    ['network', '', null],
    ['s3', null, null],
  ] as const)('%s %j -> %j', (type, value, message) => {
    expect(validateCardNumber(value, type)?.message ?? null).toBe(message);
  });

  it('accepts a number value', () => {
    expect(validateCardNumber(6009123456789012, 'network')).toBeNull();
    expect(validateCardNumber({}, 'network')?.code).toBe('card_length_16_or_19');
  });

  it.each([
    ['network', 'card_length_16_or_19'],
    ['national', 'card_length_16_or_19'],
    ['s3', 'card_length_16_or_17'],
  ] as const)('%s uses %s', (type, code) => {
    expect(cardLengthCode(type)).toBe(code);
    expect(isCardNumberValid('1', type)).toBe(false);
  });
});

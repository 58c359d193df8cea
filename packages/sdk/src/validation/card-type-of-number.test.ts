import { describe, expect, it } from 'vitest';
import { DEFAULT_CARD_RANGES, type CardRanges } from '../constants/index.js';
import { errorText } from '../errors/catalogue.js';
import {
  cardTypeOfNumber,
  cardTypesOfNumber,
  validateCardType,
} from './card-type-of-number.js';

describe('cardTypeOfNumber (issue 33: the type comes from the number)', () => {
  it.each([
    ['6035 0000 0000 0101', 'network'],
    ['6036000000001001', 'national'],
    ['60370000000000017', 's3'],
    ['6035', 'network'],
    // Too few digits, another issuer's or not digits: a choice remains.
    ['603', null],
    ['', null],
    ['4242424242424242', null],
    ['6035-0000', null],
  ] as const)('%j -> %s', (number, type) => {
    expect(cardTypeOfNumber(number, DEFAULT_CARD_RANGES)).toBe(type);
  });

  it('reads the ranges it is given (the settings), and leaves the choice when they overlap', () => {
    const ranges: CardRanges = { network: ['5000', '6035'], national: ['50001'], s3: [] };
    expect(cardTypeOfNumber('5000 1234 5678 9012', ranges)).toBeNull();
    expect(cardTypesOfNumber('5000 1234 5678 9012', ranges)).toEqual(['network', 'national']);
    expect(cardTypeOfNumber('5000 2234 5678 9012', ranges)).toBe('network');
    expect(cardTypeOfNumber('6037 0000 0000 0001', ranges)).toBeNull();
  });
});

describe('validateCardType', () => {
  it('names the type of a good network card when National was chosen, in both languages', () => {
    const found = validateCardType('6035 0000 0000 0101', 'national', DEFAULT_CARD_RANGES);
    expect(found?.code).toBe('card_number_is_network');
    expect(errorText(found!.code, 'en')).toBe('This is a Network benefit card number. Choose that card type.');
    expect(errorText(found!.code, 'es')).toBe(
      'Este es un número de tarjeta de beneficios de red. Elija ese tipo de tarjeta.',
    );
  });

  it.each([
    ['6036000000000001', 'network', 'card_number_is_national'],
    ['6037000000000001', 'national', 'card_number_is_s3'],
    ['6035000000000001', 's3', 'card_number_is_network'],
  ] as const)('%s chosen as %s -> %s', (number, chosen, code) => {
    expect(validateCardType(number, chosen, DEFAULT_CARD_RANGES)?.code).toBe(code);
  });

  it.each([
    // The right type, a number no range knows, or a length the length check refuses first.
    ['6035000000000001', 'network'],
    ['7000000000000001', 'national'],
    ['6035 0000', 'national'],
    ['60350000000000017', 'national'],
  ] as const)('%s as %s passes', (number, chosen) => {
    expect(validateCardType(number, chosen, DEFAULT_CARD_RANGES)).toBeNull();
  });
});

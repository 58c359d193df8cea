import { describe, expect, it } from 'vitest';
import { isLuhnValid } from './luhn.js';

describe('isLuhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['5555555555554444', true],
    ['79927398713', true],
    ['79927398710', false],
    ['4111 1111 1111 1111', false],
    ['', false],
  ])('%j -> %s', (digits, valid) => {
    expect(isLuhnValid(digits)).toBe(valid);
  });
});

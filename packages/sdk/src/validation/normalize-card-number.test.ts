import { describe, expect, it } from 'vitest';
import { normalizeCardNumber } from './normalize-card-number.js';

describe('normalizeCardNumber', () => {
  it.each([
    ['6009123456789012', '6009123456789012'],
    ['6009 1234 5678 9012', '6009123456789012'],
    [' 6009 1234\t5678 9012 ', '6009123456789012'],
    ['6009  1234', '60091234'],
    ['6009-1234', '6009-1234'], // only spaces are ignored
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeCardNumber(input)).toBe(expected);
  });
});

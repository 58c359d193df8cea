import { describe, expect, it } from 'vitest';
import { normalizePhone } from './normalize-phone.js';

describe('normalizePhone', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['15551234567', '5551234567'],
    ['+1 (555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    [' 555 123 4567 ', '5551234567'],
    ['555123456', null],
    ['25551234567', null],
    ['555123456789', null],
    ['555-CALL-NOW', null],
    ['', null],
    ['++15551234567', null],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

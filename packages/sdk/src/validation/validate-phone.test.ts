import { describe, expect, it } from 'vitest';
import { validatePhone } from './validate-phone.js';

const WRONG = { code: 'wrong_format', message: 'This field has wrong format' };

describe('validatePhone', () => {
  it.each(['5551234567', '1 555 123 4567', 5551234567, '', null])('%j passes', (value) => {
    expect(validatePhone(value)).toBeNull();
  });
  it.each(['555123456', '25551234567', 'phone', {}, 12.5])('%j fails', (value) => {
    expect(validatePhone(value)).toEqual(WRONG);
  });
});

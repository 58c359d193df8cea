import { describe, expect, it } from 'vitest';
import { validateLength11 } from './validate-length-11.js';

describe('validateLength11', () => {
  it.each(['12345678901', 'abcdefghijk', 'ñññññññññññ', 12345678901, '', null])(
    '%j passes',
    (value) => {
      expect(validateLength11(value)).toBeNull();
    },
  );
  it.each(['1234567890', '123456789012', 1234, {}, true])('%j fails', (value) => {
    expect(validateLength11(value)).toEqual({
      code: 'length_11',
      message: 'This value should have 11 characters',
    });
  });
});

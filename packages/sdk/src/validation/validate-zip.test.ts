import { describe, expect, it } from 'vitest';
import { validateZip } from './validate-zip.js';

describe('validateZip', () => {
  it.each(['12345', '12345-6789', ' 90210 ', '', null, 12345])('%j passes', (value) => {
    expect(validateZip(value)).toBeNull();
  });
  it.each(['1234', '123456', '12345-678', 'ABCDE', '12345 6789', {}])(
    '%j is wrong format',
    (value) => {
      expect(validateZip(value)?.code).toBe('wrong_format');
    },
  );
});

import { describe, expect, it } from 'vitest';
import { validateRequired } from './validate-required.js';

describe('validateRequired', () => {
  it.each([null, undefined, '', []])('%j is "Required"', (value) => {
    expect(validateRequired(value)).toEqual({ code: 'required', message: 'Required' });
  });
  it.each(['a', ' ', 0, false, ['x']])('%j passes', (value) => {
    expect(validateRequired(value)).toBeNull();
  });
});

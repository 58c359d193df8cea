import { describe, expect, it } from 'vitest';
import { validateNotBlank } from './validate-not-blank.js';

describe('validateNotBlank', () => {
  it.each([null, undefined, '', '   ', '\t\n', []])('%j is blank', (value) => {
    expect(validateNotBlank(value)).toEqual({
      code: 'not_blank',
      message: 'This value should not be blank.',
    });
  });
  it.each(['a', ' a ', 0])('%j passes', (value) => {
    expect(validateNotBlank(value)).toBeNull();
  });
});

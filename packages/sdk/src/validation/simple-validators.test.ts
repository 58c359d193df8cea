import { describe, expect, it } from 'vitest';
import { isEmpty } from './is-empty.js';
import { validateLength11 } from './validate-length-11.js';
import { validateNotBlank } from './validate-not-blank.js';
import { validateRequired } from './validate-required.js';
import { validateZip } from './validate-zip.js';

describe('isEmpty', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    [[], true],
    [' ', false],
    [0, false],
    [false, false],
    [['a'], false],
  ])('%j -> %s', (value, expected) => {
    expect(isEmpty(value)).toBe(expected);
  });
});

describe('validateRequired', () => {
  it.each([null, undefined, '', []])('%j is "Required"', (value) => {
    expect(validateRequired(value)).toEqual({ code: 'required', message: 'Required' });
  });
  it.each(['a', ' ', 0, false, ['x']])('%j passes', (value) => {
    expect(validateRequired(value)).toBeNull();
  });
});

describe('validateNotBlank', () => {
  it.each([null, undefined, '', '   ', '\t\n', []])('%j is blank', (value) => {
    expect(validateNotBlank(value)).toEqual({
      code: 'notBlank',
      message: 'This value should not be blank.',
    });
  });
  it.each(['a', ' a ', 0])('%j passes', (value) => {
    expect(validateNotBlank(value)).toBeNull();
  });
});

describe('validateLength11', () => {
  it.each(['12345678901', 'abcdefghijk', 'ñññññññññññ', 12345678901, '', null])(
    '%j passes',
    (value) => {
      expect(validateLength11(value)).toBeNull();
    },
  );
  it.each(['1234567890', '123456789012', 1234, {}, true])('%j fails', (value) => {
    expect(validateLength11(value)).toEqual({
      code: 'length11',
      message: 'This value should have 11 characters',
    });
  });
});

describe('validateZip', () => {
  it.each(['12345', '12345-6789', ' 90210 ', '', null, 12345])('%j passes', (value) => {
    expect(validateZip(value)).toBeNull();
  });
  it.each(['1234', '123456', '12345-678', 'ABCDE', '12345 6789', {}])(
    '%j is wrong format',
    (value) => {
      expect(validateZip(value)?.code).toBe('wrongFormat');
    },
  );
});

import { describe, expect, it } from 'vitest';
import { isEmpty } from './is-empty.js';

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

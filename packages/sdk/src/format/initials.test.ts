import { describe, expect, it } from 'vitest';
import { initials } from './initials.js';

describe('initials', () => {
  it.each<[string | null | undefined, string]>([
    ['Ana Lopez', 'AL'],
    ['ana lopez', 'AL'],
    ['Ana María López', 'AM'],
    ['  Ana   Lopez  ', 'AL'],
    ['ana', 'AN'],
    ['A', 'A'],
    ['Ñandú Ávila', 'ÑÁ'],
    ['ángel', 'ÁN'],
    ['(Ana) - Lopez', 'AL'],
    ['ana@example.com', 'AN'],
    ['5551234567', '55'],
    ['---', ''],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

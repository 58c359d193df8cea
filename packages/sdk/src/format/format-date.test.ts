import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.js';

// ICU versions differ in the space before AM/PM (U+0020 or U+202F): compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatDate', () => {
  it.each([
    ['2024-02-03', 'en', {}, 'Feb 3, 2024'],
    ['2024-02-03', 'es', {}, '3 feb 2024'],
    ['2024-02-03', 'es-US', {}, '3 feb 2024'],
    ['2024-02-03', 'en', { timeZone: 'America/Los_Angeles' }, 'Feb 3, 2024'],
    ['2024-02-03T02:00:00Z', 'en', { timeZone: 'America/New_York' }, 'Feb 2, 2024'],
    ['2024-02-03T02:00:00Z', 'en', { timeZone: 'UTC' }, 'Feb 3, 2024'],
    ['2024-12-25', 'en', { dateStyle: 'long' as const }, 'December 25, 2024'],
    ['2024-12-25', 'es', { dateStyle: 'long' as const }, '25 de diciembre de 2024'],
  ])('%j in %s %j -> %j', (iso, locale, options, expected) => {
    expect(plain(formatDate(iso, locale, options))).toBe(expected);
  });

  it.each<[string | null | undefined, string]>([
    ['not a date', 'not a date'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });
});

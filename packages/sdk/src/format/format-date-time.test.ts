import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.js';

// ICU versions differ in the space before AM/PM (U+0020 or U+202F): compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatDateTime', () => {
  it.each([
    ['2024-02-03T15:04:00Z', 'en', 'Feb 3, 2024, 3:04 PM'],
    ['2024-02-03T15:04:00Z', 'es', '3 feb 2024, 3:04 p.m.'],
    ['2024-02-03T09:30:00-05:00', 'en', 'Feb 3, 2024, 2:30 PM'],
  ])('%j in %s -> %j', (iso, locale, expected) => {
    expect(plain(formatDateTime(iso, locale, { timeZone: 'UTC' }))).toBe(expected);
  });

  it('uses the time zone given', () => {
    expect(
      plain(formatDateTime('2024-02-03T15:04:00Z', 'en', { timeZone: 'America/Chicago' })),
    ).toBe('Feb 3, 2024, 9:04 AM');
  });

  it.each<[string | null | undefined, string]>([
    ['yesterday', 'yesterday'],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
  });
});

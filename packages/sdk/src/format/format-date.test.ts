import { describe, expect, it } from 'vitest';
import { formatDate, parseIsoDate } from './format-date.js';
import { formatDateTime } from './format-date-time.js';
import { resolveLocaleTag } from './resolve-locale-tag.js';

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

describe('resolveLocaleTag and parseIsoDate', () => {
  it.each([
    ['en', 'en-US'],
    ['es', 'es-US'],
    ['es-US', 'es-US'],
    ['en-US', 'en-US'],
    ['fr', 'en-US'],
    [null, 'en-US'],
    [undefined, 'en-US'],
  ])('%j -> %j', (locale, tag) => {
    expect(resolveLocaleTag(locale)).toBe(tag);
  });

  it('parses valid dates only', () => {
    expect(parseIsoDate('2024-02-03T00:00:00Z')?.toISOString()).toBe('2024-02-03T00:00:00.000Z');
    expect(parseIsoDate('2024-13-45')).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { calendarDayOf, displayTimeZoneSuffix, getDisplayTimeZone, setDisplayTimeZone } from './display-time-zone.js';
import { formatDate } from './format-date.js';
import { formatDateTime } from './format-date-time.js';

describe('the display time zone', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it('is what the date formatters use when given none (a page drawn and hydrated alike)', () => {
    const instant = '2026-11-29T05:08:00.000Z';
    setDisplayTimeZone('America/Chicago');
    expect(formatDateTime(instant, 'en')).toBe('Nov 28, 2026, 11:08 PM');
    expect(formatDate(instant, 'en')).toBe('Nov 28, 2026');
    expect(calendarDayOf(new Date(instant))).toBe('2026-11-28');
    // An explicit zone wins; a calendar date is that day everywhere.
    expect(formatDateTime(instant, 'en', { timeZone: 'UTC' })).toBe('Nov 29, 2026, 5:08 AM');
    expect(formatDate('1951-03-07', 'en')).toBe('Mar 7, 1951');
    setDisplayTimeZone('UTC');
    expect(formatDateTime(instant, 'es')).toMatch(/^29 nov 2026, 5:08/);
  });

  it('names a guessed zone after the time, in the page’s language, and only a guessed one', () => {
    const instant = '2026-11-29T08:12:00.000Z';
    const plain = (text: string) => text.replace(/\s/g, ' ');
    setDisplayTimeZone('America/Chicago', { named: true });
    expect(plain(formatDateTime(instant, 'en'))).toBe('Nov 29, 2026, 2:12 AM (Central Time)');
    expect(plain(formatDateTime(instant, 'es'))).toMatch(/^29 nov 2026, 2:12 a\. ?m\. \(hora central\)$/);
    // A zone the caller gives is its own: not named.
    expect(plain(formatDateTime(instant, 'en', { timeZone: 'UTC' }))).toBe('Nov 29, 2026, 8:12 AM');
    setDisplayTimeZone('America/Chicago');
    expect(plain(formatDateTime(instant, 'en'))).toBe('Nov 29, 2026, 2:12 AM');
    // A name Intl does not know is no zone to name.
    setDisplayTimeZone('Mars/Olympus_Mons', { named: true });
    expect(displayTimeZoneSuffix(new Date(instant), 'en-US')).toBe('');
  });

  it('ignores a name Intl does not know (a cookie is the visitor’s to write)', () => {
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(getDisplayTimeZone()).toBeUndefined();
    setDisplayTimeZone('America/New_York');
    expect(getDisplayTimeZone()).toBe('America/New_York');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { calendarDayOf, getDisplayTimeZone, setDisplayTimeZone } from './display-time-zone.js';
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

  it('ignores a name Intl does not know (a cookie is the visitor’s to write)', () => {
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(getDisplayTimeZone()).toBeUndefined();
    setDisplayTimeZone('America/New_York');
    expect(getDisplayTimeZone()).toBe('America/New_York');
  });
});

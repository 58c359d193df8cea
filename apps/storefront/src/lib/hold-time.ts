// When something of an order ends (its hold, its cancel window), for a sentence in the page's
// language: the time alone when it is today ("10:42 AM"), the date and time otherwise, through
// the SDK's formatters (Intl in en-US / es-US). In Spanish the article the sentence needs comes
// with it ("hasta las 10:42 a.m.", "hasta la 1:05 p.m.", "hasta el 4 may 2026, 10:42 a.m."), so
// the catalogs say "hasta {until}".
import { calendarDayOf, displayTimeZoneSuffix, formatDateTime, getDisplayTimeZone, parseIsoDate, resolveLocaleTag } from '@otc/sdk';
import type { Locale } from './locale';

export function untilText(iso: string, locale: Locale, now: Date = new Date()): string {
  const date = parseIsoDate(iso);
  if (!date) return iso;
  // Days and times of the display zone (the visitor's: the server and the browser draw alike).
  const sameDay = calendarDayOf(date) === calendarDayOf(now);
  if (!sameDay) {
    const text = formatDateTime(iso, locale);
    return locale === 'es' ? `el ${text}` : text;
  }
  const tag = resolveLocaleTag(locale);
  const format = new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: getDisplayTimeZone() });
  // A guessed zone is named ("2:12 AM (Central Time)"): the visitor may be elsewhere.
  const text = format.format(date) + displayTimeZoneSuffix(date, tag);
  if (locale !== 'es') return text;
  const hour = format.formatToParts(date).find((part) => part.type === 'hour')?.value;
  return `${hour === '1' ? 'la' : 'las'} ${text}`;
}

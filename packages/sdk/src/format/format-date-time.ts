import type { Locale } from '../constants/index.js';
import { parseIsoDate, type DateFormatOptions } from './format-date.js';
import { displayTimeZoneSuffix, getDisplayTimeZone } from './display-time-zone.js';
import { resolveLocaleTag } from './resolve-locale-tag.js';

/**
 * A date and time through Intl in en-US or es-US: "Feb 3, 2024, 3:04 PM" /
 * "3 feb 2024, 3:04 p.m." (medium date, short time) in `timeZone` (default the display zone, else the runtime's).
 * Text that is not a date is returned unchanged; null or undefined give "".
 */
export function formatDateTime(
  iso: string | null | undefined,
  locale: Locale | string = 'en',
  options: DateFormatOptions = {},
): string {
  if (iso === null || iso === undefined) return '';
  const date = parseIsoDate(iso);
  if (!date) return iso;
  const tag = resolveLocaleTag(locale);
  const text = new Intl.DateTimeFormat(tag, {
    dateStyle: options.dateStyle ?? 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone ?? getDisplayTimeZone(),
  }).format(date);
  return options.timeZone ? text : text + displayTimeZoneSuffix(date, tag);
}

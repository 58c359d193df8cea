import type { Locale } from '../constants/index.js';
import { getDisplayTimeZone } from './display-time-zone.js';
import { resolveLocaleTag } from './resolve-locale-tag.js';

export interface DateFormatOptions {
  /** IANA time zone; default the display zone (`setDisplayTimeZone`), else the runtime's. Calendar dates (YYYY-MM-DD) are always UTC. */
  timeZone?: string;
  dateStyle?: 'full' | 'long' | 'medium' | 'short';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Parses an ISO date or date-time; null when it is not a valid date. */
export function parseIsoDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date through Intl in en-US or es-US: "Feb 3, 2024" / "3 feb 2024" (medium style). A
 * calendar date ("2024-02-03", a birthdate) is shown as that day in every time zone. Text that
 * is not a date is returned unchanged; null or undefined give "".
 */
export function formatDate(
  iso: string | null | undefined,
  locale: Locale | string = 'en',
  options: DateFormatOptions = {},
): string {
  if (iso === null || iso === undefined) return '';
  const date = parseIsoDate(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat(resolveLocaleTag(locale), {
    dateStyle: options.dateStyle ?? 'medium',
    timeZone: DATE_ONLY.test(iso) ? 'UTC' : (options.timeZone ?? getDisplayTimeZone()),
  }).format(date);
}

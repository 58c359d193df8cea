// The visitor's time zone, for the times a page shows (an order's hold, its cancel window, when
// it was placed). The browser writes it into a cookie (public/colour-mode.js, before the first
// paint); the server draws a visitor's own pages in it, and the browser hydrates with the zone the
// server drew in (`ServerData.timeZone`), so both draw the same times (a browser in Chicago drew
// "11:08 PM" over the server's "5:08 AM": React error 418, the page drawn again).
import { isTimeZone } from '@otc/sdk';

/** The cookie public/colour-mode.js writes: the browser's IANA zone. */
export const TIME_ZONE_COOKIE = 'otc_tz';

/**
 * The zone of a page drawn for no one (it is shared by the page cache, whose key has no zone) and
 * of a visitor whose browser wrote none (no scripts): the middle of the country the shop serves.
 */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The zone of the `otc_tz` cookie in a Cookie header, when Intl knows it. */
export function readTimeZoneCookie(header: string | null | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== TIME_ZONE_COOKIE) continue;
    let value = '';
    try {
      value = decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
    return value && isTimeZone(value) ? value : null;
  }
  return null;
}

/** This browser's zone (the runtime's). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}

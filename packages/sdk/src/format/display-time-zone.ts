/**
 * The time zone dates and times are shown in when a formatter is given none (`formatDate`,
 * `formatDateTime`, `formatDeliveryEstimate`, `calendarDayOf`). Undefined: the runtime's.
 *
 * A page drawn on a server and hydrated in a browser must show the same times on both, or the
 * browser draws the page again (a hydration mismatch): the storefront sets the visitor's zone
 * (their cookie) for each server render and the same zone in the browser before hydrating.
 */
let displayTimeZone: string | undefined;

/** Sets the zone (an IANA name) formatters use by default; an unknown name is ignored. */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  displayTimeZone = timeZone && isTimeZone(timeZone) ? timeZone : undefined;
}

/** The zone formatters use by default (undefined: the runtime's). */
export function getDisplayTimeZone(): string | undefined {
  return displayTimeZone;
}

/** Whether Intl knows `name` as a time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of `date` in `timeZone` (default the display zone). */
export function calendarDayOf(date: Date, timeZone: string | undefined = displayTimeZone): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

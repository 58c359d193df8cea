/**
 * The time zone dates and times are shown in when a formatter is given none (`formatDate`,
 * `formatDateTime`, `formatDeliveryEstimate`, `calendarDayOf`). Undefined: the runtime's.
 *
 * A page drawn on a server and hydrated in a browser must show the same times on both, or the
 * browser draws the page again (a hydration mismatch): the storefront sets the visitor's zone
 * (their cookie) for each server render and the same zone in the browser before hydrating.
 */
let displayTimeZone: string | undefined;
let displayTimeZoneNamed = false;

/**
 * Sets the zone (an IANA name) formatters use by default; an unknown name is ignored. `named`: the
 * zone is a guess (the visitor's own is not known, e.g. a page drawn without scripts), so a time
 * shown in it says which zone it is ("2:12 AM (Central Time)").
 */
export function setDisplayTimeZone(timeZone: string | undefined, options: { named?: boolean } = {}): void {
  displayTimeZone = timeZone && isTimeZone(timeZone) ? timeZone : undefined;
  displayTimeZoneNamed = Boolean(options.named && displayTimeZone);
}

/**
 * What follows a time shown in the display zone: " (Central Time)" / " (hora central)" when the
 * zone is a guess (`setDisplayTimeZone(zone, { named: true })`), else nothing.
 */
export function displayTimeZoneSuffix(date: Date, localeTag: string): string {
  if (!displayTimeZoneNamed || !displayTimeZone) return '';
  const name = new Intl.DateTimeFormat(localeTag, { timeZone: displayTimeZone, timeZoneName: 'longGeneric' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? ` (${name})` : '';
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

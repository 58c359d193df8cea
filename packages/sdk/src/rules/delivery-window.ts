import { ORDER_STATUS } from '../constants/index.js';
import type { DeliveryEstimate } from '../schemas/settings.js';

const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone` (default the runtime's). */
function calendarDay(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar day `days` business days (Monday to Friday) after `day` (YYYY-MM-DD). */
export function addBusinessDays(day: string, days: number): string {
  let time = Date.parse(`${day}T00:00:00.000Z`);
  for (let left = days; left > 0; ) {
    time += DAY_MS;
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The calendar days (YYYY-MM-DD) an order placed at `placedAt` is expected between: the
 * estimate's business days counted from the day it was placed (in `timeZone`, default the
 * runtime's), weekends skipped. Null when `placedAt` is not a date.
 */
export function deliveryWindow(
  placedAt: string,
  estimate: DeliveryEstimate,
  timeZone?: string,
): { from: string; to: string } | null {
  const placed = new Date(placedAt);
  if (Number.isNaN(placed.getTime())) return null;
  const day = calendarDay(placed, timeZone);
  return {
    from: addBusinessDays(day, estimate.minBusinessDays),
    to: addBusinessDays(day, estimate.maxBusinessDays),
  };
}

/** Placed and still to arrive: not a draft, and not delivered, cancelled or returned. */
const ON_ITS_WAY: readonly number[] = [
  ORDER_STATUS.waitingForPayment,
  ORDER_STATUS.paymentVerification,
  ORDER_STATUS.confirmed,
  ORDER_STATUS.packaging,
  ORDER_STATUS.shipped,
];

/** Whether an order is on its way (its delivery estimate is worth saying). */
export function awaitsDelivery(status: number): boolean {
  return ON_ITS_WAY.includes(status);
}

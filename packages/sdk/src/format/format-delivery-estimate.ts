import type { Locale } from '../constants/index.js';
import { deliveryWindow } from '../rules/delivery-window.js';
import type { DeliveryEstimate } from '../schemas/settings.js';
import { resolveLocaleTag } from './resolve-locale-tag.js';
import { getDisplayTimeZone } from './display-time-zone.js';

const TEXTS = {
  en: (min: number, max: number) =>
    min === max
      ? `Arrives in ${max} business ${max === 1 ? 'day' : 'days'}`
      : `Arrives in ${min}–${max} business days`,
  es: (min: number, max: number) =>
    min === max
      ? `Llega en ${max} ${max === 1 ? 'día hábil' : 'días hábiles'}`
      : `Llega en ${min} a ${max} días hábiles`,
};

/**
 * When an order arrives, for a person: "Arrives in 2–5 business days" / "Llega en 2 a 5 días
 * hábiles" (the settings' `deliveryEstimate`). Given when the order was placed, the days too,
 * weekends skipped: "Arrives in 2–5 business days: Tuesday, March 4 – Friday, March 7" (the
 * calendar days of `timeZone`, default the display zone, else the runtime's).
 */
export function formatDeliveryEstimate(
  estimate: DeliveryEstimate,
  locale: Locale | string = 'en',
  options: { placedAt?: string | null; timeZone?: string } = {},
): string {
  const tag = resolveLocaleTag(locale);
  const days = TEXTS[tag.startsWith('es') ? 'es' : 'en'](estimate.minBusinessDays, estimate.maxBusinessDays);
  const window = options.placedAt ? deliveryWindow(options.placedAt, estimate, options.timeZone ?? getDisplayTimeZone()) : null;
  if (!window) return days;
  const dates = new Intl.DateTimeFormat(tag, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const day = (iso: string) => dates.format(new Date(`${iso}T00:00:00.000Z`));
  // Two dates joined here, not Intl's formatRange: its spacing differs between ICU versions (the
  // server's and the browser's), and the page is drawn by one and hydrated by the other.
  return `${days}: ${window.from === window.to ? day(window.from) : `${day(window.from)} – ${day(window.to)}`}`;
}

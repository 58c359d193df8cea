// Display formatters: prices, phones, dates through Intl, avatar initials.
export { formatCents } from './format-cents.js';
export { formatPrice } from './format-price.js';
export { formatPhone } from './format-phone.js';
export { formatDate, parseIsoDate, type DateFormatOptions } from './format-date.js';
export { formatDateTime } from './format-date-time.js';
export { formatDeliveryEstimate } from './format-delivery-estimate.js';
export { calendarDayOf, displayTimeZoneSuffix, getDisplayTimeZone, isTimeZone, setDisplayTimeZone } from './display-time-zone.js';
export { resolveLocaleTag } from './resolve-locale-tag.js';
export { initials } from './initials.js';

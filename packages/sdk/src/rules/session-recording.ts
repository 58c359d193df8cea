/**
 * Session recording (spec section 9: only in production, and only with a configured public site
 * id): Microsoft Clarity, loaded from https://www.clarity.ms/tag/<site id>, which then loads its
 * recorder from scripts.clarity.ms and sends to <letter>.clarity.ms. The storefront decides
 * whether a browser records (it adds Do Not Track and Global Privacy Control); the API opens its
 * Content-Security-Policy to the recorder's host only when recording is configured.
 */

/** The one host the recorder uses (loader, recorder script, uploads and beacons). */
export const SESSION_RECORDING_HOST = 'https://*.clarity.ms';

/** What the Content-Security-Policy must allow for the recorder, per directive. */
export const SESSION_RECORDING_CSP = {
  'script-src': [SESSION_RECORDING_HOST],
  'connect-src': [SESSION_RECORDING_HOST],
  'img-src': [SESSION_RECORDING_HOST],
} as const;

/** A Clarity project id: letters and digits (10 today); anything else turns recording off. */
const SITE_ID = /^[a-z0-9]{6,32}$/i;

/** Whether `value` has the shape of a public site id (a Clarity project id). */
export function isSessionRecordingSiteId(value: string | null | undefined): value is string {
  return typeof value === 'string' && SITE_ID.test(value);
}

/**
 * Whether session recording is configured: a production environment and a well-formed public
 * site id. Nothing else (development, tests, a missing or malformed id) records.
 */
export function sessionRecordingConfigured(production: boolean, siteId: string | null | undefined): boolean {
  return production && isSessionRecordingSiteId(siteId);
}

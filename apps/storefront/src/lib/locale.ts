import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  LOCALE_TAGS,
  LOCALES,
  isLocale,
  localeOfLanguages,
  readLocaleCookie as readLocaleCookieHeader,
  type Locale,
} from '@otc/sdk';

export { LOCALES, LOCALE_TAGS, DEFAULT_LOCALE, isLocale, type Locale };

/** Path prefix per locale: English lives at the root, Spanish under `/es`. */
export const LOCALE_PREFIX: Record<Locale, string> = { en: '', es: '/es' };

/** The locale a path belongs to. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/es' || pathname.startsWith('/es/') ? 'es' : 'en';
}

/** The path without its locale prefix (always starts with `/`). */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === 'es') return pathname.slice(3) || '/';
  return pathname || '/';
}

/** `path` (written without prefix, e.g. `/catalog`) in the given locale. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return clean;
  return clean === '/' ? prefix : `${prefix}${clean}`;
}

/** The same page and query in another locale (the language switch). */
export function switchLocaleHref(
  location: { pathname: string; search?: string; hash?: string },
  target: Locale,
): string {
  return `${localizePath(stripLocale(location.pathname), target)}${location.search ?? ''}${location.hash ?? ''}`;
}

/** en or es from the browser's preferred languages; the first supported one wins (the SDK's rule). */
export const detectBrowserLocale = localeOfLanguages;

/** The language the visitor chose (the `locale` cookie), in this browser or in a request's `Cookie`. */
export function readLocaleCookie(cookie: string = document.cookie): Locale | null {
  return readLocaleCookieHeader(cookie);
}

export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${maxAge}; samesite=lax`;
}

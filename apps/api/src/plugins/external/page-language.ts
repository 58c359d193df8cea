// The language a storefront page is drawn in, as the page cache keys it and as the language
// cookie remembers it (page-renderer.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  STOREFRONT_SPANISH_PREFIX,
  localeOfAcceptLanguage,
  readGuestPlanCookie,
  readLocaleCookie,
  type Locale,
} from '@otc/sdk';
import { setCookie } from '../../lib/web-session.js';

/**
 * The language inputs of a page as the page itself reads them (apps/storefront/src/app/router.tsx,
 * rootLoader): the `locale` cookie and the language the browser's Accept-Language asks for, by the
 * SDK's one rule (rules/visitor-language.ts), which the API's answers follow too. Every visitor
 * with the same two gets the same page, whatever the spelling of their headers (issue 32: the
 * cache key read them otherwise, and a Spanish visitor could be sent the English page).
 */
export function pageLanguageKey(cookieHeader: string | undefined, acceptLanguage: string | undefined): string {
  return `${readLocaleCookie(cookieHeader) ?? '-'} ${localeOfAcceptLanguage(acceptLanguage)}`;
}

/**
 * What a page drawn for no one is kept under: its address, its language inputs
 * (pageLanguageKey), and the plan a guest chose (the `otc_plan` cookie, issue 29: the catalog and
 * the cart are drawn with its marks), so one guest's plan page is never served to another.
 */
export function pageCacheKey(
  address: string,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
  fetchSite?: string,
): string {
  return `${address}\n${pageLanguageKey(cookieHeader, acceptLanguage)}\n${readGuestPlanCookie(cookieHeader) ?? '-'}\n${fromThisSite(fetchSite) ? 'site' : '-'}`;
}

/**
 * Followed from one of the shop's own pages (`Sec-Fetch-Site: same-origin`): the storefront's
 * rootLoader then draws the address asked for instead of sending it to the visitor's language
 * (the language switch without scripts), so the page is kept apart from a first visit's redirect.
 */
function fromThisSite(fetchSite: string | undefined): boolean {
  return fetchSite === 'same-origin';
}

/** The storefront's `localeOfPath`: `/es` and below are Spanish. */
export function localeOfAddress(url: string): Locale {
  const pathname = url.split('?')[0] ?? '/';
  return pathname === STOREFRONT_SPANISH_PREFIX || pathname.startsWith(`${STOREFRONT_SPANISH_PREFIX}/`) ? 'es' : 'en';
}

/**
 * The language of the page shown is remembered, as the storefront's `writeLocaleCookie` does
 * once it runs: a language switch followed before the scripts run (a slow phone), or without
 * them, still decides the bare address next time. Readable by the page (not HttpOnly), as the
 * storefront writes it; an answer carrying it is kept by no shared cache.
 */
export function rememberLanguage(request: FastifyRequest, reply: FastifyReply): boolean {
  const locale = localeOfAddress(request.url);
  // Set only when the bare address would now pick another language: a first visit in the
  // browser's own language stays a page any shared cache may keep.
  const bareWouldPick = readLocaleCookie(request.headers.cookie) ?? localeOfAcceptLanguage(request.headers['accept-language']);
  if (bareWouldPick === locale) return false;
  const settings = { ...request.server.cookieSettings, httpOnly: false };
  setCookie(reply, LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60, settings);
  return true;
}

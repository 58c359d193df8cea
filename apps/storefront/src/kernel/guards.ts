// Routing rules that run before a page renders (route loaders). Pure enough to test alone.
import { data, redirect } from 'react-router';
import { safeRedirectPath } from '@otc/sdk';
import type { ShopSdk } from '../lib/sdk';
import { localeOfPath, localizePath, type Locale } from '../lib/locale';
import { settingsApi } from './settings-api';
import type { AppStore } from './store';
import { selectSignedIn } from './session-slice';
import { noteLinkCode } from './link-code-notice';

/** What a 404 carries so the error page can say which rule sent it. */
export interface NotFoundData {
  kind: 'invalid-id' | 'not-found';
  path: string;
}

const DIGITS = /^\d+$/;

/** Ids of checkout, item, order and success are digits only; anything else is a 404. */
export function assertDigitsId(id: string | undefined, pathname: string): void {
  if (id === undefined || !DIGITS.test(id)) {
    throw data<NotFoundData>({ kind: 'invalid-id', path: pathname }, { status: 404, statusText: 'Page Not Found' });
  }
}

/** Any path no route matches. */
export function notFound(pathname: string): never {
  throw data<NotFoundData>({ kind: 'not-found', path: pathname }, { status: 404, statusText: 'Page not found' });
}

/** A visitor without a session goes to /login (localized) with `redirect` = path + query. */
export function requireSession(store: AppStore, url: URL, locale: Locale): void {
  if (selectSignedIn(store.getState())) return;
  const target = new URLSearchParams({ redirect: `${url.pathname}${url.search}` });
  throw redirect(`${localizePath('/login', locale)}?${target.toString()}`);
}

/**
 * Where a sign-in leads: the saved `redirect` (path and query, when the SDK's rule finds it safe:
 * same-site path, no `//host`, no control characters, raw or encoded: `/%09/evil.example` would
 * become `//evil.example` in the browser), else the configured default (settings'
 * `defaultLoginRedirect`, in the page's language), else the home of the locale.
 */
export function signInTarget(redirectParam: string | null | undefined, defaultPath: string | null | undefined, locale: Locale): string {
  const saved = safeRedirectPath(redirectParam);
  if (saved) return saved;
  const configured = safeRedirectPath(defaultPath);
  if (configured) return localeOfPath(configured) === locale && locale !== 'en' ? configured : localizePath(configured, locale);
  return localizePath('/', locale);
}

/** The configured default after sign-in, when the settings are already in the store. */
function cachedDefaultRedirect(store: AppStore): string | undefined {
  return settingsApi.endpoints.getSettings.select()(store.getState()).data?.defaultLoginRedirect;
}

/** A signed-in user opening a sign-in page goes where a sign-in would lead (signInTarget). */
export function redirectSignedIn(store: AppStore, url: URL, locale: Locale): void {
  if (!selectSignedIn(store.getState())) return;
  throw redirect(signInTarget(url.searchParams.get('redirect'), cachedDefaultRedirect(store), locale));
}

/**
 * `?personalcode=` sets the promo code (the layout then says whether the shop runs it:
 * `useLinkCodeNotice`); `?agentId=` is kept for order calls.
 */
export function captureLinkParams(url: URL, { promoCodes, agentIds }: ShopSdk): void {
  const personalCode = url.searchParams.get('personalcode')?.trim();
  if (personalCode) {
    promoCodes.set(personalCode);
    noteLinkCode(personalCode);
  }
  const agentId = url.searchParams.get('agentId');
  if (agentId) agentIds.set(agentId);
}

// Routing rules that run before a page renders (route loaders). Pure enough to test alone.
import { data, redirect } from 'react-router';
import { client, agentIdStore, promoCodeStore } from '../lib/sdk';
import { localizePath, type Locale } from '../lib/locale';

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
export function requireSession(url: URL, locale: Locale): void {
  if (client.isSignedIn()) return;
  const target = new URLSearchParams({ redirect: `${url.pathname}${url.search}` });
  throw redirect(`${localizePath('/login', locale)}?${target.toString()}`);
}

/** Only same-site paths are followed after sign-in (no `//host` or absolute URLs). */
export function safeRedirectPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** A signed-in user opening a sign-in page goes to `redirect`, or to the home of the locale. */
export function redirectSignedIn(url: URL, locale: Locale): void {
  if (!client.isSignedIn()) return;
  throw redirect(safeRedirectPath(url.searchParams.get('redirect')) ?? localizePath('/', locale));
}

/** `?personalcode=` sets the promo code; `?agentId=` is kept for order calls. */
export function captureLinkParams(url: URL): void {
  const personalCode = url.searchParams.get('personalcode');
  if (personalCode) promoCodeStore.set(personalCode);
  const agentId = url.searchParams.get('agentId');
  if (agentId) agentIdStore.set(agentId);
}

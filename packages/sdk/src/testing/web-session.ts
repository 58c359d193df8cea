/**
 * The test shop's web session (docs/web-session.md), as the API holds it: the `otc_session`
 * cookie of a member's web session (a sign-in sent with `X-Auth-Mode: session`), the `otc_cart`
 * cookie of a guest's server cart (created by a guest's first add, merged into the member's draft
 * at a web sign-in), and the checks of a write a cookie carries (its origin, then the CSRF token
 * of that cookie).
 *
 * Who is asking: a bearer token decides when one is sent (cookies ignored); else a valid
 * `otc_session`; else, on a `guestCart` route, a valid `otc_cart`; else a guest with nothing.
 *
 * The cookies are answered in `Set-Cookie` headers of a plain `Response`: msw keeps the cookies of
 * its own `HttpResponse` in one store that it adds to every later request of the process, which
 * would make every client of a test one browser. So each client keeps its own, as each browser
 * does; Node's `fetch` keeps none, so a `session`-mode client in Node is given
 * `cookieJarFetch()`. Unlike the API's, the cookies and CSRF tokens are not signed (a test
 * double): a cookie is valid when the shop issued it.
 */
import { WEB_SESSION_COOKIES } from '../constants/index.js';
import type { RouteName } from '../contract/index.js';
import type { DraftMergeAnswer } from '../schemas/index.js';
import { AUTH_MODE_HEADER, CSRF_FIELD, CSRF_HEADER } from '../schemas/session.js';
import { TestShopError } from './errors.js';
import { mergeIntoDraft, openDraft } from './orders.js';
import type { ShopCore } from './routes.js';
import {
  draftView,
  newId,
  promoPercent,
  type TestCustomer,
  type TestGuestCart,
  type TestSession,
  type TestShopState,
} from './state.js';

/** A guest cart lives 30 days after its last write (the API's GUEST_CART_TTL_MS). */
export const GUEST_CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The kit's sessions do not expire: a web session's cookie is set for 30 days. */
const WEB_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Cookie values longer than this are not the shop's. */
const COOKIE_VALUE_MAX = 200;

/** The first add of a guest without a cart creates the guest cart. */
export const GUEST_CART_CREATORS: ReadonlySet<RouteName> = new Set<RouteName>(['addToDraft', 'mergeIntoDraft']);
/** Sign-ins that may start a web session (`X-Auth-Mode: session`). */
export const WEB_SIGN_INS: ReadonlySet<RouteName> = new Set<RouteName>(['login', 'verifyCode', 'register', 'recover']);

/** What a route of the test shop knows of the web session, and what its answer sets. */
export interface TestWebExchange {
  /** The request asked for a web session (`X-Auth-Mode: session`). */
  readonly wantsSession: boolean;
  /** The request's cookies by name (the first of a repeated name). */
  readonly cookies: ReadonlyMap<string, string>;
  /** The active web session its `otc_session` names, else null (an invalid cookie counts as none). */
  readonly session: TestSession | null;
  /** The guest cart its `otc_cart` names, else null. */
  readonly cart: TestGuestCart | null;
  /** How the asker was found: a bearer token, the session's cookie, the cart's cookie, or none. */
  credential: 'bearer' | 'session' | 'cart' | null;
  /** The answer's `Set-Cookie` lines. */
  readonly setCookies: string[];
  /** The answer's `X-CSRF-Token` (sent whenever a cookie is set), else null. */
  csrfToken: string | null;
  /** Cookies are `Secure` when the shop is asked over https. */
  readonly secure: boolean;
}

/** What a CSRF token is bound to: a web session, or a guest cart's owner. */
export type CsrfSubject = { sessionId: string } | { cartOwnerId: number };

function randomText(bytes: number): string {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cookies of a `Cookie` header by name (the first of a repeated name wins). */
export function readCookies(header: string | null | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name && !found.has(name) && value.length <= COOKIE_VALUE_MAX) found.set(name, value);
  }
  return found;
}

/** Reads change nothing: they need no CSRF token. */
export function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Whether a browser says the request came from another site: `Sec-Fetch-Site: cross-site`, or
 * (unless it says `same-origin`) an `Origin` that is neither the shop's own nor on this machine's
 * loopback (the kit is never production). Without either header it is not a browser's.
 */
function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-origin') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return origin !== new URL(request.url).origin && !LOOPBACK_ORIGIN.test(origin);
}

export function csrfTokenOf(subject: CsrfSubject): string {
  return 'sessionId' in subject ? `test-shop-csrf.${subject.sessionId}` : `test-shop-csrf.cart.${subject.cartOwnerId}`;
}

/** The CSRF token a write sent: the `X-CSRF-Token` header, else the body's `_csrf` field. */
async function sentCsrfToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    const field = body && typeof body === 'object' ? (body as Record<string, unknown>)[CSRF_FIELD] : undefined;
    return typeof field === 'string' && field !== '' ? field : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A write carried by a cookie: 403 `cross_site_request` from another site, then 403
 * `csrf_token_invalid` unless it sends the token of one of `subjects` (none: the origin only).
 */
export async function guardWrite(request: Request, subjects: readonly CsrfSubject[]): Promise<void> {
  if (!isWrite(request.method)) return;
  if (isCrossSite(request)) throw new TestShopError('cross_site_request');
  if (subjects.length === 0) return;
  const sent = await sentCsrfToken(request);
  if (!subjects.some((subject) => csrfTokenOf(subject) === sent)) throw new TestShopError('csrf_token_invalid');
}

/** Removes a guest cart, its owner and the owner's orders (a draft only: a guest cannot place). */
export function removeGuestCart(state: TestShopState, cart: TestGuestCart): void {
  state.guestCarts = (state.guestCarts ?? []).filter((c) => c !== cart);
  state.customers = state.customers.filter((c) => !(c.id === cart.ownerId && c.guest));
  state.orders = state.orders.filter((o) => o.customerId !== cart.ownerId);
}

/** The web session and guest cart the request's cookies name, each checked; a cart's use is marked. */
export function webExchange(shop: ShopCore, request: Request): TestWebExchange {
  const { state } = shop;
  const now = shop.now();
  const cookies = readCookies(request.headers.get('cookie'));
  const sessionCookie = cookies.get(WEB_SESSION_COOKIES.session);
  const session = sessionCookie
    ? (state.sessions.find(
        (s) => s.webToken === sessionCookie && !s.ended && state.customers.some((c) => c.id === s.customerId),
      ) ?? null)
    : null;
  const cartCookie = cookies.get(WEB_SESSION_COOKIES.cart);
  let cart = cartCookie ? (state.guestCarts ?? []).find((c) => c.cookie === cartCookie) ?? null : null;
  if (cart && Date.parse(cart.lastUsedAt) + GUEST_CART_TTL_MS <= now.getTime()) {
    // Unused for 30 days: swept (the API's timer), so the cookie names nothing.
    removeGuestCart(state, cart);
    cart = null;
  }
  if (cart) cart.lastUsedAt = now.toISOString();
  return {
    wantsSession: (request.headers.get(AUTH_MODE_HEADER) ?? '').toLowerCase() === 'session',
    cookies,
    session,
    cart,
    credential: null,
    setCookies: [],
    csrfToken: null,
    secure: new URL(request.url).protocol === 'https:',
  };
}

function setCookie(web: TestWebExchange, name: string, value: string, maxAgeSeconds: number): void {
  const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`, 'HttpOnly', 'SameSite=Lax'];
  if (web.secure) parts.push('Secure');
  const kept = web.setCookies.filter((line) => !line.startsWith(`${name}=`));
  web.setCookies.splice(0, web.setCookies.length, ...kept, parts.join('; '));
}

export function clearCookie(web: TestWebExchange, name: string): void {
  setCookie(web, name, '', 0);
}

/** Sets the guest cart's cookie again (30 days from this write) and answers its CSRF token. */
export function sendCartCookie(web: TestWebExchange, cart: TestGuestCart): void {
  setCookie(web, WEB_SESSION_COOKIES.cart, cart.cookie, GUEST_CART_TTL_MS / 1000);
  web.csrfToken = csrfTokenOf({ cartOwnerId: cart.ownerId });
}

/** Makes `session` a web session: its cookie set, its CSRF token answered (and returned). */
export function sendSessionCookie(web: TestWebExchange, session: TestSession): string {
  session.webToken = randomText(32);
  setCookie(web, WEB_SESSION_COOKIES.session, session.webToken, WEB_SESSION_MAX_AGE_SECONDS);
  web.csrfToken = csrfTokenOf({ sessionId: session.id });
  return web.csrfToken;
}

/**
 * A new guest cart: its owner (a `guest` customer without e-mail, phone or password) and its
 * cookie. Its draft is created by the add that asked for it.
 */
export function createGuestCart(shop: ShopCore, locale: TestCustomer['interfaceLanguage']): { cart: TestGuestCart; owner: TestCustomer } {
  const { state } = shop;
  const owner: TestCustomer = {
    id: newId(state),
    password: null,
    passwordUpdatedAt: null,
    firstName: null,
    middleName: null,
    lastName: null,
    organization: null,
    gender: null,
    birthdate: null,
    interfaceLanguage: locale,
    preferredCommunicationLanguage: null,
    preferredCommunicationMethod: null,
    isMarketingEnabled: false,
    sendNotificationByEmail: false,
    sendNotificationByPhone: false,
    emails: [],
    phones: [],
    addresses: [],
    cards: [],
    balanceCents: 0,
    plan: null,
    favorites: [],
    guest: true,
  };
  const cart: TestGuestCart = { ownerId: owner.id, cookie: `${owner.id}.${randomText(32)}`, lastUsedAt: shop.now().toISOString() };
  state.customers.push(owner);
  (state.guestCarts ??= []).push(cart);
  return { cart, owner };
}

/**
 * A web sign-in carrying a guest cart: its rows go into the member's draft by the draft merge
 * (never lowering or dropping a member's row), its promo code over unless the draft has one (a
 * code the member may not use stays behind), then the cart and its owner go. Answers the merge,
 * or null when the cart held no row.
 */
export function mergeGuestCart(
  shop: ShopCore,
  cart: TestGuestCart,
  member: TestCustomer,
  locale: TestCustomer['interfaceLanguage'],
): DraftMergeAnswer | null {
  const guestDraft = openDraft(shop, cart.ownerId);
  const rows = (guestDraft?.rows ?? []).map((row) => ({ sku_id: row.skuId, amount: row.amount }));
  let report: DraftMergeAnswer | null = null;
  if (rows.length > 0) {
    const { order, ...merged } = mergeIntoDraft(shop, member.id, rows);
    let changed = merged.changed;
    if (guestDraft?.promoCode && !order.promoCode) {
      const promo = promoPercent(shop.state, guestDraft.promoCode, member.id, order.id, shop.now());
      if (!('refused' in promo)) {
        order.promoCode = promo.code;
        changed = true;
      }
    }
    report = { draft: draftView(shop.state, order, locale), ...merged, changed };
  }
  removeGuestCart(shop.state, cart);
  return report;
}

/**
 * A `fetch` that keeps the cookies its answers set and sends them back, as one browser does:
 * give it to a `session`-mode client in Node (`createClient({ authMode: 'session', fetch:
 * cookieJarFetch() })`), whose global `fetch` keeps no cookies. One jar per call, so per client.
 */
export function cookieJarFetch(
  send: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): typeof globalThis.fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const answer = await send(input, { ...init, headers });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const cleared = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (cleared) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    return answer;
  };
}

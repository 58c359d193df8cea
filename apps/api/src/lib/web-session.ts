/**
 * The web visitor's cookies (docs/web-session.md): `otc_session`, an opaque random token of a
 * member's web session (only its SHA-256 is stored), and `otc_cart`, the guest cart owner's id
 * signed with an HMAC. Both HttpOnly, SameSite=Lax, Path=/, Secure when the shop is served over
 * https. Also the CSRF token bound to either, and the Origin check of cookie-carried writes.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INT4_MAX, WEB_SESSION_COOKIES } from '@otc/sdk';
import { CSRF_FIELD, CSRF_HEADER } from '@otc/sdk/schemas';
import { keyedHash } from './crypto.js';

export const SESSION_COOKIE = WEB_SESSION_COOKIES.session;
export const CART_COOKIE = WEB_SESSION_COOKIES.cart;
/** A guest cart lives 30 days after its last use (the cookie is sent again at each write). */
export const GUEST_CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Cookie values longer than this are not ours (a session token is 43 characters). */
const COOKIE_VALUE_MAX = 200;

/** The cookies of a request by name (the first of a repeated name wins; values undecoded). */
export function readCookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (!header) return found;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name && !found.has(name)) found.set(name, value);
  }
  return found;
}

export function cookieOf(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  const value = readCookies(request.headers.cookie).get(name);
  return value && value.length <= COOKIE_VALUE_MAX ? value : undefined;
}

/** Whether the request carries the web session's or the guest cart's cookie (valid or not). */
export function carriesVisitorCookie(request: Pick<FastifyRequest, 'headers'>): boolean {
  const cookies = readCookies(request.headers.cookie);
  return Boolean(cookies.get(SESSION_COOKIE) || cookies.get(CART_COOKIE));
}

export interface CookieSettings {
  /** `Secure`: the shop's public address is https. */
  secure: boolean;
  /** `HttpOnly` (default): the page's scripts cannot read it. */
  httpOnly?: boolean;
}

/** A `Set-Cookie` value; `maxAgeSeconds` 0 clears the cookie. */
export function cookieHeader(name: string, value: string, maxAgeSeconds: number, settings: CookieSettings): string {
  const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (settings.httpOnly !== false) parts.push('HttpOnly');
  parts.push('SameSite=Lax');
  if (settings.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Adds a `Set-Cookie` to the answer (keeping any set before). */
export function setCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number, settings: CookieSettings) {
  const before = reply.getHeader('set-cookie');
  const kept = (Array.isArray(before) ? before : before === undefined ? [] : [String(before)]).filter(
    (line) => !line.startsWith(`${name}=`),
  );
  reply.header('set-cookie', [...kept, cookieHeader(name, value, maxAgeSeconds, settings)]);
}

export function clearCookie(reply: FastifyReply, name: string, settings: CookieSettings) {
  setCookie(reply, name, '', 0, settings);
}

/** Removes a `Set-Cookie` of `name` set earlier in this answer (a write refused after all). */
export function unsetCookie(reply: FastifyReply, name: string) {
  const before = reply.getHeader('set-cookie');
  const kept = (Array.isArray(before) ? before : before === undefined ? [] : [String(before)]).filter(
    (line) => !line.startsWith(`${name}=`),
  );
  if (kept.length > 0) reply.header('set-cookie', kept);
  else reply.removeHeader('set-cookie');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What the cart cookie carries: `<guest owner id>.<HMAC of "cart:" + id>`. */
export function signCart(secret: string, ownerId: number): string {
  return `${ownerId}.${keyedHash(secret, 'web-cookie', `cart:${ownerId}`)}`;
}

/** The guest owner id of a cart cookie, or null when it is not one this shop signed. */
export function verifyCart(secret: string, value: string | undefined): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const ownerId = Number(match[1]);
  if (ownerId > INT4_MAX) return null;
  return sameText(signCart(secret, ownerId), value!) ? ownerId : null;
}

/** What a CSRF token is bound to: the web session's id, or the guest cart's owner. */
export type CsrfSubject = { sessionId: string } | { cartOwnerId: number };

export function csrfToken(secret: string, subject: CsrfSubject): string {
  const bound = 'sessionId' in subject ? subject.sessionId : `cart:${subject.cartOwnerId}`;
  return keyedHash(secret, 'web-cookie', `csrf:${bound}`);
}

/** The CSRF token a write sent: the `X-CSRF-Token` header, else the form field `_csrf`. */
export function sentCsrfToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  if (typeof header === 'string' && header !== '') return header;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const field = (body as Record<string, unknown>)[CSRF_FIELD];
    if (typeof field === 'string' && field !== '') return field;
  }
  return undefined;
}

export function csrfTokenMatches(secret: string, subject: CsrfSubject, sent: string | undefined): boolean {
  return sent !== undefined && sameText(csrfToken(secret, subject), sent);
}

/** Reads change nothing: they need no CSRF token. */
export function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * Whether a browser says the request came from another site: `Sec-Fetch-Site: cross-site`, or
 * (unless it says `same-origin`) an `Origin` that is not the shop's (`PUBLIC_URL`'s, else the
 * request's own). A request without
 * either header is not a browser's cross-site one (the CSRF token is still asked for).
 */
export function isCrossSite(
  request: FastifyRequest,
  publicUrl: string | undefined,
  options: { development?: boolean } = {},
): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  // The browser's own word (page scripts cannot set it): a form posted from the shop's page comes
  // with `Origin: null` under the shop's `Referrer-Policy: no-referrer`, and is still the shop's.
  if (fetchSite === 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let shop: string;
  try {
    shop = new URL(publicUrl ?? `${request.protocol}://${request.host}`).origin;
  } catch {
    return true;
  }
  if (origin === shop) return false;
  // Outside production the storefront's dev server (another port of this machine) proxies /api
  // with its own Host: a page served from loopback is the shop's.
  return !(options.development === true && LOOPBACK_ORIGIN.test(origin));
}

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** The header that asks a sign-in for a web session. */
export function wantsWebSession(request: FastifyRequest): boolean {
  return String(request.headers['x-auth-mode'] ?? '').toLowerCase() === 'session';
}

/** Cookies are `Secure` when the shop's public address is https. */
export function cookieSettings(publicUrl: string | undefined): CookieSettings {
  return { secure: (publicUrl ?? '').startsWith('https:') };
}

/** What the answers that set a cookie need of the app. */
interface CookieIssuer {
  cookieSettings: CookieSettings;
  services: {
    clock: { now(): Date };
    webCookies: { signCart(ownerId: number): string; csrfToken(subject: CsrfSubject): string };
  };
}

/**
 * Sets the guest cart's cookie (for another 30 days: sent again at each cart write) and answers
 * its CSRF token in `X-CSRF-Token`.
 */
export function sendCartCookie(app: CookieIssuer, reply: FastifyReply, ownerId: number) {
  setCookie(reply, CART_COOKIE, app.services.webCookies.signCart(ownerId), GUEST_CART_TTL_MS / 1000, app.cookieSettings);
  reply.header(CSRF_HEADER, app.services.webCookies.csrfToken({ cartOwnerId: ownerId }));
}

/**
 * Sets the web session's cookie for the session's remaining life and answers its CSRF token in
 * `X-CSRF-Token`; answers the token too (the sign-in's body carries it).
 */
export function sendSessionCookie(
  app: CookieIssuer,
  reply: FastifyReply,
  session: { sessionId: string; cookie: string; expiresAt: Date },
): string {
  const remaining = (session.expiresAt.getTime() - app.services.clock.now().getTime()) / 1000;
  setCookie(reply, SESSION_COOKIE, session.cookie, remaining, app.cookieSettings);
  const token = app.services.webCookies.csrfToken({ sessionId: session.sessionId });
  reply.header(CSRF_HEADER, token);
  return token;
}

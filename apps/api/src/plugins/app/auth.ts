/**
 * The language of each request (Accept-Language), who is asking (the pre-handlers of contract
 * routes), and `Cache-Control: no-store` on what no cache may keep.
 *
 * Who is asking (docs/web-session.md):
 * 1. `Authorization` present: the bearer token decides, cookies are ignored (no CSRF check).
 * 2. Else a valid `otc_session` cookie of an active web session: that member.
 * 3. Else, on a `guestCart` route, a valid `otc_cart` cookie: the guest cart's owner.
 * A token is accepted only while its session (`sid`) is active — not ended by sign-out, recovery,
 * a password change or "sign out of all devices" — and belongs to the token's customer; a cookie
 * is its session's row too, read the same way. One read per signed-in request, from the database
 * every time, so a session ended by another API process is refused from the very next request.
 * The same read tells until when the session counts as recently proven (`request.provenUntil`).
 *
 * A write carried by a cookie (not GET, HEAD or OPTIONS) must come from the shop's own pages: a
 * browser saying it came from another site (Origin, Sec-Fetch-Site) answers 403
 * `cross_site_request`, a missing or wrong CSRF token 403 `csrf_token_invalid`, both before the
 * body is validated, so a refused write changes nothing.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, errors, pickLanguage } from '../../lib/errors.js';
import { isPersonalRequest } from '../../lib/personal-request.js';
import {
  CART_COOKIE,
  SESSION_COOKIE,
  cookieOf,
  cookieSettings,
  isCrossSite,
  isWrite,
  sentCsrfToken,
  wantsWebSession,
  type CsrfSubject,
} from '../../lib/web-session.js';
import { provenUntil } from '../../services/proof.js';
import type { ActiveWebSession } from '../../services/tokens.js';

/** What the visitor's cookies name, each checked (an invalid cookie counts as none). */
export interface CookieVisitor {
  session: ActiveWebSession | null;
  cartOwnerId: number | null;
}

export default fp(
  async (app) => {
    const { webCookies } = app.services;
    const publicUrl = app.config.publicUrl;
    const development = app.config.nodeEnv !== 'production';
    app.decorateRequest('customerId', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('provenUntil', null);
    app.decorateRequest('credential', null);
    app.decorateRequest('lang', 'en');
    app.decorate('cookieSettings', cookieSettings(publicUrl));
    app.addHook('onRequest', async (request) => {
      request.lang = pickLanguage(request.headers['accept-language']);
    });
    // A customer's data, tokens and answers to a personal request (a bearer token, the web
    // session's or the guest cart's cookie) are never stored by a browser or a shared cache (a
    // route's own cache-control, e.g. the catalog's, is overridden).
    app.addHook('onSend', async (request, reply, payload) => {
      // A stricter answer of its own (a page drawn for the visitor: `private, no-store`) stays.
      const own = String(reply.getHeader('cache-control') ?? '');
      if ((isPersonalRequest(request) || request.routeOptions.config?.noStore) && !own.includes('no-store')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });

    // The cookies are read once per request, whichever hook or handler asks first.
    const visitors = new WeakMap<FastifyRequest, Promise<CookieVisitor>>();
    async function readVisitor(request: FastifyRequest): Promise<CookieVisitor> {
      const sessionCookie = cookieOf(request, SESSION_COOKIE);
      const session = sessionCookie ? await app.services.tokens.activeWebSession(sessionCookie) : null;
      const ownerId = webCookies.verifyCart(cookieOf(request, CART_COOKIE));
      const cartOwnerId = ownerId !== null && (await app.services.guestCarts.active(ownerId)) ? ownerId : null;
      return { session, cartOwnerId };
    }
    function visitor(request: FastifyRequest): Promise<CookieVisitor> {
      let found = visitors.get(request);
      if (!found) {
        found = readVisitor(request);
        visitors.set(request, found);
      }
      return found;
    }

    /** Origin first (nothing of the request is looked at), then the token bound to a cookie. */
    function guardWrite(request: FastifyRequest, subjects: CsrfSubject[]) {
      if (!isWrite(request.method)) return;
      if (isCrossSite(request, publicUrl, { development })) throw new HttpError('cross_site_request');
      if (subjects.length === 0) return;
      const sent = sentCsrfToken(request);
      if (!subjects.some((subject) => webCookies.csrfTokenMatches(subject, sent))) throw new HttpError('csrf_token_invalid');
    }

    function asMember(request: FastifyRequest, session: ActiveWebSession) {
      request.customerId = session.customerId;
      request.sessionId = session.sessionId;
      request.provenUntil = provenUntil(session);
      request.credential = 'session';
    }

    async function fromBearer(request: FastifyRequest) {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw errors.unauthorized();
      const claims = await app.services.tokens.verifyAccess(match[1]);
      if (!claims) throw errors.unauthorized();
      const session = await app.services.tokens.activeSession(claims.sessionId, claims.customerId);
      if (!session) throw errors.unauthorized();
      request.customerId = claims.customerId;
      request.sessionId = claims.sessionId;
      request.provenUntil = provenUntil(session);
      request.credential = 'bearer';
    }

    /** The member of a bearer token or a web session cookie; 401 without one. */
    async function authenticate(request: FastifyRequest) {
      if (request.headers.authorization !== undefined) return fromBearer(request);
      const { session } = await visitor(request);
      if (!session) throw errors.unauthorized();
      guardWrite(request, [{ sessionId: session.sessionId }]);
      asMember(request, session);
    }

    /**
     * `guestCart` routes: a member as above, else the guest cart's owner. Without either,
     * `optional` routes (readCart) answer a guest with nothing and `createsCart` ones (the first
     * add) go on to create the owner after validation (lib/contract-routes.ts); others answer 401.
     */
    async function authenticateCart(request: FastifyRequest, route: { optional?: boolean; createsCart?: boolean }) {
      if (request.headers.authorization !== undefined) return fromBearer(request);
      const { session, cartOwnerId } = await visitor(request);
      if (session) {
        guardWrite(request, [{ sessionId: session.sessionId }]);
        return asMember(request, session);
      }
      if (cartOwnerId !== null) {
        guardWrite(request, [{ cartOwnerId }]);
        request.customerId = cartOwnerId;
        request.credential = 'cart';
        return;
      }
      if (route.optional) return;
      if (route.createsCart) return guardWrite(request, []);
      throw errors.unauthorized();
    }

    /**
     * Other writes (sign-ins, sign-out, public forms): when a cookie names a session or a cart,
     * they are cookie-carried and checked; a sign-in asking for a web session is checked for its
     * origin too, cookie or not (a page elsewhere must not sign a browser into an account).
     */
    async function guardPublicWrite(request: FastifyRequest, route: { signIn?: boolean }) {
      if (!isWrite(request.method) || request.headers.authorization !== undefined) return;
      const { session, cartOwnerId } = await visitor(request);
      const subjects: CsrfSubject[] = [];
      if (session) subjects.push({ sessionId: session.sessionId });
      if (cartOwnerId !== null) subjects.push({ cartOwnerId });
      const webSignIn = route.signIn === true && wantsWebSession(request);
      if (subjects.length > 0 || webSignIn) guardWrite(request, subjects);
    }

    app.decorate('authenticate', authenticate);
    app.decorate('authenticateCart', authenticateCart);
    app.decorate('guardPublicWrite', guardPublicWrite);
    app.decorate('cookieVisitor', visitor);
  },
  { name: 'auth', dependencies: ['services'] },
);

/**
 * Sign-in, registration, recovery, the signed-in customer, their sessions and recent proof.
 * A sign-in asked for in `session` mode (`X-Auth-Mode: session`) starts a web session instead of
 * a token pair: the HttpOnly `otc_session` cookie, and the guest cart of an `otc_cart` cookie
 * merged into the member's draft (docs/web-session.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInAnswer } from '@otc/sdk/schemas';
import { defineHandlers } from '../../lib/contract-routes.js';
import { deviceLabel } from '../../lib/device-label.js';
import { CART_COOKIE, SESSION_COOKIE, clearCookie, sendSessionCookie, wantsWebSession } from '../../lib/web-session.js';
import type { SignInOptions, SignedIn } from '../../services/auth.js';

/**
 * What a new session keeps of the request that signed in (a coarse device label only), and
 * whether it is a web session.
 */
const meta = (request: FastifyRequest): SignInOptions => ({
  device: deviceLabel(request.headers['user-agent']),
  web: wantsWebSession(request),
});

/**
 * The sign-in's answer: the token pair, or (web session) the cookie set, its CSRF token and the
 * guest cart merged into the member's draft, its cookie cleared.
 */
async function answer(signedIn: SignedIn, request: FastifyRequest, reply: FastifyReply): Promise<SignInAnswer> {
  if (!signedIn.web) return signedIn.pair;
  const app = request.server;
  const csrf = sendSessionCookie(app, reply, signedIn.web);
  const { session: replaced, cartOwnerId } = await app.cookieVisitor(request);
  // The browser's earlier web session is unreachable once its cookie is replaced: it ends.
  if (replaced) await app.services.tokens.revokeFamily(replaced.sessionId);
  let merge = null;
  if (cartOwnerId !== null) {
    try {
      merge = await app.services.guestCarts.mergeIntoMember(cartOwnerId, signedIn.customerId, request.lang);
      clearCookie(reply, CART_COOKIE, app.cookieSettings);
    } catch (error) {
      // The member is signed in either way; the guest cart stays to be merged later.
      request.log.error({ err: error }, 'guest cart not merged at sign-in');
    }
  }
  return { session: 'cookie', csrf_token: csrf, merge };
}

export default defineHandlers({
  requestCode: async ({ body, services, request }) =>
    services.auth.requestLoginCode(body.login, request.ip, request.lang),

  verifyCode: async ({ body, services, request, reply }) =>
    answer(await services.auth.verifyLoginCode(body.login, body.code, meta(request)), request, reply),

  login: async ({ body, services, request, reply }) =>
    answer(await services.auth.loginWithPassword(body.username, body.password, meta(request)), request, reply),

  logout: async ({ body, services, request, reply }) => {
    if (body.refresh_token !== undefined) await services.tokens.revoke(body.refresh_token);
    // The web session of the cookie ends (and the cookie goes, valid or not).
    const { session } = await request.server.cookieVisitor(request);
    if (session) await services.tokens.revokeFamily(session.sessionId);
    if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) clearCookie(reply, SESSION_COOKIE, request.server.cookieSettings);
    return { ok: true as const };
  },

  csrfToken: async ({ services, request }) => {
    const { session, cartOwnerId } = await request.server.cookieVisitor(request);
    if (session) return { csrf_token: services.webCookies.csrfToken({ sessionId: session.sessionId }) };
    if (cartOwnerId !== null) return { csrf_token: services.webCookies.csrfToken({ cartOwnerId }) };
    return { csrf_token: null };
  },

  refreshToken: async ({ body, services }) =>
    services.tokens.rotate(body.refresh_token, (id) => services.customers.username(id)),

  registerCode: async ({ body, services, request }) =>
    services.auth.requestRegistrationCode(body.login, request.ip, request.lang),

  register: async ({ body, services, request, reply }) =>
    answer(await services.auth.register(body, meta(request)), request, reply),

  recoveryCode: async ({ body, services, request }) =>
    services.auth.requestRecoveryCode(body.login, request.ip, request.lang),

  recover: async ({ body, services, request, reply }) =>
    answer(await services.auth.recover(body, meta(request)), request, reply),

  me: async ({ customerId, services }) => services.customers.get(customerId),

  listSessions: async ({ customerId, services, request }) =>
    services.tokens.listSessions(customerId, request.sessionId),

  endAllSessions: async ({ customerId, services }) => {
    // Every session, the asking one too: its access token is refused from the next request on.
    await services.tokens.revokeCustomer(customerId);
    return { ok: true as const };
  },

  endSession: async ({ customerId, params, services }) => {
    await services.tokens.endSession(customerId, params.id);
    return { ok: true as const };
  },

  proofStatus: async ({ customerId, services, request }) =>
    services.proof.status(customerId, request.provenUntil),

  requestProofCode: async ({ customerId, services, request }) =>
    services.proof.requestCode(customerId, request.ip, request.lang),

  prove: async ({ customerId, body, services, request }) =>
    services.proof.prove(customerId, { sessionId: request.sessionId, provenUntil: request.provenUntil }, body),
});

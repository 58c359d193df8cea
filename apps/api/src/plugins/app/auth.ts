/**
 * The language of each request (Accept-Language), the bearer-token check used as pre-handler of
 * `auth: true` routes, and `Cache-Control: no-store` on what no cache may keep.
 *
 * The check: a correctly signed, unexpired token is accepted only while its session (`sid`) is
 * active — not ended by sign-out, recovery, a password change or "sign out of all devices" — and
 * belongs to the token's customer (a session dies with its customer). One primary-key lookup per
 * signed-in request, read from the database every time, so a session ended by another API
 * process is refused from the very next request. The same read tells until when the session
 * counts as recently proven (`request.provenUntil`: its sign-in, or an explicit proof; see
 * services/proof.ts), which `recentProof` routes and a password change check.
 */
import fp from 'fastify-plugin';
import { errors, pickLanguage } from '../../lib/errors.js';
import { provenUntil } from '../../services/proof.js';

export default fp(
  async (app) => {
    app.decorateRequest('customerId', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('provenUntil', null);
    app.decorateRequest('lang', 'en');
    app.addHook('onRequest', async (request) => {
      request.lang = pickLanguage(request.headers['accept-language']);
    });
    // A customer's data, tokens and answers to a bearer-carrying request are never stored by a
    // browser or a shared cache (a route's own cache-control, e.g. the catalog's, is overridden).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.headers.authorization !== undefined || request.routeOptions.config?.noStore) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
    app.decorate('authenticate', async (request) => {
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
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

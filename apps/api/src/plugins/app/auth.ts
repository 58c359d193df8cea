/**
 * The language of each request (Accept-Language) and the bearer-token check used as pre-handler
 * of `auth: true` routes: a correctly signed, unexpired token whose customer no longer exists is
 * refused like a bad one (401), with one primary-key lookup per request.
 */
import fp from 'fastify-plugin';
import { errors, pickLanguage } from '../../lib/errors.js';

export default fp(
  async (app) => {
    app.decorateRequest('customerId', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('lang', 'en');
    app.addHook('onRequest', async (request) => {
      request.lang = pickLanguage(request.headers['accept-language']);
    });
    app.decorate('authenticate', async (request) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw errors.unauthorized();
      const claims = await app.services.tokens.verifyAccess(match[1]);
      if (!claims) throw errors.unauthorized();
      if (!(await app.services.customers.exists(claims.customerId))) throw errors.unauthorized();
      request.customerId = claims.customerId;
      request.sessionId = claims.sessionId;
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

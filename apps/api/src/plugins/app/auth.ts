/**
 * The language of each request (Accept-Language) and the bearer-token check used as pre-handler
 * of `auth: true` routes.
 */
import fp from 'fastify-plugin';
import { errors, pickLanguage } from '../../lib/errors.js';

export default fp(
  async (app) => {
    app.decorateRequest('customerId', null);
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
      request.customerId = claims.customerId;
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

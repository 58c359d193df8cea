/**
 * Security headers. The CSP fits the built storefront and the Swagger UI (same origin only):
 * scripts only from the shop's own files, never inline (the storefront's index.html has none
 * but a JSON data block, which browsers do not run). HSTS only in production (a development
 * server on http://localhost must not pin the browser to https). No header names the server or
 * its version (Fastify sends none; `x-powered-by` is never set).
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface HelmetOptions {
  production: boolean;
}

export default fp<HelmetOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      hidePoweredBy: true,
    });
  },
  { name: 'helmet' },
);

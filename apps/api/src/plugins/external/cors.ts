/** CORS only for the configured origins (CORS_ORIGINS); none by default (same origin). */
import cors from '@fastify/cors';
import fp from 'fastify-plugin';

export default fp<{ origins: string[] }>(
  async (app, options) => {
    await app.register(cors, {
      origin: options.origins.length > 0 ? options.origins : false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // X-Auth-Mode and X-CSRF-Token: the SDK's `session` mode (docs/web-session.md). Cookies
      // never go cross-origin (no credentials here, SameSite=Lax): other origins use tokens.
      // X-Correlation-Id: the SDK README's tracing example (one id per call, kept by its
      // retries, logged with each request); without it listed every such call fails its preflight.
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Accept',
        'Accept-Language',
        'X-Auth-Mode',
        'X-CSRF-Token',
        'X-Correlation-Id',
      ],
      // A page on another origin reads these (the SDK's retries honour Retry-After; it keeps
      // the contract version and the CSRF token): without them listed, the browser hides them.
      exposedHeaders: ['Retry-After', 'X-Contract-Version', 'X-CSRF-Token'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);

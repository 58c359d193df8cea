/** CORS only for the configured origins (CORS_ORIGINS); none by default (same origin). */
import cors from '@fastify/cors';
import fp from 'fastify-plugin';

export default fp<{ origins: string[] }>(
  async (app, options) => {
    await app.register(cors, {
      origin: options.origins.length > 0 ? options.origins : false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
      // A page on another origin reads these (the SDK's retries honour Retry-After; it keeps
      // the contract version): without them listed, the browser hides them from its script.
      exposedHeaders: ['Retry-After', 'X-Contract-Version'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);

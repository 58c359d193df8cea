/**
 * Request rate limits per client address: a global ceiling, and a tighter one on sign-in calls
 * (set per route by the contract registration). Counters live in Redis when REDIS_URL is set
 * (shared by every process), else in memory.
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../../lib/errors.js';

export interface RateLimitOptions {
  redisUrl?: string | undefined;
  /** Requests per minute per address over all routes. */
  max: number;
}

export default fp<RateLimitOptions>(
  async (app, options) => {
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: '1 minute',
      // Only the API is limited: one page load fetches ~25 hashed assets, and people behind one
      // address (a family, a clinic) must never see a blank page for loading the shop.
      allowList: (request) => !request.url.startsWith('/api/'),
      ...(redis ? { redis, nameSpace: 'otc-rl:' } : {}),
      errorResponseBuilder: (_request, context) =>
        new HttpError('too_many_requests', { extra: { retryAfter: Math.ceil(context.ttl / 1000) } }),
    });
  },
  { name: 'rate-limit' },
);

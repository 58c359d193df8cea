/**
 * Request rate limits per client address: a global ceiling, and a tighter one on sign-in calls
 * (set per route by the contract registration). Counters live in Redis when REDIS_URL is set
 * (shared by every process), else in memory.
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../../lib/errors.js';
import { isRenderCall } from '../../lib/render-call.js';

/** Whether a matched route pattern is the API's (unmatched addresses are pages or 404s). */
export function isApiRoute(routePattern: string | undefined): boolean {
  return routePattern !== undefined && (routePattern === '/api' || routePattern.startsWith('/api/'));
}

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
      // address (a family, a clinic) must never see a blank page for loading the shop. Decided by
      // the route that runs, never by the spelling of the address: the router decodes the path,
      // so `/%61pi/auth/login` runs the sign-in route and must count as it (issue 32).
      // The page renderer's own calls are a page's data, not the visitor's API traffic: counted,
      // a visitor who spent their limit would get (and the page cache keep) a page without data.
      allowList: (request) => !isApiRoute(request.routeOptions.url) || isRenderCall(request),
      ...(redis ? { redis, nameSpace: 'otc-rl:' } : {}),
      errorResponseBuilder: (_request, context) =>
        new HttpError('too_many_requests', { extra: { retryAfter: Math.ceil(context.ttl / 1000) } }),
    });
  },
  { name: 'rate-limit' },
);

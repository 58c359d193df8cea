/**
 * Daily request limits per client address for the support calls (contact messages, product
 * requests, guest balance checks), tighter than the global per-minute limit. Counters live in the
 * rate-limit plugin's store (Redis when REDIS_URL is set, else memory). Over the limit: 429
 * `limitReached` ("Your daily request limit is reached") with Retry-After.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const DAY = '1 day';
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limiters = new WeakMap<FastifyInstance, Map<string, Limiter>>();

export async function enforceDailyLimit(request: FastifyRequest, name: string, max: number) {
  const app = request.server;
  let byName = limiters.get(app);
  if (!byName) {
    byName = new Map();
    limiters.set(app, byName);
  }
  let limiter = byName.get(name);
  if (!limiter) {
    limiter = app.createRateLimit({
      max,
      timeWindow: DAY,
      keyGenerator: (req) => `daily:${name}:${req.ip}`,
    });
    byName.set(name, limiter);
  }
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) {
    throw new HttpError('limitReached', { extra: { retryAfter: result.ttlInSeconds } });
  }
}

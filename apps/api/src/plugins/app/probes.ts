/**
 * Probes for a load balancer or orchestrator (outside the contract: not customer calls).
 *
 * - GET /api/health/live: the process answers (no dependency is checked, so a database outage
 *   never gets healthy processes restarted).
 * - GET /api/health/ready: the process should get traffic: the database answers `SELECT 1`, Redis
 *   (when REDIS_URL is set) answers PING, each within `timeoutMs`, and the process is not
 *   shutting down. 503 `{ status: 'unavailable', checks }` otherwise.
 *
 * `app.lifecycle.draining` is set by the server on SIGTERM: readiness then answers 503 so the
 * balancer stops sending new requests while the in-flight ones finish.
 */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

export interface ProbesOptions {
  redisUrl?: string | undefined;
  /** Longest wait for each dependency (ms). */
  timeoutMs?: number;
}

export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

type Check = 'ok' | 'failed' | 'skipped';

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default fp<ProbesOptions>(
  async (app, options) => {
    const timeoutMs = options.timeoutMs ?? 2000;
    app.decorate('lifecycle', { draining: false });
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, {
          lazyConnect: true,
          connectTimeout: timeoutMs,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: true,
        })
      : undefined;
    // A failed ping is reported by the probe; the client's own error events must not crash us.
    redis?.on('error', () => {});
    if (redis) app.addHook('onClose', async () => void redis.disconnect());

    const noStore = { 'cache-control': 'no-store' };

    app.get('/api/health/live', { config: { rateLimit: false } }, async (_request, reply) => {
      return reply.headers(noStore).send({ status: 'ok' });
    });

    app.get('/api/health/ready', { config: { rateLimit: false } }, async (request, reply) => {
      const checks: { database: Check; redis: Check; accepting: Check } = {
        database: 'ok',
        redis: redis ? 'ok' : 'skipped',
        accepting: app.lifecycle.draining ? 'failed' : 'ok',
      };
      await Promise.all([
        within(app.database.ping(), timeoutMs).catch((error: unknown) => {
          checks.database = 'failed';
          request.log.warn({ err: { message: (error as Error).message } }, 'readiness: database');
        }),
        redis
          ? within(redis.ping(), timeoutMs).catch((error: unknown) => {
              checks.redis = 'failed';
              request.log.warn({ err: { message: (error as Error).message } }, 'readiness: redis');
            })
          : undefined,
      ]);
      const ready = Object.values(checks).every((check) => check !== 'failed');
      return reply
        .code(ready ? 200 : 503)
        .headers(noStore)
        .send({ status: ready ? 'ok' : 'unavailable', checks });
    });
  },
  { name: 'probes', dependencies: ['database'] },
);

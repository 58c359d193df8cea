/**
 * Liveness and readiness (src/plugins/app/probes.ts): live answers while the process runs;
 * ready checks the database and Redis (when configured) and turns 503 while draining.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../helpers.js';

// The migrated template is built once, in a hook (its time is not a test's).
beforeAll(async () => (await openTestDatabase()).drop());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('health probes', () => {
  it('live answers 200 without touching dependencies, uncached', async () => {
    t = await buildTestApp();
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 200 when the database answers and no Redis is configured', async () => {
    t = await buildTestApp();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'skipped', accepting: 'ok' },
    });
  });

  it('ready answers 503 while the process drains (SIGTERM), live still 200', async () => {
    t = await buildTestApp();
    t.app.lifecycle.draining = true;
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { accepting: 'failed' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('ready answers 503 when the database is gone', async () => {
    t = await buildTestApp();
    const realPing = t.database.ping.bind(t.database);
    t.database.ping = () => Promise.reject(new Error('connection refused'));
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    t.database.ping = realPing;
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
  });

  it('ready answers 503 when the configured Redis does not answer, within the timeout', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    t = await buildTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    const started = Date.now();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'ok', redis: 'failed' } });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ready checks the real Redis when TEST_REDIS_URL is given, else an absent one is skipped', async () => {
    const url = process.env.TEST_REDIS_URL;
    t = await buildTestApp(url ? { config: { redisUrl: url } } : {});
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ checks: { redis: url ? 'ok' : 'skipped' } });
  });
});

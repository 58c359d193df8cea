import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { ConfigError, loadConfig } from '../../../src/env.js';
import { buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('development outbox', () => {
  it('lists the messages of one address, newest first, with their codes', async () => {
    await call(t.app, { method: 'POST', url: '/api/auth/register/code', payload: { login: 'box@example.com' } });
    t.clock.advance(61_000);
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/code',
      payload: { login: 'box@example.com' },
      headers: { 'accept-language': 'es' },
    });
    const res = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=BOX@example.com' });
    expect(res.status).toBe(200);
    const messages = res.body.messages as { subject: string; code: string; text: string; channel: string }[];
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ channel: 'email', subject: 'Su código de registro' });
    expect(messages[1]?.subject).toBe('Your registration code');
    expect(messages[0]?.text).toContain(messages[0]?.code);
    const other = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=other@example.com' });
    expect(other.body).toEqual({ messages: [] });
  });

  it('answers loopback clients only, whatever X-Forwarded-For says (403)', async () => {
    for (const remoteAddress of ['192.0.2.7', '::ffff:10.1.2.3', '2001:db8::1']) {
      const res = await call(t.app, {
        method: 'GET',
        url: '/api/dev/outbox?to=box@example.com',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
      expect(res.response.body).not.toContain('messages');
    }
    const local = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=box@example.com', remoteAddress: '::1' });
    expect(local.status).toBe(200);
  });

  it('needs the address (422)', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/dev/outbox' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ to: ['Required'] });
  });
});

describe('production', () => {
  it('refuses to start without JWT_SECRET, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/JWT_SECRET is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrowError(/at least 32/);
  });

  it('buildApp also refuses production without a secret', async () => {
    await expect(
      buildApp({ env: { NODE_ENV: 'test' }, config: { nodeEnv: 'production', jwtSecret: undefined, dataDir: ':memory:' } }),
    ).rejects.toThrowError(/JWT_SECRET/);
  });

  it('has no outbox route', async () => {
    const prod = await buildTestApp({ config: { nodeEnv: 'production', logLevel: 'silent' } });
    try {
      const res = await call(prod.app, { method: 'GET', url: '/api/dev/outbox?to=box@example.com' });
      expect(res.status).toBe(404);
      // Everything else is there.
      expect((await call(prod.app, { method: 'GET', url: '/api/health' })).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

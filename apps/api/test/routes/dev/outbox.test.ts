import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { oneTimeCodes, outboxMessages } from '../../../src/db/schema.js';
import { ConfigError, loadConfig } from '../../../src/env.js';
import { buildTestApp, call, openTestDatabase, testConfig, type TestApp } from '../../helpers.js';

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

  it('stores no one-time code in clear: the outbox row withholds it, the code table keeps a hash', async () => {
    // A real notifier delivers the code: the test's mail transport is the customer's mailbox.
    const mailbox: string[] = [];
    const mailTransport = {
      sendMail: async (mail: { text: string }) => {
        mailbox.push(mail.text);
        return {};
      },
      close: () => {},
    } as unknown as Transporter;
    const prod = await buildTestApp({ config: { nodeEnv: 'production', logLevel: 'silent' }, mailTransport });
    try {
      const sent = await call(prod.app, { method: 'POST', url: '/api/auth/register/code', payload: { login: 'prod@example.com' } });
      expect(sent.status).toBe(200);
      expect(await call(prod.app, { method: 'POST', url: '/api/auth/register/code', payload: { login: '2025550188' } }))
        .toMatchObject({ status: 200, body: { channel: 'sms' } });
      const code = /: (\d{6})\./.exec(mailbox[0] ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const rows = await prod.database.db.select().from(outboxMessages);
      expect(rows.map((row) => [row.to, row.status, row.code])).toEqual([
        ['prod@example.com', 'sent', null],
        ['2025550188', 'stored', null],
      ]);
      for (const row of rows) {
        expect(row.text).toContain('[withheld]');
        expect(row.text).not.toMatch(/\d{6}/);
      }
      const stored = await prod.database.db.select().from(oneTimeCodes);
      expect(stored).toHaveLength(2);
      for (const row of stored) {
        expect(row.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(JSON.stringify(row)).not.toContain(code);
      }
      // The code the customer received still registers the account.
      const done = await call(prod.app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: { login: 'prod@example.com', code },
      });
      expect(done.status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('start-up scrubs the codes an older version stored in clear; development keeps them', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      await database.db.insert(outboxMessages).values([
        { to: 'old@example.com', channel: 'email', subject: 'Your sign-in code', text: 'Your sign-in code: 482913. It expires in 10 minutes.', code: '482913' },
        { to: 'old@example.com', channel: 'email', subject: 'Notice', text: 'Order 100042 shipped.' },
      ]);
      const dev = await buildApp({ env: { NODE_ENV: 'test' }, config: testConfig(), database });
      await dev.close();
      expect((await database.db.select().from(outboxMessages)).map((row) => row.code)).toEqual(['482913', null]);

      const prod = await buildApp({ env: { NODE_ENV: 'test' }, config: testConfig({ nodeEnv: 'production' }), database });
      await prod.close();
      const rows = await database.db.select().from(outboxMessages).orderBy(outboxMessages.id);
      expect(rows.map((row) => [row.text, row.code])).toEqual([
        ['Your sign-in code: [withheld]. It expires in 10 minutes.', null],
        ['Order 100042 shipped.', null],
      ]);
    } finally {
      await drop();
    }
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

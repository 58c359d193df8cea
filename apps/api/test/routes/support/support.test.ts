import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, call, registerCustomer, type TestApp } from '../../helpers.js';

/**
 * A siteverify endpoint in the reCAPTCHA v3 shape on a local port: the token names its score
 * ("score-0.9"), and only the configured secret is accepted.
 */
const SITE_SECRET = 'site-secret';
let siteverify: Server;
const seen: URLSearchParams[] = [];

let t: TestApp;
beforeAll(async () => {
  siteverify = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const match = /^score-(\d(?:\.\d+)?)$/.exec(form.get('response') ?? '');
      const ok = form.get('secret') === SITE_SECRET && match !== null;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ok ? { success: true, score: Number(match[1]) } : { success: false }));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.address() as AddressInfo;
  t = await buildTestApp({
    config: {
      botCheck: true,
      botCheckUrl: `http://127.0.0.1:${port}/siteverify`,
      botCheckSecret: SITE_SECRET,
      botCheckMinScore: 0.5,
      supportDailyLimitPerClient: 3,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => siteverify?.close(resolve));
});

const message = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  phone: '(202) 555-0190',
  message: 'Where is my order?',
  botToken: 'score-0.9',
};
const contact = (payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/api/contact', payload, remoteAddress, headers });

describe('contact messages', () => {
  it('stores a message (e-mail optional) and answers a reference number', async () => {
    const res = await contact(message, '10.0.1.1');
    expect(res.status).toBe(200);
    expect(res.body.reference).toMatch(new RegExp(`^C-${t.clock.now().getUTCFullYear()}-\\d{6}$`));
    const withEmail = await contact({ ...message, email: 'ana@example.com' }, '10.0.1.1');
    expect(withEmail.status).toBe(200);
    expect(withEmail.body.reference).not.toBe(res.body.reference);
    expect(seen.at(-1)?.get('remoteip')).toBe('10.0.1.1');
  });

  it('refuses a malformed phone and e-mail with 422', async () => {
    const phone = await contact({ ...message, phone: '555-0190-55' }, '10.0.1.2');
    expect(phone.status).toBe(422);
    expect(phone.body.data).toEqual({ phone: ['This field has wrong format'] });
    const email = await contact({ ...message, email: 'nope' }, '10.0.1.7');
    expect(email.status).toBe(422);
    expect(Object.keys(email.body.data as object)).toEqual(['email']);
  });

  it('answers 429 limitReached past the daily limit of a client address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await contact(message, '10.0.1.3')).status).toBe(200);
    const over = await contact(message, '10.0.1.3');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'limitReached', message: 'Your daily request limit is reached' });
    expect(Number(over.response.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still gets through.
    expect((await contact(message, '10.0.1.4')).status).toBe(200);
  });

  it('rejects a low bot-check score, and a missing token, with 403 low_rate', async () => {
    const low = await contact({ ...message, botToken: 'score-0.1' }, '10.0.1.5');
    expect(low.status).toBe(403);
    expect(low.body.code).toBe('low_rate');
    const { botToken: _omitted, ...withoutToken } = message;
    const missing = await contact(withoutToken, '10.0.1.6');
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('low_rate');
  });
});

describe('product requests', () => {
  it('needs a login, stores the request and answers a number', async () => {
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/product-request',
      payload: { name: 'Vitamin D3 2000 IU', botToken: 'score-0.8' },
    });
    expect(anonymous.status).toBe(401);
    const { token } = await registerCustomer(t.app, 'requests@example.com');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/product-request',
      headers: bearer(token),
      remoteAddress: '10.0.2.1',
      payload: { name: 'Vitamin D3 2000 IU', link: 'example.com/vitamin-d3', botToken: 'score-0.8' },
    });
    expect(res.status).toBe(200);
    expect(res.body.number).toMatch(/^R-\d{4}-\d{6}$/);
  });

  it('refuses a malformed link, a low score and too many requests', async () => {
    const { token } = await registerCustomer(t.app, 'requests.bad@example.com');
    const request = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/product-request', headers: bearer(token), remoteAddress: '10.0.2.2', payload });
    // A malformed link is refused by the contract's schema, before the daily limit counts it.
    const badLink = await request({ name: 'Thing', link: 'not a link', botToken: 'score-0.9' });
    expect(badLink.status).toBe(422);
    expect(badLink.body.data).toEqual({ link: ['This link doesn’t look like a correct URL'] });
    expect(badLink.body.fields).toEqual({ link: [{ code: 'invalid_url' }] });
    const bot = await request({ name: 'Thing', botToken: 'score-0.2' });
    expect(bot.body.code).toBe('low_rate');
    for (const _ of [1, 2]) expect((await request({ name: 'Thing', botToken: 'score-0.9' })).status).toBe(200);
    const over = await request({ name: 'Thing', botToken: 'score-0.9' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('limitReached');
  });
});

describe('balance check limits', () => {
  it('guards the guest balance check with the bot check', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/balance-check',
      remoteAddress: '10.0.3.1',
      payload: { type: 'network', number: '6035000000000001', code: '123', botToken: 'score-0.3' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('low_rate');
  });
});

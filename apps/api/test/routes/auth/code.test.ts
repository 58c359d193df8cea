import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, call, outboxCode, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  // Many customers from one address here: the client address's waits are tested on their own.
  t = await buildTestApp({ config: { codeClientFreePerHour: 1000 } });
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url, payload: payload as object, headers });

describe('sign-in with a one-time code', () => {
  it('sends a code to the outbox and signs in with it', async () => {
    await registerCustomer(t.app, 'Code.User@Example.com');
    t.clock.advance(61_000);
    const sent = await post('/api/auth/code', { login: 'code.user@example.com' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ channel: 'email', resendIn: 60 });
    const code = await outboxCode(t.app, 'code.user@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const verified = await post('/api/auth/code/verify', { login: 'code.user@example.com', code });
    expect(verified.status).toBe(200);
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(String(verified.body.token)) });
    expect(me.status).toBe(200);
    expect(me.body.emails).toEqual([
      expect.objectContaining({ address: 'code.user@example.com', reg: true, verified: true }),
    ]);
    // A used code does not work twice.
    const again = await post('/api/auth/code/verify', { login: 'code.user@example.com', code });
    expect(again.status).toBe(422);
  });

  it('signs in by phone with the code sent by SMS', async () => {
    await registerCustomer(t.app, '+1 (305) 555-0199');
    t.clock.advance(61_000);
    const sent = await post('/api/auth/code', { login: '305.555.0199' });
    expect(sent.body).toEqual({ channel: 'sms', resendIn: 60 });
    const code = await outboxCode(t.app, '3055550199');
    const verified = await post('/api/auth/code/verify', { login: '3055550199', code });
    expect(verified.status).toBe(200);
    const [, payload = ''] = String(verified.body.token).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.username).toBe('3055550199');
    expect(typeof claims.exp).toBe('number');
  });

  it('answers 422 for a login that is neither an e-mail nor a phone', async () => {
    const sent = await post('/api/auth/code', { login: 'not a login' });
    expect(sent.status).toBe(422);
    expect(sent.body.data).toEqual({ login: ['This field has wrong format'] });
  });

  it('answers 404 for an unknown account', async () => {
    const sent = await post('/api/auth/code', { login: 'nobody@example.com' });
    expect(sent.status).toBe(404);
    expect(sent.body.code).toBe('account_not_found');
  });

  it('refuses a new code before the resend countdown, then allows it', async () => {
    await registerCustomer(t.app, 'resend@example.com');
    t.clock.advance(61_000);
    expect((await post('/api/auth/code', { login: 'resend@example.com' })).status).toBe(200);
    t.clock.advance(20_000);
    const early = await post('/api/auth/code', { login: 'resend@example.com' });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'resend_too_soon', seconds: 40 });
    expect(early.body.message).toBe('Please wait 40 seconds before requesting another code.');
    expect(early.response.headers['retry-after']).toBe('40');
    const spanish = await post('/api/auth/code', { login: 'resend@example.com' }, { 'accept-language': 'es-US,es;q=0.9' });
    expect(spanish.body.message).toBe('Espere 40 segundos antes de solicitar otro código.');
    t.clock.advance(40_000);
    expect((await post('/api/auth/code', { login: 'resend@example.com' })).status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    await registerCustomer(t.app, 'expiry@example.com');
    t.clock.advance(61_000);
    await post('/api/auth/code', { login: 'expiry@example.com' });
    const code = await outboxCode(t.app, 'expiry@example.com');
    t.clock.advance(10 * 60_000 + 1);
    const late = await post('/api/auth/code/verify', { login: 'expiry@example.com', code });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'invalid_code', data: { code: ['The code is not correct or has expired.'] } });
  });

  it('allows 5 tries per code, then the right code no longer works', async () => {
    await registerCustomer(t.app, 'tries@example.com');
    t.clock.advance(61_000);
    await post('/api/auth/code', { login: 'tries@example.com' });
    const code = await outboxCode(t.app, 'tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await post('/api/auth/code/verify', { login: 'tries@example.com', code: wrong })).status).toBe(422);
    }
    const fifth = await post('/api/auth/code/verify', { login: 'tries@example.com', code: wrong });
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('code_attempts_exceeded');
    const right = await post('/api/auth/code/verify', { login: 'tries@example.com', code });
    expect(right.status).toBe(429);
  });

  it('slows the codes of one login past a few (code_requests_slowed), never for a day', async () => {
    await registerCustomer(t.app, 'daily@example.com');
    // The registration code counts: 2 more are free, then the login waits 1 minute.
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(61_000);
      expect((await post('/api/auth/code', { login: 'daily@example.com' })).status).toBe(200);
    }
    t.clock.advance(30_000);
    // A recovery code (another purpose, no resend wait of its own) waits for the login too.
    const over = await post('/api/auth/recovery/code', { login: 'daily@example.com' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'code_requests_slowed', minutes: 1, retryAfter: 30 });
    expect(over.response.headers['retry-after']).toBe('30');
    t.clock.advance(30_000);
    expect((await post('/api/auth/code', { login: 'daily@example.com' })).status).toBe(200);
  });

  it('rejects a malformed code with 422 before looking anything up', async () => {
    const bad = await post('/api/auth/code/verify', { login: 'code.user@example.com', code: '12ab' });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ code: ['This field has wrong format'] });
  });
});

describe('a used or spent code and the resend wait', () => {
  // Its own app: these tests send many codes from one address.
  let u: TestApp;
  beforeAll(async () => {
    u = await buildTestApp({ config: { codeClientFreePerHour: 1000 } });
  });
  afterAll(async () => u?.close());
  const send = (url: string, payload: unknown) => call(u.app, { method: 'POST', url, payload: payload as object });

  it('a used code holds no new one back: a new code goes out at once and signs in', async () => {
    await registerCustomer(u.app, 'used@example.com');
    u.clock.advance(61_000);
    await send('/api/auth/code', { login: 'used@example.com' });
    const first = await outboxCode(u.app, 'used@example.com');
    expect((await send('/api/auth/code/verify', { login: 'used@example.com', code: first })).status).toBe(200);
    u.clock.advance(5_000);
    const again = await send('/api/auth/code', { login: 'used@example.com' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ channel: 'email', resendIn: 60 });
    const second = await outboxCode(u.app, 'used@example.com');
    // The new code is live: it holds the next request back, and it signs in.
    const early = await send('/api/auth/code', { login: 'used@example.com' });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'resend_too_soon', seconds: 60 });
    expect((await send('/api/auth/code/verify', { login: 'used@example.com', code: second })).status).toBe(200);
  });

  it('a code whose 5 tries are spent holds no new one back', async () => {
    await registerCustomer(u.app, 'spent@example.com');
    u.clock.advance(61_000);
    await send('/api/auth/code', { login: 'spent@example.com' });
    const first = await outboxCode(u.app, 'spent@example.com');
    const wrong = first === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await send('/api/auth/code/verify', { login: 'spent@example.com', code: wrong });
    }
    const dead = await send('/api/auth/code/verify', { login: 'spent@example.com', code: first });
    expect(dead.status).toBe(429);
    expect(dead.body.code).toBe('code_attempts_exceeded');
    // A new code may be asked for at once.
    expect(dead.response.headers['retry-after']).toBe('1');
    u.clock.advance(2_000);
    const again = await send('/api/auth/code', { login: 'spent@example.com' });
    expect(again.status).toBe(200);
    const second = await outboxCode(u.app, 'spent@example.com');
    expect((await send('/api/auth/code/verify', { login: 'spent@example.com', code: second })).status).toBe(200);
  });

  it('codes used at once still count toward the login\u2019s waits', async () => {
    await registerCustomer(u.app, 'quick@example.com');
    // The registration code counts: 2 more are free, each used as soon as it comes.
    for (let i = 0; i < 2; i += 1) {
      u.clock.advance(1_000);
      expect((await send('/api/auth/code', { login: 'quick@example.com' })).status).toBe(200);
      const code = await outboxCode(u.app, 'quick@example.com');
      expect((await send('/api/auth/code/verify', { login: 'quick@example.com', code })).status).toBe(200);
    }
    u.clock.advance(1_000);
    const over = await send('/api/auth/code', { login: 'quick@example.com' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'code_requests_slowed', minutes: 1 });
  });

  it('after a used code, 40 parallel requests still send one code (the per-login lock holds)', async () => {
    await registerCustomer(u.app, 'burst@example.com');
    await send('/api/auth/code', { login: 'burst@example.com' });
    const used = await outboxCode(u.app, 'burst@example.com');
    expect((await send('/api/auth/code/verify', { login: 'burst@example.com', code: used })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => send('/api/auth/code', { login: 'burst@example.com' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.code === 'resend_too_soon')).toBe(true);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(39);
  });
});

describe('client address limit', () => {
  it('slows the code requests of one client address past its free ones', async () => {
    const local = await buildTestApp({ config: { codeClientFreePerHour: 2 } });
    try {
      for (const login of ['a1@example.com', 'a2@example.com']) {
        const r = await local.app.inject({ method: 'POST', url: '/api/auth/register/code', payload: { login } });
        expect(r.statusCode).toBe(200);
      }
      const third = await local.app.inject({
        method: 'POST',
        url: '/api/auth/register/code',
        payload: { login: 'a3@example.com' },
      });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'too_many_requests', retryAfter: 60 });
      expect(third.headers['retry-after']).toBe('60');
      local.clock.advance(60_000);
      const later = await local.app.inject({ method: 'POST', url: '/api/auth/register/code', payload: { login: 'a3@example.com' } });
      expect(later.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

/**
 * Code sending that cannot be turned against the owner (issue 17, services/code-throttle.ts):
 * before, 10 code requests for a login locked its code sign-in for a day (`limitReached`), and
 * lookups of unknown logins cost an address nothing. Now a login's codes are slowed by waits that
 * double up to 15 minutes, every code request of an address counts (unknown logins too), and the
 * password sign-in is a separate lock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, call, outboxCode, registerCustomer, type TestApp } from '../../helpers.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
async function app(config: Parameters<typeof buildTestApp>[0] = {}) {
  const built = await buildTestApp(config);
  apps.push(built);
  return built;
}

/** A client address of its own (the test apps believe X-Forwarded-For from loopback). */
const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}` });
const OWNER = { 'x-forwarded-for': '198.51.100.7' };
const MAX_LOGIN_WAIT_S = 15 * 60;

describe('a flood of code requests for a member\u2019s login', () => {
  it('30 requests from 30 addresses: the wait grows (1, 2, 4, 8 min) but the owner never waits more than 15 minutes', async () => {
    const t = await app({ config: { trustProxy: ['127.0.0.1'] } });
    await registerCustomer(t.app, 'owner@example.com', { password: 'Owner1234' });
    const slowedWaits: number[] = [];
    let longestOwnerWait = 0;
    let sent = 0;
    let waitToldMs = 0;
    for (let i = 0; i < 30; i += 1) {
      // The attacker asks again as soon as it is allowed.
      t.clock.advance(waitToldMs + 1_000);
      waitToldMs = 0;
      const attack = await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'owner@example.com' }, headers: from(i) });
      if (attack.status === 200) {
        sent += 1;
      } else {
        expect(attack.status).toBe(429);
        expect(['code_requests_slowed', 'resend_too_soon']).toContain(attack.body.code);
        const wait = Number(attack.response.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(MAX_LOGIN_WAIT_S);
        if (attack.body.code === 'code_requests_slowed') slowedWaits.push(wait);
      }
      // What the owner would face right now, from their own address.
      const owner = await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'owner@example.com' }, headers: OWNER });
      if (owner.status === 429) longestOwnerWait = Math.max(longestOwnerWait, Number(owner.response.headers['retry-after']));
      else expect(owner.status).toBe(200);
      if (attack.status === 429) waitToldMs = Number(attack.response.headers['retry-after']) * 1000;
    }
    expect(longestOwnerWait).toBeGreaterThan(0);
    expect(longestOwnerWait).toBeLessThanOrEqual(MAX_LOGIN_WAIT_S);
    // The waits grow, doubling, then stay at the cap.
    expect(Math.max(...slowedWaits)).toBe(MAX_LOGIN_WAIT_S - 1);
    const distinct = [...new Set(slowedWaits)];
    expect(distinct).toEqual([...distinct].sort((a, b) => a - b));
    expect(distinct.length).toBeGreaterThanOrEqual(4);
    expect(sent).toBeGreaterThan(3);
    // Every code the flood sent went to the owner: the newest one (a second old) signs in.
    const code = await outboxCode(t.app, 'owner@example.com');
    expect((await call(t.app, { method: 'POST', url: '/api/auth/code/verify', payload: { login: 'owner@example.com', code } })).status).toBe(200);
  }, 180_000);

  it('a member with a password signs in with it while the login\u2019s code sending is slowed', async () => {
    const t = await app({ config: { trustProxy: ['127.0.0.1'], codeResendSeconds: 0 } });
    await registerCustomer(t.app, 'pw@example.com', { password: 'Member1234' });
    for (let i = 0; i < 6; i += 1) {
      await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'pw@example.com' }, headers: from(i) });
    }
    const slowed = await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'pw@example.com' }, headers: OWNER });
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('code_requests_slowed');
    // The password guard key (`password:<login>`) is another lock: the password works at once.
    const signedIn = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'pw@example.com', password: 'Member1234' },
      headers: OWNER,
    });
    expect(signedIn.status).toBe(200);
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(String(signedIn.body.token)) });
    expect(me.status).toBe(200);
  });

  it('answers with Retry-After and the minutes, in English and Spanish', async () => {
    const t = await app({ config: { codeResendSeconds: 0, codeClientFreePerHour: 1000 } });
    await registerCustomer(t.app, 'es@example.com');
    for (let i = 0; i < 2; i += 1) {
      expect((await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'es@example.com' } })).status).toBe(200);
    }
    t.clock.advance(10_000);
    const en = await call(t.app, { method: 'POST', url: '/api/auth/recovery/code', payload: { login: 'es@example.com' } });
    expect(en.status).toBe(429);
    expect(en.response.headers['retry-after']).toBe('50');
    expect(en.body).toMatchObject({
      code: 'code_requests_slowed',
      minutes: 1,
      retryAfter: 50,
      message:
        'Many codes were asked for this e-mail or phone. You can ask for a new one in 1 min. A code already sent still works for 10 minutes.',
    });
    const es = await call(t.app, {
      method: 'POST',
      url: '/api/auth/code',
      payload: { login: 'es@example.com' },
      headers: { 'accept-language': 'es-US,es;q=0.9' },
    });
    expect(es.response.headers['retry-after']).toBe('50');
    expect(es.body.message).toBe(
      'Se pidieron muchos códigos para este correo o teléfono. Puede pedir uno nuevo en 1 min. Un código ya enviado sigue funcionando durante 10 minutos.',
    );
  });

  it('after an hour\u2019s quiet the login starts afresh: its free codes go out at once again', async () => {
    const t = await app({ config: { codeResendSeconds: 0, codeClientFreePerHour: 1000 } });
    await registerCustomer(t.app, 'quiet@example.com');
    const ask = () => call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'quiet@example.com' } });
    // The registration code and this one are two of the three free ones.
    expect((await ask()).status).toBe(200);
    // Up to the cap: 1, 2, 4, 8, 15 minutes.
    for (const minutes of [1, 2, 4, 8, 15, 15]) {
      expect((await ask()).status).toBe(200);
      const slowed = await ask();
      expect(slowed.body).toMatchObject({ code: 'code_requests_slowed', minutes });
      t.clock.advance(minutes * 60_000);
    }
    expect((await ask()).status).toBe(200);
    // 59 minutes after the last wait ended: still slowed as before.
    t.clock.advance(15 * 60_000 + 59 * 60_000);
    expect((await ask()).status).toBe(200);
    expect((await ask()).body).toMatchObject({ code: 'code_requests_slowed', minutes: 15 });
    // An hour without a request once the wait has ended: three codes at once, then 1 minute.
    t.clock.advance(15 * 60_000 + 60 * 60_000);
    for (let i = 0; i < 3; i += 1) expect((await ask()).status).toBe(200);
    expect((await ask()).body).toMatchObject({ code: 'code_requests_slowed', minutes: 1, retryAfter: 60 });
  });

  it('20 parallel requests for one login send no more than its free codes', async () => {
    const t = await app({ config: { codeResendSeconds: 0, trustProxy: ['127.0.0.1'] } });
    await registerCustomer(t.app, 'parallel@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'parallel@example.com' }, headers: from(i) }),
      ),
    );
    // The registration code was the first of the three.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429 && a.body.code === 'code_requests_slowed')).toHaveLength(18);
    const box = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=parallel@example.com' });
    expect(box.body.messages).toHaveLength(3);
  });
});

describe('every code request of a client address counts, unknown logins too', () => {
  it('sign-in and recovery codes for unknown logins, a registration code for a taken one and a taken contact spend the address\u2019s free requests', async () => {
    const t = await app({ config: { codeClientFreePerHour: 5, trustProxy: ['127.0.0.1'] } });
    await registerCustomer(t.app, 'taken@example.com');
    const other = await registerCustomer(t.app, 'someone@example.com');
    // The registrations above came from loopback; the prober is another address.
    const prober = { 'x-forwarded-for': '192.0.2.44' };
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      call(t.app, { method: 'POST', url, payload, headers: { ...prober, ...headers } });
    expect((await post('/api/auth/code', { login: 'nobody1@example.com' })).body.code).toBe('account_not_found');
    expect((await post('/api/auth/recovery/code', { login: 'nobody2@example.com' })).body.code).toBe('account_not_found');
    expect((await post('/api/auth/register/code', { login: 'taken@example.com' })).body.code).toBe('account_exists');
    expect((await post('/api/email', { value: 'taken@example.com' }, bearer(other.token))).body.code).toBe('contact_taken');
    // The fifth: a code sent (a real one), then the address waits.
    expect((await post('/api/auth/register/code', { login: 'new@example.com' })).status).toBe(200);
    const unknown = await post('/api/auth/code', { login: 'nobody3@example.com' }, { 'accept-language': 'es' });
    // While it waits, an unknown login and a known one answer alike: nothing is said of either.
    const known = await post('/api/auth/code', { login: 'taken@example.com' }, { 'accept-language': 'es' });
    for (const answer of [unknown, known]) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'too_many_requests', retryAfter: 60 });
      expect(answer.body.message).toBe('Demasiadas solicitudes. Inténtelo de nuevo en un momento.');
      expect(answer.response.headers['retry-after']).toBe('60');
    }
    // Another address is not held back; the prober's next wait is longer (2 minutes).
    expect((await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'nobody4@example.com' } })).status).toBe(404);
    t.clock.advance(60_000);
    expect((await post('/api/auth/code', { login: 'nobody5@example.com' })).status).toBe(404);
    const next = await post('/api/auth/code', { login: 'nobody6@example.com' });
    expect(next.status).toBe(429);
    expect(next.response.headers['retry-after']).toBe('120');
  });

  it('20 parallel lookups of unknown logins from one address: no more than its free ones are answered', async () => {
    const t = await app({ config: { codeClientFreePerHour: 5 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: `ghost${i}@example.com` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 404)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.body.code === 'too_many_requests')).toHaveLength(15);
  });

  it('20 parallel registration codes for 20 new logins from one address: no more than its free ones are sent', async () => {
    const t = await app({ config: { codeClientFreePerHour: 5 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, { method: 'POST', url: '/api/auth/register/code', payload: { login: `fresh${i}@example.com` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.body.code === 'too_many_requests')).toHaveLength(15);
  });
});

/**
 * Found in the security sweep (issue 11): forged X-Forwarded-For, guessing per account, racing
 * code requests, sessions after a password change, tokens without `exp`, passwords without a
 * maximum length.
 */
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_FIRST_LOCK_MS, GUARD_FREE_TRIES } from '../../../src/services/sign-in-guard.js';
import { CODE_GUARD_FREE_TRIES, CODE_MAX_ATTEMPTS } from '../../../src/services/codes.js';
import { TEST_SECRET, bearer, buildTestApp, call, outboxCode, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  // Many requests from one address here; the address's waits are tested with their own apps.
  t = await buildTestApp({ config: { codeClientFreePerHour: 1000 } });
});
afterAll(async () => t?.close());

const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}, 198.51.100.${i % 250}` });
const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/api/auth/login', payload: { username, password }, headers });

describe('password guessing per account', () => {
  it('40 wrong passwords, each from a new forged address: 429 from the 11th, then the right one waits for the lock', async () => {
    await registerCustomer(t.app, 'target@example.com', { password: 'Right1234' });
    const statuses: number[] = [];
    let lastRetry: string | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await login('target@example.com', `Wrong${i}pass`, forged(i));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.code).toBe('too_many_requests');
        lastRetry = res.response.headers['retry-after'] as string | undefined;
      }
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBe(GUARD_FREE_TRIES);
    expect(statuses.slice(0, GUARD_FREE_TRIES).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(GUARD_FREE_TRIES).every((s) => s === 429)).toBe(true);
    expect(Number(lastRetry)).toBe(GUARD_FIRST_LOCK_MS / 1000);

    // The right password is refused while the lock lasts, from any address...
    const locked = await login('TARGET@example.com', 'Right1234', forged(99));
    expect(locked.status).toBe(429);
    expect(locked.response.headers['retry-after']).toBe('60');
    t.clock.advance(GUARD_FIRST_LOCK_MS - 1_000);
    expect((await login('target@example.com', 'Right1234')).status).toBe(429);

    // ...and the next wrong one after the lock locks for twice as long (growing delay).
    t.clock.advance(1_000);
    expect((await login('target@example.com', 'Wrong-again1')).status).toBe(401);
    const doubled = await login('target@example.com', 'Right1234');
    expect(doubled.status).toBe(429);
    expect(doubled.response.headers['retry-after']).toBe(String((2 * GUARD_FIRST_LOCK_MS) / 1000));
    t.clock.advance(2 * GUARD_FIRST_LOCK_MS);
    expect((await login('target@example.com', 'Right1234')).status).toBe(200);
    // A success forgets the failures: ten more tries before a lock.
    for (let i = 0; i < GUARD_FREE_TRIES - 1; i++) {
      expect((await login('target@example.com', `Wrong${i}pass`)).status).toBe(401);
    }
  });

  it('locks an unknown login the same way (a lock tells nothing about accounts)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < GUARD_FREE_TRIES + 2; i++) statuses.push((await login('nobody-here@example.com', `Wrong${i}pass`, forged(i))).status);
    expect(statuses.slice(GUARD_FREE_TRIES)).toEqual([429, 429]);
  });

  it('parallel guesses cannot slip past the count', async () => {
    await registerCustomer(t.app, 'parallel@example.com', { password: 'Right1234' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('parallel@example.com', `Wrong${i}pass`, forged(i))),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(GUARD_FREE_TRIES);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - GUARD_FREE_TRIES);
  });
});

describe('current-password guessing on password change (issue 17)', () => {
  const change = (token: string, currentPassword: string, password = 'Changed1234') =>
    call(t.app, {
      method: 'PUT',
      url: '/api/customer/password',
      headers: bearer(token),
      payload: { currentPassword, password, passwordConfirmation: password },
    });

  it('locks after the same 10 wrong current passwords as sign-in; the right one then waits too', async () => {
    const tokens = await registerCustomer(t.app, 'holder@example.com', { password: 'Right1234' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await change(tokens.token, `Wrong${i}pass`)).status);
    expect(statuses.indexOf(429)).toBe(GUARD_FREE_TRIES);
    expect(statuses.slice(0, GUARD_FREE_TRIES).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(GUARD_FREE_TRIES).every((s) => s === 429)).toBe(true);
    const locked = await change(tokens.token, 'Right1234');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_requests');
    expect(locked.response.headers['retry-after']).toBe('60');
    // The account is locked as a password sign-in locks it: the sign-in form waits as well.
    expect((await login('holder@example.com', 'Right1234')).status).toBe(429);
    t.clock.advance(GUARD_FIRST_LOCK_MS);
    expect((await change(tokens.token, 'Right1234')).status).toBe(200);
  });

  it('counts on the same lock as sign-in: wrong passwords through either add up', async () => {
    const tokens = await registerCustomer(t.app, 'shared-lock@example.com', { password: 'Right1234' });
    for (let i = 0; i < GUARD_FREE_TRIES / 2; i++) {
      expect((await login('shared-lock@example.com', `Wrong${i}pass`)).status).toBe(401);
    }
    for (let i = 0; i < GUARD_FREE_TRIES / 2; i++) {
      expect((await change(tokens.token, `Wrong${i}pass`)).status).toBe(422);
    }
    expect((await change(tokens.token, 'Right1234')).status).toBe(429);
  });
});

describe('one-time code guessing per login (issue 32, item 6: a limit per code, not a lock on the owner)', () => {
  /** An app that sends codes to one login as fast as asked (the sending waits have their own tests). */
  const openApp = () =>
    buildTestApp({ config: { codeResendSeconds: 0, codeLoginFreePerHour: 1000, codeClientFreePerHour: 1000 } });
  const requestCode = async (app: TestApp, login: string) => {
    const sent = await call(app.app, { method: 'POST', url: '/api/auth/code', payload: { login } });
    expect(sent.status).toBe(200);
    return outboxCode(app.app, login);
  };
  const verify = (app: TestApp, login: string, code: string, i = 0) =>
    call(app.app, { method: 'POST', url: '/api/auth/code/verify', payload: { login, code }, headers: forged(i) });
  /** Spends a code on wrong guesses: its tries, each answered by its code. */
  const spend = async (app: TestApp, login: string, right: string, from: number) => {
    const wrong = right === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) codes.push(String((await verify(app, login, wrong, from + i)).body.code));
    return codes;
  };

  it('each code has its own tries: after two codes of wrong guesses, the right code of the next signs the member in', async () => {
    const app = await openApp();
    try {
      await registerCustomer(app.app, 'owner@example.com');
      for (let round = 0; round < 2; round++) {
        const codes = await spend(app, 'owner@example.com', await requestCode(app, 'owner@example.com'), round * 10);
        expect(codes).toEqual([...Array(CODE_MAX_ATTEMPTS - 1).fill('invalid_code'), 'code_attempts_exceeded']);
      }
      const right = await verify(app, 'owner@example.com', await requestCode(app, 'owner@example.com'));
      expect(right.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('locks the login after CODE_GUARD_FREE_TRIES wrong codes in a row, whatever the address; the right code then waits too', async () => {
    const app = await openApp();
    try {
      await registerCustomer(app.app, 'codes@example.com');
      const rounds = CODE_GUARD_FREE_TRIES / CODE_MAX_ATTEMPTS;
      for (let round = 0; round < rounds; round++) {
        const codes = await spend(app, 'codes@example.com', await requestCode(app, 'codes@example.com'), round * CODE_MAX_ATTEMPTS);
        expect(codes.at(-1)).toBe('code_attempts_exceeded');
        expect(codes.slice(0, -1).every((c) => c === 'invalid_code')).toBe(true);
      }
      const code = await requestCode(app, 'codes@example.com');
      const locked = await verify(app, 'codes@example.com', code);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('too_many_requests');
      expect(locked.response.headers['retry-after']).toBe('60');
      app.clock.advance(GUARD_FIRST_LOCK_MS);
      expect((await verify(app, 'codes@example.com', code)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('per-client limits use the socket address, not X-Forwarded-For', () => {
  it('sign-in calls: a new forged address each time still hits the per-minute limit', async () => {
    const app = await buildTestApp({ rateLimit: { authMax: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await call(app.app, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: `someone${i}@example.com`, password: 'Wrong1234' },
          headers: forged(i),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('code requests, contact messages and balance checks: the per-address limits hold against forged addresses', async () => {
    const app = await buildTestApp({
      config: { codeClientFreePerHour: 3, supportDailyLimitPerClient: 2, codeResendSeconds: 0 },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(app.app, {
          method: 'POST',
          url: '/api/auth/register/code',
          payload: { login: `new${i}@example.com` },
          headers: forged(i),
        });
        codes.push(res.status);
        if (res.status === 429) {
          // The address's first wait (services/code-throttle.ts), not a day.
          expect(res.body.code).toBe('too_many_requests');
          expect(res.response.headers['retry-after']).toBe('60');
        }
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);

      const contact = {
        firstName: 'Ana',
        lastName: 'Ruiz',
        phone: '(202) 555-0190',
        message: 'Where is my order?',
      };
      const messages: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call(app.app, { method: 'POST', url: '/api/contact', payload: contact, headers: forged(i) });
        messages.push(res.status);
        if (res.status === 429) expect(Number(res.response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(messages).toEqual([200, 200, 429, 429]);

      const balance: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call(app.app, {
          method: 'POST',
          url: '/api/balance-check',
          payload: { type: 'network', number: '6035000000000001', code: '123' },
          headers: forged(i),
        });
        balance.push(res.status);
      }
      // No sandbox ledger here: the number is unknown (422) until the limit answers first.
      expect(balance).toEqual([422, 422, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('a configured proxy (TRUST_PROXY) is believed: its clients count one by one', async () => {
    const app = await buildTestApp({ config: { codeClientFreePerHour: 3, trustProxy: ['127.0.0.1'] } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(app.app, {
          method: 'POST',
          url: '/api/auth/register/code',
          payload: { login: `proxied${i}@example.com` },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(res.status);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200]);
      // A client that is not the proxy is not believed.
      const outside = await call(app.app, {
        method: 'POST',
        url: '/api/auth/register/code',
        payload: { login: 'outside@example.com' },
        headers: { 'x-forwarded-for': '203.0.113.77' },
        remoteAddress: '192.0.2.10',
      });
      expect(outside.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('code sending is atomic', () => {
  it('40 parallel code requests for one login send one code', async () => {
    await registerCustomer(t.app, 'racer@example.com');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'racer@example.com' }, headers: forged(i) }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(39);
    expect(refused.every((a) => a.body.code === 'resend_too_soon' && a.response.headers['retry-after'] === '60')).toBe(true);
    const box = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=racer@example.com' });
    const subjects = (box.body.messages as { subject: string }[]).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Your sign-in code')).toHaveLength(1);
  });

  it('40 parallel requests without a resend wait stop at the login\u2019s free codes', async () => {
    const app = await buildTestApp({ config: { codeResendSeconds: 0, codeClientFreePerHour: 1000 } });
    try {
      await registerCustomer(app.app, 'daily@example.com');
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          call(app.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'daily@example.com' } }),
        ),
      );
      // The registration code counts: 2 sign-in codes more make the login's 3 free ones.
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.every((a) => a.body.code === 'code_requests_slowed' && a.response.headers['retry-after'] === '60')).toBe(true);
      const box = await call(app.app, { method: 'GET', url: '/api/dev/outbox?to=daily@example.com' });
      expect(box.body.messages).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});

describe('sessions after a password change', () => {
  it('ends the other devices\u2019 sessions and keeps the one that changed it', async () => {
    const here = await registerCustomer(t.app, 'devices@example.com', { password: 'First1234' });
    const other = (await login('devices@example.com', 'First1234')).body as { token: string; refresh_token: string };
    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/customer/password',
      payload: { currentPassword: 'First1234', password: 'Second1234', passwordConfirmation: 'Second1234' },
      headers: bearer(here.token),
    });
    expect(changed.status).toBe(200);
    const refresh = (token: string) =>
      call(t.app, { method: 'POST', url: '/api/auth/token-refresh', payload: { refresh_token: token } });
    const otherDevice = await refresh(other.refresh_token);
    expect(otherDevice.status).toBe(401);
    expect(otherDevice.body.code).toBe('invalid_refresh_token');
    const thisDevice = await refresh(here.refresh_token);
    expect(thisDevice.status).toBe(200);
    // The rotated session is still the one kept: a second change ends nothing of this device.
    expect((await login('devices@example.com', 'Second1234')).status).toBe(200);
  });
});

describe('tokens and passwords', () => {
  const key = new TextEncoder().encode(TEST_SECRET);

  it('refuses a correctly signed token without exp (401)', async () => {
    const tokens = await registerCustomer(t.app, 'noexp@example.com');
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(tokens.token) });
    const id = String(me.body.id);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const signed = (withExp: boolean) => {
      // The token's own session (`sid`): only the missing `exp` differs between the two.
      const jwt = new SignJWT({ username: 'noexp@example.com', sid: decodeJwt(tokens.token).sid }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(id).setIssuedAt(now);
      return (withExp ? jwt.setExpirationTime(now + 600) : jwt).sign(key);
    };
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(await signed(true)) })).status).toBe(200);
    const without = await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(await signed(false)) });
    expect(without.status).toBe(401);
    expect(without.body.code).toBe('unauthorized');
  });

  it('refuses a 5 000-character password with 422 too_long on the field, 100 000 with 413', async () => {
    // A body past the route's limit (16 KB) is refused before it is read (issue 17).
    const huge = await login('someone@example.com', `Aa1${'x'.repeat(100_000)}`);
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
    const long = `Aa1${'x'.repeat(5_000)}`;
    const sign = await login('someone@example.com', long);
    expect(sign.status).toBe(422);
    expect(sign.body.fields).toEqual({ password: [{ code: 'too_long', params: { max: 128 } }] });
    const tokens = await registerCustomer(t.app, 'longpass@example.com');
    const change = await call(t.app, {
      method: 'PUT',
      url: '/api/customer/password',
      payload: { password: long, passwordConfirmation: long },
      headers: bearer(tokens.token),
    });
    expect(change.status).toBe(422);
    expect((change.body.fields as Record<string, { code: string }[]>).password?.[0]?.code).toBe('too_long');
  });
});

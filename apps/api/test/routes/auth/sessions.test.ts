/**
 * Sessions end when they are ended (issue 17): the access token names its session (`sid`), and
 * every signed-in request checks it, so sign-out, recovery, a password change, "sign out of all
 * devices" and ending one session refuse the ended sessions' access tokens at once — not up to
 * 15 minutes later — also in another API process on the same database.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { sessions } from '../../../src/db/schema.js';
import { deviceLabel } from '../../../src/lib/device-label.js';
import { SESSION_TOUCH_MS } from '../../../src/services/tokens.js';
import {
  TEST_SECRET,
  bearer,
  buildTestApp,
  call,
  outboxCode,
  registerCustomer,
  testConfig,
  type TestApp,
  type Tokens,
} from '../../helpers.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url, payload: payload as object, headers });
const me = (token: string) => call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const authed = (token: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
  call(t.app, { method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function signIn(login: string, password: string, userAgent?: string): Promise<Tokens> {
  const res = await post('/api/auth/login', { username: login, password }, userAgent ? { 'user-agent': userAgent } : {});
  expect(res.status).toBe(200);
  return res.body as unknown as Tokens;
}

describe('the access token names its session', () => {
  it('carries `sid`, the refresh-token family, kept through rotation', async () => {
    const first = await registerCustomer(t.app, 'sid@example.com');
    const sid = decodeJwt(first.token).sid;
    expect(sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    const next = await post('/api/auth/token-refresh', { refresh_token: first.refresh_token });
    expect(decodeJwt(String(next.body.token)).sid).toBe(sid);
  });

  it('refuses a correctly signed token without a session (it could never be revoked)', async () => {
    const tokens = await registerCustomer(t.app, 'nosid@example.com');
    const claims = decodeJwt(tokens.token);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const unnamed = await new SignJWT({ username: claims.username })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await me(unnamed)).status).toBe(401);
    expect((await me(tokens.token)).status).toBe(200);
  });

  it("refuses a token naming another customer's session", async () => {
    const a = await registerCustomer(t.app, 'own-a@example.com');
    const b = await registerCustomer(t.app, 'own-b@example.com');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const mixed = await new SignJWT({ username: 'own-a@example.com', sid: decodeJwt(b.token).sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(decodeJwt(a.token).sub))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await me(mixed)).status).toBe(401);
  });
});

describe('ending sessions refuses their access tokens at once', () => {
  it('sign-out: the access token of the session is refused on the next request (reads and writes)', async () => {
    const tokens = await registerCustomer(t.app, 'out@example.com');
    expect((await me(tokens.token)).status).toBe(200);
    expect((await post('/api/auth/logout', { refresh_token: tokens.refresh_token })).status).toBe(200);
    const read = await me(tokens.token);
    expect(read.status).toBe(401);
    expect(read.body.code).toBe('unauthorized');
    const write = await authed(tokens.token, 'POST', '/api/customer/address', {
      address: '1 Main St',
      city: 'Miami',
      state: 'FL',
      zip: '33130',
    });
    expect(write.status).toBe(401);
  });

  it('recovery: every earlier session is refused at once; the recovered one works', async () => {
    await registerCustomer(t.app, 'recover-s@example.com', { password: 'Secret123' });
    const other = await signIn('recover-s@example.com', 'Secret123');
    t.clock.advance(61_000);
    await post('/api/auth/recovery/code', { login: 'recover-s@example.com' });
    const code = await outboxCode(t.app, 'recover-s@example.com');
    const done = await post('/api/auth/recovery', {
      login: 'recover-s@example.com',
      code,
      password: 'NewSecret1',
      passwordConfirmation: 'NewSecret1',
    });
    expect(done.status).toBe(200);
    expect((await me(other.token)).status).toBe(401);
    expect((await me(String(done.body.token))).status).toBe(200);
  });

  it('password change: the other devices are refused at once, this one stays signed in', async () => {
    const here = await registerCustomer(t.app, 'change-s@example.com', { password: 'Secret123' });
    const there = await signIn('change-s@example.com', 'Secret123');
    const changed = await authed(here.token, 'PUT', '/api/customer/password', {
      currentPassword: 'Secret123',
      password: 'Secret456',
      passwordConfirmation: 'Secret456',
    });
    expect(changed.status).toBe(200);
    expect((await me(there.token)).status).toBe(401);
    expect((await me(here.token)).status).toBe(200);
    expect((await post('/api/auth/token-refresh', { refresh_token: here.refresh_token })).status).toBe(200);
  });

  it('sign out of all devices: every session ends, the asking one too, tokens and refresh tokens', async () => {
    await registerCustomer(t.app, 'all@example.com', { password: 'Secret123' });
    const a = await signIn('all@example.com', 'Secret123');
    const b = await signIn('all@example.com', 'Secret123');
    const bystander = await registerCustomer(t.app, 'bystander@example.com');
    const out = await authed(a.token, 'DELETE', '/api/auth/sessions');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    for (const pair of [a, b]) {
      expect((await me(pair.token)).status).toBe(401);
      expect((await post('/api/auth/token-refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
    }
    expect((await me(bystander.token)).status).toBe(200);
  });

  it('ending one session signs that device out at once and leaves the others', async () => {
    await registerCustomer(t.app, 'one@example.com', { password: 'Secret123' });
    const phone = await signIn('one@example.com', 'Secret123', SAFARI_IPHONE);
    const laptop = await signIn('one@example.com', 'Secret123', CHROME_WINDOWS);
    const ended = await authed(laptop.token, 'DELETE', `/api/auth/sessions/${String(decodeJwt(phone.token).sid)}`);
    expect(ended.status).toBe(200);
    expect((await me(phone.token)).status).toBe(401);
    expect((await post('/api/auth/token-refresh', { refresh_token: phone.refresh_token })).status).toBe(401);
    expect((await me(laptop.token)).status).toBe(200);
    // Ended already, another customer's, unknown or malformed: as if it did not exist.
    const again = await authed(laptop.token, 'DELETE', `/api/auth/sessions/${String(decodeJwt(phone.token).sid)}`);
    expect(again.status).toBe(404);
    const stranger = await registerCustomer(t.app, 'stranger@example.com');
    const theirs = await authed(stranger.token, 'DELETE', `/api/auth/sessions/${String(decodeJwt(laptop.token).sid)}`);
    expect(theirs.status).toBe(404);
    expect((await me(laptop.token)).status).toBe(200);
    expect((await authed(laptop.token, 'DELETE', '/api/auth/sessions/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await authed(laptop.token, 'DELETE', '/api/auth/sessions/not-a-session')).status).toBe(422);
  });
});

describe('the list of active sessions', () => {
  it('lists id, created, last used, the current flag and a coarse device label; ended ones are gone', async () => {
    await registerCustomer(t.app, 'list@example.com', { password: 'Secret123' });
    t.clock.advance(1000);
    const phone = await signIn('list@example.com', 'Secret123', SAFARI_IPHONE);
    t.clock.advance(1000);
    const laptop = await signIn('list@example.com', 'Secret123', CHROME_WINDOWS);
    const listed = await authed(laptop.token, 'GET', '/api/auth/sessions');
    expect(listed.status).toBe(200);
    const rows = listed.body.sessions as { id: string; current: boolean; device: string | null; createdAt: string; lastUsedAt: string }[];
    // Three: the registration's session (no User-Agent: no label), the phone and the laptop.
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      id: decodeJwt(laptop.token).sid,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      current: true,
      device: 'Chrome · Windows',
    });
    expect(rows[1]).toMatchObject({ id: decodeJwt(phone.token).sid, current: false, device: 'Safari · iPhone' });
    expect(rows[2]).toMatchObject({ current: false, device: null });

    // Used again within the minute: the last use stays (one write a minute at most); a minute
    // after, it moves.
    const phoneRow = async () =>
      ((await authed(laptop.token, 'GET', '/api/auth/sessions')).body.sessions as typeof rows).find(
        (row) => row.id === decodeJwt(phone.token).sid,
      )!;
    const before = Date.parse((await phoneRow()).lastUsedAt);
    t.clock.advance(before + SESSION_TOUCH_MS - 1 - t.clock.now().getTime());
    expect((await me(phone.token)).status).toBe(200);
    expect(Date.parse((await phoneRow()).lastUsedAt)).toBe(before);
    t.clock.advance(1);
    expect((await me(phone.token)).status).toBe(200);
    expect(Date.parse((await phoneRow()).lastUsedAt)).toBe(t.clock.now().getTime());

    await post('/api/auth/logout', { refresh_token: phone.refresh_token });
    const left = (await authed(laptop.token, 'GET', '/api/auth/sessions')).body.sessions as typeof rows;
    expect(left.map((row) => row.id)).not.toContain(decodeJwt(phone.token).sid);
    expect(left).toHaveLength(2);
  });

  it('answers 401 without a session, and never another customer’s sessions', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/auth/sessions' })).status).toBe(401);
    const mine = await registerCustomer(t.app, 'mine-only@example.com');
    await registerCustomer(t.app, 'not-mine@example.com');
    const listed = (await authed(mine.token, 'GET', '/api/auth/sessions')).body.sessions as unknown[];
    expect(listed).toHaveLength(1);
  });
});

describe('public routes that read the customer', () => {
  it('answer an ended session as a guest: nothing of the customer any more', async () => {
    const shop = await buildTestApp({ seed: true });
    try {
      const signedIn = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'network.demo@example.com', password: 'Demo1234' },
      });
      const { token, refresh_token } = signedIn.json() as Tokens;
      const added = await shop.app.inject({ method: 'POST', url: '/api/favorites', headers: bearer(token), payload: { sku_id: 5 } });
      expect(added.statusCode).toBe(200);
      const detail = async () =>
        (
          (await shop.app.inject({ method: 'GET', url: '/api/catalog/products/5', headers: bearer(token) })).json() as {
            product: { favorite: boolean; eligible: boolean | null };
          }
        ).product;
      expect((await detail()).favorite).toBe(true);
      await shop.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token } });
      expect(await detail()).toMatchObject({ favorite: false, eligible: null });
    } finally {
      await shop.close();
    }
  });
});

describe('two API processes on one database', () => {
  it('a session ended through one process is refused by the other on the next request', async () => {
    // A second app on the same database: its own services, its own memory, as a second process.
    const second = await buildApp({
      env: { NODE_ENV: 'test' },
      config: testConfig(),
      database: t.database,
      clock: t.clock,
      rateLimit: { authMax: 10_000 },
    });
    await second.ready();
    try {
      const tokens = await registerCustomer(t.app, 'two-proc@example.com', { password: 'Secret123' });
      const other = await signIn('two-proc@example.com', 'Secret123');
      const meOn = (app: typeof second, token: string) =>
        app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect((await meOn(second, tokens.token)).statusCode).toBe(200);
      expect((await meOn(second, other.token)).statusCode).toBe(200);
      // Sign out of all devices on the first process; the second refuses both at once.
      expect((await authed(other.token, 'DELETE', '/api/auth/sessions')).status).toBe(200);
      expect((await meOn(second, tokens.token)).statusCode).toBe(401);
      expect((await meOn(second, other.token)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe('device labels', () => {
  it('names the browser family and the system only', () => {
    expect(deviceLabel(CHROME_WINDOWS)).toBe('Chrome · Windows');
    expect(deviceLabel(SAFARI_IPHONE)).toBe('Safari · iPhone');
    expect(
      deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0'),
    ).toBe('Firefox · macOS');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet · Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      ),
    ).toBe('Edge · Windows');
    expect(deviceLabel('curl/8.5.0')).toBe('');
    expect(deviceLabel(undefined)).toBe('');
  });
});

describe('migration 0009', () => {
  it('turns every refresh-token family signed in before it into a session, ended ones ended', async () => {
    const live = await registerCustomer(t.app, 'backfill@example.com');
    const dead = await registerCustomer(t.app, 'backfill-dead@example.com');
    await post('/api/auth/logout', { refresh_token: dead.refresh_token });
    const ids = [String(decodeJwt(live.token).sid), String(decodeJwt(dead.token).sid)];
    for (const id of ids) await t.database.db.delete(sessions).where(eq(sessions.id, id));
    const migration = readFileSync(new URL('../../../drizzle/0009_sessions.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO "sessions"'));
    await t.database.db.execute(sql.raw(backfill!));
    const [alive] = await t.database.db.select().from(sessions).where(eq(sessions.id, ids[0]!));
    const [ended] = await t.database.db.select().from(sessions).where(eq(sessions.id, ids[1]!));
    expect(alive).toMatchObject({ revokedAt: null, device: '' });
    expect(ended?.revokedAt).toBeInstanceOf(Date);
    expect((await post('/api/auth/token-refresh', { refresh_token: live.refresh_token })).status).toBe(200);
  });
});

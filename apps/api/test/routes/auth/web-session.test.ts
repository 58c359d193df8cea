// The web session (issue 29, docs/web-session.md): a sign-in sent with `X-Auth-Mode: session`
// sets the HttpOnly `otc_session` cookie instead of answering tokens; the cookie is a session
// like a token's (every way of ending one ends it, in every process); writes it carries need the
// shop's origin and the session's CSRF token; the refresh grace of the tokens mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { isCrossSite } from '../../../src/lib/web-session.js';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../src/services/tokens.js';
import {
  bearer,
  buildTestApp,
  call,
  outboxCode,
  registerCustomer,
  registerWeb,
  setCookieOf,
  testConfig,
  type TestApp,
} from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  // Many accounts registered from one address: past the free code requests of a client.
  t = await buildTestApp({ config: { publicUrl: 'http://shop.test', codeClientFreePerHour: 1000 } });
});
afterAll(async () => t?.close());

const SHOP = 'http://shop.test';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url, payload: payload as object, headers });
const asWeb = (web: { cookie: string }, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { cookie: web.cookie, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
/** A write as the shop's own page sends it: its origin, the session's token. */
const write = (web: { cookie: string; csrf: string }, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  asWeb(web, method, url, payload, { origin: SHOP, 'sec-fetch-site': 'same-origin', 'x-csrf-token': web.csrf });
const me = (web: { cookie: string }) => asWeb(web, 'GET', '/api/auth/me');

describe('a sign-in in session mode', () => {
  it('sets otc_session (HttpOnly, SameSite=Lax, Path=/, Max-Age of the session, not Secure over http) and answers no token', async () => {
    const web = await registerWeb(t.app, 'web-cookie@example.com', { password: 'Secret123' });
    expect(web.body).toEqual({ session: 'cookie', csrf_token: web.csrf, merge: null });
    expect(JSON.stringify(web.body)).not.toMatch(/token"\s*:\s*"ey|refresh_token/);
    const login = await post('/api/auth/login', { username: 'web-cookie@example.com', password: 'Secret123' }, { 'x-auth-mode': 'session' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ session: 'cookie', csrf_token: expect.any(String), merge: null });
    expect(login.response.headers['x-csrf-token']).toBe(login.body.csrf_token);
    expect(login.response.headers['cache-control']).toBe('no-store');
    const cookie = setCookieOf(login.response, 'otc_session')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toEqual(['Path=/', `Max-Age=${30 * 24 * 60 * 60}`, 'HttpOnly', 'SameSite=Lax']);
    // Each sign-in is a session of its own, with a token of its own.
    expect(login.body.csrf_token).not.toBe(web.csrf);
  });

  it('is Secure when the shop is served over https', async () => {
    const https = await buildTestApp({ config: { publicUrl: 'https://shop.example' } });
    try {
      const web = await registerWeb(https.app, 'web-secure@example.com');
      const res = await https.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: web.cookie } });
      expect(res.statusCode).toBe(200);
      const again = await https.app.inject({
        method: 'POST',
        url: '/api/auth/code/verify',
        headers: { 'x-auth-mode': 'session' },
        payload: { login: 'web-secure@example.com', code: await (async () => {
          await https.app.inject({ method: 'POST', url: '/api/auth/code', payload: { login: 'web-secure@example.com' } });
          return outboxCode(https.app, 'web-secure@example.com');
        })() },
      });
      expect(setCookieOf(again, 'otc_session')!.attributes).toContain('Secure');
    } finally {
      await https.close();
    }
  });

  it('without the header answers a token pair and sets no cookie (tokens mode unchanged)', async () => {
    await registerCustomer(t.app, 'web-tokens@example.com', { password: 'Secret123' });
    const login = await post('/api/auth/login', { username: 'web-tokens@example.com', password: 'Secret123' });
    expect(login.body).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
    expect(login.response.headers['set-cookie']).toBeUndefined();
  });

  it('the cookie signs in on member routes, answers no-store, and is listed as the current session', async () => {
    const web = await registerWeb(t.app, 'web-me@example.com');
    const profile = await me(web);
    expect(profile.status).toBe(200);
    expect(profile.body.emails).toEqual([expect.objectContaining({ address: 'web-me@example.com' })]);
    expect(profile.response.headers['cache-control']).toBe('no-store');
    const list = await asWeb(web, 'GET', '/api/auth/sessions');
    expect(list.body.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect((await asWeb({ cookie: 'otc_session=forged-value' }, 'GET', '/api/auth/me')).status).toBe(401);
  });

  it('a web sign-in in a browser that already held a web session ends the one it replaces', async () => {
    const web = await registerWeb(t.app, 'web-again@example.com', { password: 'Secret123' });
    const again = await post(
      '/api/auth/login',
      { username: 'web-again@example.com', password: 'Secret123' },
      { 'x-auth-mode': 'session', cookie: web.cookie, origin: SHOP, 'x-csrf-token': web.csrf },
    );
    expect(again.status).toBe(200);
    expect((await me(web)).status).toBe(401);
    expect((await me({ cookie: `otc_session=${setCookieOf(again.response, 'otc_session')!.value}` })).status).toBe(200);
  });

  it('GET /api/auth/csrf answers the token of the cookie, null without one', async () => {
    const web = await registerWeb(t.app, 'web-csrf@example.com');
    expect((await asWeb(web, 'GET', '/api/auth/csrf')).body).toEqual({ csrf_token: web.csrf });
    expect((await call(t.app, { method: 'GET', url: '/api/auth/csrf' })).body).toEqual({ csrf_token: null });
  });
});

describe('every way of ending a session ends the cookie session', () => {
  it('sign-out with the cookie ends that session and clears the cookie', async () => {
    const web = await registerWeb(t.app, 'web-out@example.com');
    const out = await write(web, 'POST', '/api/auth/logout', {});
    expect(out.status).toBe(200);
    expect(setCookieOf(out.response, 'otc_session')).toEqual({ value: '', attributes: expect.arrayContaining(['Max-Age=0', 'HttpOnly']) });
    expect((await me(web)).status).toBe(401);
  });

  it('sign out everywhere from the cookie ends it and the token sessions', async () => {
    const tokens = await registerCustomer(t.app, 'web-all@example.com', { password: 'Secret123' });
    const login = await post('/api/auth/login', { username: 'web-all@example.com', password: 'Secret123' }, { 'x-auth-mode': 'session' });
    const web = { cookie: `otc_session=${setCookieOf(login.response, 'otc_session')!.value}`, csrf: String(login.body.csrf_token) };
    expect((await write(web, 'DELETE', '/api/auth/sessions')).status).toBe(200);
    expect((await me(web)).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(tokens.token) })).status).toBe(401);
  });

  it('a password change on another device ends the cookie session; a change through the cookie keeps it', async () => {
    const tokens = await registerCustomer(t.app, 'web-pass@example.com', { password: 'Secret123' });
    const signIn = async () => {
      const login = await post('/api/auth/login', { username: 'web-pass@example.com', password: 'Secret123' }, { 'x-auth-mode': 'session' });
      return { cookie: `otc_session=${setCookieOf(login.response, 'otc_session')!.value}`, csrf: String(login.body.csrf_token) };
    };
    const web = await signIn();
    const change = await call(t.app, {
      method: 'PUT',
      url: '/api/customer/password',
      headers: bearer(tokens.token),
      payload: { currentPassword: 'Secret123', password: 'Secret456', passwordConfirmation: 'Secret456' },
    });
    expect(change.status).toBe(200);
    expect((await me(web)).status).toBe(401);

    const login = await post('/api/auth/login', { username: 'web-pass@example.com', password: 'Secret456' }, { 'x-auth-mode': 'session' });
    const second = { cookie: `otc_session=${setCookieOf(login.response, 'otc_session')!.value}`, csrf: String(login.body.csrf_token) };
    const other = await post('/api/auth/login', { username: 'web-pass@example.com', password: 'Secret456' });
    const byCookie = await write(second, 'PUT', '/api/customer/password', {
      currentPassword: 'Secret456',
      password: 'Secret789',
      passwordConfirmation: 'Secret789',
    });
    expect(byCookie.status).toBe(200);
    expect((await me(second)).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(String(other.body.token)) })).status).toBe(401);
  });

  it('recovery ends the cookie session', async () => {
    const web = await registerWeb(t.app, 'web-recover@example.com');
    await post('/api/auth/recovery/code', { login: 'web-recover@example.com' });
    const code = await outboxCode(t.app, 'web-recover@example.com');
    const recovered = await post('/api/auth/recovery', {
      login: 'web-recover@example.com',
      code,
      password: 'Secret123',
      passwordConfirmation: 'Secret123',
    }, { 'x-auth-mode': 'session' });
    expect(recovered.status).toBe(200);
    expect(recovered.body.session).toBe('cookie');
    expect((await me(web)).status).toBe(401);
    const fresh = { cookie: `otc_session=${setCookieOf(recovered.response, 'otc_session')!.value}` };
    expect((await me(fresh)).status).toBe(200);
  });

  it('ending it from the sessions list of another device signs the cookie out', async () => {
    const web = await registerWeb(t.app, 'web-end@example.com', { password: 'Secret123' });
    const other = await post('/api/auth/login', { username: 'web-end@example.com', password: 'Secret123' });
    const list = await call(t.app, { method: 'GET', url: '/api/auth/sessions', headers: bearer(String(other.body.token)) });
    const webSession = (list.body.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!;
    const ended = await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${webSession.id}`, headers: bearer(String(other.body.token)) });
    expect(ended.status).toBe(200);
    expect((await me(web)).status).toBe(401);
  });

  it('recent proof holds for the cookie: past 5 minutes a change that could take the account is refused', async () => {
    const web = await registerWeb(t.app, 'web-proof@example.com');
    t.clock.advance(6 * 60_000);
    const add = await write(web, 'POST', '/api/email', { address: 'web-proof-2@example.com' });
    expect(add.status).toBe(403);
    expect(add.body.code).toBe('recent_proof_required');
  });
});

describe('writes carried by the cookie from elsewhere change nothing', () => {
  const rename = (web: { cookie: string }, headers: Record<string, string>, firstName = 'Mallory') =>
    asWeb(web, 'PATCH', '/api/customer/data', { firstName }, headers);
  const firstName = async (web: { cookie: string }) => (await me(web)).body.firstName;

  it('an Origin of another site, or Sec-Fetch-Site cross-site, answers 403 cross_site_request', async () => {
    const web = await registerWeb(t.app, 'web-origin@example.com');
    const elsewhere = await rename(web, { origin: 'https://evil.example', 'x-csrf-token': web.csrf });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ code: 'cross_site_request', message: expect.stringContaining('another site') });
    const crossSite = await rename(web, { 'sec-fetch-site': 'cross-site', 'x-csrf-token': web.csrf });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe('cross_site_request');
    // A page elsewhere whose referrer policy hides its origin: `null` is no site of the shop's.
    const hidden = await rename(web, { origin: 'null', 'sec-fetch-site': 'same-site', 'x-csrf-token': web.csrf });
    expect(hidden.status).toBe(403);
    const spanish = await rename(web, { origin: 'null', 'x-csrf-token': web.csrf, 'accept-language': 'es' });
    expect(spanish.body.message).toContain('otro sitio');
    expect(await firstName(web)).toBeNull();
    // Sign-out from elsewhere is refused too: the session goes on.
    expect((await asWeb(web, 'POST', '/api/auth/logout', {}, { origin: 'https://evil.example', 'x-csrf-token': web.csrf })).status).toBe(403);
    expect((await me(web)).status).toBe(200);
  });

  it('no CSRF token, a wrong one or another session’s answers 403 csrf_token_invalid', async () => {
    const web = await registerWeb(t.app, 'web-token@example.com');
    const other = await registerWeb(t.app, 'web-token-2@example.com');
    const refused: Record<string, string>[] = [{ origin: SHOP }, { origin: SHOP, 'x-csrf-token': 'wrong' }, { origin: SHOP, 'x-csrf-token': other.csrf }];
    for (const headers of refused) {
      const res = await rename(web, headers);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('csrf_token_invalid');
    }
    expect(await firstName(web)).toBeNull();
    // The right one, as a header or as the form field `_csrf`, passes.
    expect((await rename(web, { origin: SHOP, 'x-csrf-token': web.csrf }, 'Ana')).status).toBe(200);
    expect((await asWeb(web, 'PATCH', '/api/customer/data', { firstName: 'Bea', _csrf: web.csrf }, { origin: SHOP })).status).toBe(200);
    expect(await firstName(web)).toBe('Bea');
  });

  it('a bearer request needs no CSRF token, and its cookies are ignored', async () => {
    const tokens = await registerCustomer(t.app, 'web-bearer@example.com');
    const web = await registerWeb(t.app, 'web-bearer-cookie@example.com');
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/api/customer/data',
      headers: { ...bearer(tokens.token), cookie: web.cookie, origin: 'https://partner.example' },
      payload: { firstName: 'Tess' },
    });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Tess');
    expect(await firstName(web)).toBeNull();
  });

  it("outside production a page on this machine's loopback (the storefront's dev server) is the shop's; in production it is not", async () => {
    const web = await registerWeb(t.app, 'web-dev-server@example.com');
    const res = await asWeb(web, 'PATCH', '/api/customer/data', { firstName: 'Dev' }, { origin: 'http://localhost:5173', 'x-csrf-token': web.csrf });
    expect(res.status).toBe(200);
    const request = { headers: { origin: 'http://localhost:5173' }, protocol: 'http', host: 'localhost:3000' } as unknown as FastifyRequest;
    expect(isCrossSite(request, 'https://shop.example', { development: true })).toBe(false);
    expect(isCrossSite(request, 'https://shop.example', { development: false })).toBe(true);
    expect(isCrossSite(request, undefined, { development: false })).toBe(true);
    const elsewhere = { ...request, headers: { origin: 'http://localhost.evil.example' } } as unknown as FastifyRequest;
    expect(isCrossSite(elsewhere, 'https://shop.example', { development: true })).toBe(true);
  });

  it('a development operation acts for no visitor: a cookie there asks for no CSRF token', async () => {
    const web = await registerWeb(t.app, 'web-dev@example.com');
    const res = await asWeb(web, 'PUT', '/api/dev/products/999999/stock', { stock: 1 });
    expect(res.status).toBe(404);
  });

  it("the shop's own form post with Origin null (Referrer-Policy no-referrer) and Sec-Fetch-Site same-origin passes", async () => {
    // Chromium sends `Origin: null` for a form posted from a page whose referrer policy is
    // no-referrer (the shop's); `Sec-Fetch-Site: same-origin` is the browser's own word.
    const web = await registerWeb(t.app, 'web-own-form@example.com');
    const ownForm = await rename(web, { origin: 'null', 'sec-fetch-site': 'same-origin', 'x-csrf-token': web.csrf }, 'Ana');
    expect(ownForm.status).toBe(200);
    expect(await firstName(web)).toBe('Ana');
    // Without its CSRF token it is still refused.
    const noToken = await rename(web, { origin: 'null', 'sec-fetch-site': 'same-origin' }, 'Mallory');
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('csrf_token_invalid');
  });

  it('a session-mode sign-in from another site is refused before the password is tried', async () => {
    await registerCustomer(t.app, 'web-login-csrf@example.com', { password: 'Secret123' });
    const res = await post(
      '/api/auth/login',
      { username: 'web-login-csrf@example.com', password: 'Secret123' },
      { 'x-auth-mode': 'session', origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cross_site_request');
    expect(res.response.headers['set-cookie']).toBeUndefined();
  });
});

describe('two API processes on one database', () => {
  it('a cookie session ended through one process is refused by the other on the next request', async () => {
    const second = await buildApp({
      env: { NODE_ENV: 'test' },
      config: testConfig({ publicUrl: SHOP, codeClientFreePerHour: 1000 }),
      database: t.database,
      clock: t.clock,
      rateLimit: { authMax: 10_000 },
    });
    await second.ready();
    try {
      const web = await registerWeb(t.app, 'web-two-proc@example.com');
      const meOnSecond = () => second.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: web.cookie } });
      expect((await meOnSecond()).statusCode).toBe(200);
      expect((await write(web, 'DELETE', '/api/auth/sessions')).status).toBe(200);
      expect((await meOnSecond()).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe('refresh grace (tokens mode)', () => {
  it(`within ${REFRESH_REUSE_GRACE_SECONDS} s a rotated refresh token gets the same new one and a working access token`, async () => {
    const first = await registerCustomer(t.app, 'grace@example.com');
    const rotated = await post('/api/auth/token-refresh', { refresh_token: first.refresh_token });
    expect(rotated.status).toBe(200);
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS - 1) * 1000);
    const retried = await post('/api/auth/token-refresh', { refresh_token: first.refresh_token });
    expect(retried.status).toBe(200);
    expect(retried.body.refresh_token).toBe(rotated.body.refresh_token);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(String(retried.body.token)) })).status).toBe(200);
    // The new token rotates as usual.
    expect((await post('/api/auth/token-refresh', { refresh_token: rotated.body.refresh_token })).status).toBe(200);
  });

  it('two refreshes of one token at once both get the same new refresh token', async () => {
    const first = await registerCustomer(t.app, 'grace-race@example.com');
    const both = await Promise.all([0, 1].map(() => post('/api/auth/token-refresh', { refresh_token: first.refresh_token })));
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    expect(both[0]!.body.refresh_token).toBe(both[1]!.body.refresh_token);
    expect((await post('/api/auth/token-refresh', { refresh_token: both[0]!.body.refresh_token })).status).toBe(200);
  });

  it('later, reuse still revokes the whole family', async () => {
    const first = await registerCustomer(t.app, 'grace-late@example.com');
    const rotated = await post('/api/auth/token-refresh', { refresh_token: first.refresh_token });
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    const reuse = await post('/api/auth/token-refresh', { refresh_token: first.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('invalid_refresh_token');
    expect((await post('/api/auth/token-refresh', { refresh_token: rotated.body.refresh_token })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', headers: bearer(String(rotated.body.token)) })).status).toBe(401);
  });
});

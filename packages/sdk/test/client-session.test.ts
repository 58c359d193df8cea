// The client's session mode (docs/web-session.md): the same-origin web shop's session is an
// HttpOnly cookie, so the client sends the mode header and its cookies, stores nothing, refreshes
// nothing, and carries the CSRF token on writes.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../src/client/index.js';
import { ApiError, MalformedAnswerError, SessionEndedError } from '../src/errors/index.js';
import { createMemoryStorage, type KeyValueStorage } from '../src/storage/index.js';
import { BASE } from './fixtures.js';
import { server } from './msw-server.js';
import { webSessionApi } from './web-session-api.js';

/** A fetch that records the init of every request before sending it. */
function recordingFetch() {
  const inits: RequestInit[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    inits.push(init ?? {});
    return globalThis.fetch(input, init);
  };
  return { fetch, inits };
}

/** A storage port that fails the test on any use: session mode must not touch one. */
function untouchableStorage(): KeyValueStorage {
  const fail = (what: string) => () => {
    throw new Error(`storage.${what} was called`);
  };
  return { get: fail('get'), set: fail('set'), remove: fail('remove') };
}

describe('session mode', () => {
  it('sends its cookies and X-Auth-Mode: session on every call, never Authorization', async () => {
    const api = webSessionApi(server);
    const { fetch, inits } = recordingFetch();
    const client = createClient({ baseUrl: BASE, authMode: 'session', fetch });

    await client.orders.readCart();
    await client.auth.login('ana@example.com', 'Demo1234');
    await client.auth.me();

    expect(api.calls).toEqual([
      'GET /api/cart',
      'GET /api/auth/csrf', // the sign-in is a write: its token is asked first
      'POST /api/auth/login',
      'GET /api/auth/me',
    ]);
    for (const headers of api.headers) {
      expect(headers.get('X-Auth-Mode')).toBe('session');
      expect(headers.get('Authorization')).toBeNull();
    }
    expect(inits.map((init) => init.credentials)).toEqual(Array(4).fill('same-origin'));
  });

  it('keeps the session in memory only: no storage, no tokens, no refresh', async () => {
    const api = webSessionApi(server);
    const refresh = vi.fn();
    server.use(http.post(`${BASE}/api/auth/token-refresh`, refresh));
    const storage = untouchableStorage();
    const client = createClient({ baseUrl: BASE, authMode: 'session' });
    const tokensClient = createClient({ baseUrl: BASE, tokens: storage });
    expect(client.isSignedIn()).toBe(false);

    const answer = await client.auth.login('ana@example.com', 'Demo1234');

    // Typed per mode: a session-mode sign-in answers the web session.
    expect(answer.session).toBe('cookie');
    expect(answer.csrf_token).toBe(api.csrf);
    expect(client.isSignedIn()).toBe(true);
    expect(client.tokens()).toBeNull();
    expect(client.csrfToken()).toBe(api.csrf);
    expect(() => client.signIn({ token: 'a.b.c', refresh_token: 'r1' })).toThrow(TypeError);
    expect(() => tokensClient.signIn(answer)).toThrow(TypeError);
    await client.auth.me();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('starts signed in when the page says so, with the token the page gave', async () => {
    const api = webSessionApi(server, { session: { customerId: 1 }, csrf: 'from-page' });
    const client = createClient({
      baseUrl: BASE,
      authMode: 'session',
      signedIn: true,
      csrfToken: 'from-page',
    });

    expect(client.isSignedIn()).toBe(true);
    await client.orders.addToDraft(4, 1);

    expect(api.calls).toEqual(['POST /api/order/draft/items']);
    expect(api.headers[0]?.get('X-CSRF-Token')).toBe('from-page');
  });

  it('asks the CSRF token before the first write when unknown, once for concurrent writes', async () => {
    const api = webSessionApi(server, { session: { customerId: 1 }, csrf: 'csrf-on-server' });
    const client = createClient({ baseUrl: BASE, authMode: 'session', signedIn: true });

    await Promise.all([client.orders.addToDraft(4, 1), client.orders.addToDraft(5, 1)]);
    await client.orders.addToDraft(6, 1);

    expect(api.calls.filter((call) => call === 'GET /api/auth/csrf')).toHaveLength(1);
    expect(api.calls[0]).toBe('GET /api/auth/csrf');
    const writes = api.headers.filter((_, i) => api.calls[i]?.startsWith('POST'));
    expect(writes.map((headers) => headers.get('X-CSRF-Token'))).toEqual(
      Array(3).fill('csrf-on-server'),
    );
    expect(api.memberRows).toHaveLength(3);
  });

  it('learns the token from the X-CSRF-Token answer header and sends it on the next write', async () => {
    const api = webSessionApi(server);
    // The page knows this guest has no cookie yet: no token, and none to ask for.
    const client = createClient({ baseUrl: BASE, authMode: 'session', csrfToken: null });

    await client.orders.addToDraft(4, 1); // creates the guest's cart: the answer sets its token
    const learnt = api.csrf;
    await client.orders.addToDraft(5, 2);

    expect(api.calls).toEqual(['POST /api/order/draft/items', 'POST /api/order/draft/items']);
    expect(api.headers[0]?.get('X-CSRF-Token')).toBeNull();
    expect(api.headers[1]?.get('X-CSRF-Token')).toBe(learnt);
    expect(client.csrfToken()).toBe(learnt);
    expect(api.cartsCreated).toBe(1);
  });

  it('on 403 csrf_token_invalid asks the token once and sends the write once more', async () => {
    const api = webSessionApi(server, { session: { customerId: 1 }, csrf: 'current' });
    const client = createClient({
      baseUrl: BASE,
      authMode: 'session',
      signedIn: true,
      csrfToken: 'stale',
    });

    // addToDraft is never retried on a failure, but a CSRF refusal changed nothing.
    const after = await client.orders.addToDraft(4, 2);

    expect(api.calls).toEqual([
      'POST /api/order/draft/items',
      'GET /api/auth/csrf',
      'POST /api/order/draft/items',
    ]);
    expect(api.headers[2]?.get('X-CSRF-Token')).toBe('current');
    expect(after.rows).toMatchObject([{ amount: 2 }]);
    expect(api.memberRows).toEqual([{ sku_id: 4, amount: 2 }]);
  });

  it('throws the second csrf_token_invalid instead of trying a third time', async () => {
    const api = webSessionApi(server, {
      session: { customerId: 1 },
      csrf: 'current',
      refuseNextWrites: 5,
    });
    const client = createClient({
      baseUrl: BASE,
      authMode: 'session',
      signedIn: true,
      csrfToken: 'current',
    });

    const error = await client.orders.addToDraft(4, 1).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).code).toBe('csrf_token_invalid');
    expect(api.calls.filter((call) => call.startsWith('POST'))).toHaveLength(2);
    expect(api.calls.filter((call) => call === 'GET /api/auth/csrf')).toHaveLength(1);
    expect(api.memberRows).toEqual([]);
  });

  it('does not retry a cross_site_request refusal', async () => {
    let sent = 0;
    server.use(
      http.post(`${BASE}/api/order/draft/items`, () => {
        sent += 1;
        return HttpResponse.json(
          { message: 'Cross-site request refused', code: 'cross_site_request' },
          { status: 403 },
        );
      }),
    );
    const client = createClient({ baseUrl: BASE, authMode: 'session', csrfToken: 'known' });

    const error = await client.orders.addToDraft(4, 1).catch((e: unknown) => e);

    expect((error as ApiError).code).toBe('cross_site_request');
    expect(sent).toBe(1);
  });

  it('ends the session on a 401 (onSessionEnd once), with nothing to refresh', async () => {
    const api = webSessionApi(server, { session: { customerId: 1 } });
    const onSessionEnd = vi.fn();
    const client = createClient({
      baseUrl: BASE,
      authMode: 'session',
      signedIn: true,
      onSessionEnd,
    });
    await client.auth.me();
    api.session = null; // ended elsewhere: "sign out everywhere" on another device

    const results = await Promise.allSettled([client.auth.me(), client.auth.me()]);

    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
    }
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(client.isSignedIn()).toBe(false);
    expect(api.calls).toEqual(['GET /api/auth/me', 'GET /api/auth/me', 'GET /api/auth/me']);
  });

  it("a guest's 401 throws without onSessionEnd", async () => {
    webSessionApi(server);
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, authMode: 'session', onSessionEnd });

    await expect(client.auth.me()).rejects.toBeInstanceOf(SessionEndedError);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('signs out with logout and no refresh token, carrying the CSRF token', async () => {
    const api = webSessionApi(server);
    const client = createClient({ baseUrl: BASE, authMode: 'session' });
    await client.auth.login('ana@example.com', 'Demo1234');
    const token = client.csrfToken();

    await client.signOut();

    expect(api.calls.at(-1)).toBe('POST /api/auth/logout');
    expect(api.bodies.at(-1)).toEqual({});
    expect(api.headers.at(-1)?.get('X-CSRF-Token')).toBe(token);
    expect(api.session).toBeNull();
    expect(client.isSignedIn()).toBe(false);
    expect(client.csrfToken()).toBeNull();
  });

  it('refuses a token pair answered to a session-mode sign-in, and keeps nobody signed in', async () => {
    server.use(
      http.get(`${BASE}/api/auth/csrf`, () => HttpResponse.json({ csrf_token: null })),
      http.post(`${BASE}/api/auth/login`, () =>
        HttpResponse.json({ token: 'a.b.c', refresh_token: 'r1' }),
      ),
    );
    const client = createClient({ baseUrl: BASE, authMode: 'session' });

    await expect(client.auth.login('ana@example.com', 'Demo1234')).rejects.toBeInstanceOf(
      MalformedAnswerError,
    );
    expect(client.isSignedIn()).toBe(false);
  });

  it('reports the sign-in merge once', async () => {
    webSessionApi(server, {
      cartCookie: true,
      csrf: 'cart-token',
      guestRows: [{ sku_id: 4, amount: 2 }],
    });
    const client = createClient({ baseUrl: BASE, authMode: 'session', csrfToken: 'cart-token' });

    const answer = await client.auth.login('ana@example.com', 'Demo1234');

    expect(answer.merge).toMatchObject({ changed: true, added: [4] });
    expect(client.takeSignInMerge()).toEqual(answer.merge);
    expect(client.takeSignInMerge()).toBeNull();
  });
});

describe('tokens mode beside it', () => {
  it('sends neither the mode header nor a CSRF token, and gives the sign-in a token pair type', async () => {
    const api = webSessionApi(server);
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });

    const pair = await client.auth.login('ana@example.com', 'Demo1234');

    // Typed `TokenPair` in tokens mode (no narrowing needed to read it).
    expect(pair.refresh_token).toBe('r1');
    expect(client.isSignedIn()).toBe(true);
    expect(api.headers[0]?.get('X-Auth-Mode')).toBeNull();
    expect(api.headers[0]?.get('X-CSRF-Token')).toBeNull();
    expect(client.csrfToken()).toBeNull();
    expect(client.authMode).toBe('tokens');
  });
});

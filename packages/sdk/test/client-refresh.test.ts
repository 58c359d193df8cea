import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, REFRESH_LOCK_NAME, type LockManagerLike } from '../src/client/index.js';
import { ApiError, NoRefreshTokenError, SessionEndedError } from '../src/errors/index.js';
import {
  createMemoryStorage,
  createTokenStore,
  type KeyValueStorage,
} from '../src/storage/index.js';
import { STORAGE_KEYS } from '../src/constants/index.js';
import { BASE, customer, freshToken, makeJwt } from './fixtures.js';
import { delay, server } from './msw-server.js';

const unauthorized = () =>
  HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 });

function signedInStorage(token: string, refresh_token: string): KeyValueStorage {
  const storage = createMemoryStorage();
  createTokenStore(storage).write({ token, refresh_token });
  return storage;
}

/**
 * A fake API with rotating refresh tokens: each refresh token may be spent once (a reuse is
 * answered 401), and only the latest access token is accepted by GET /api/auth/me.
 */
function rotatingApi(options: { refreshDelay?: number } = {}) {
  const state = {
    validToken: freshToken('start'),
    refreshUses: new Map<string, number>(),
    refreshCalls: 0,
    meCalls: 0,
    generation: 1,
    authHeaders: [] as Array<string | null>,
  };
  server.use(
    http.get(`${BASE}/api/auth/me`, ({ request }) => {
      state.meCalls += 1;
      const auth = request.headers.get('Authorization');
      state.authHeaders.push(auth);
      return auth === `Bearer ${state.validToken}` ? HttpResponse.json(customer) : unauthorized();
    }),
    http.post(`${BASE}/api/auth/token-refresh`, async ({ request }) => {
      state.refreshCalls += 1;
      const { refresh_token } = (await request.json()) as { refresh_token: string };
      const uses = (state.refreshUses.get(refresh_token) ?? 0) + 1;
      state.refreshUses.set(refresh_token, uses);
      await delay(options.refreshDelay ?? 20);
      if (uses > 1 || refresh_token !== `r${state.generation}`) return unauthorized();
      state.generation += 1;
      state.validToken = freshToken(`gen${state.generation}`);
      return HttpResponse.json({ token: state.validToken, refresh_token: `r${state.generation}` });
    }),
  );
  return state;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token refresh', () => {
  it('shares one refresh between ten concurrent 401 calls and retries each once', async () => {
    const api = rotatingApi();
    const storage = signedInStorage(freshToken('stale'), 'r1');
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: storage, onSessionEnd });

    const answers = await Promise.all(Array.from({ length: 10 }, () => client.call('me')));

    expect(answers).toHaveLength(10);
    for (const answer of answers) expect(answer.id).toBe(customer.id);
    expect(api.refreshCalls).toBe(1);
    expect(api.meCalls).toBe(20);
    expect(createTokenStore(storage).read()).toEqual({
      token: api.validToken,
      refresh_token: 'r2',
    });
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('ends the session when the retried call is still 401', async () => {
    let refreshCalls = 0;
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, async () => {
        refreshCalls += 1;
        await delay(10);
        return HttpResponse.json({ token: freshToken('new'), refresh_token: 'r2' });
      }),
    );
    const storage = signedInStorage(freshToken('old'), 'r1');
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: storage, onSessionEnd });

    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.call('me')));

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
    }
    expect(refreshCalls).toBe(1);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(storage.get(STORAGE_KEYS.tokens)).toBeNull();
    expect(client.isSignedIn()).toBe(false);
  });

  it('throws NoRefreshTokenError when a refresh is needed without a refresh token', async () => {
    let refreshCalls = 0;
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () => {
        refreshCalls += 1;
        return HttpResponse.json({ token: 'x', refresh_token: 'y' });
      }),
    );
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage(), onSessionEnd });

    const error = await client.call('me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoRefreshTokenError);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect((error as NoRefreshTokenError).route).toBe('me');
    expect(refreshCalls).toBe(0);
    // A guest who never signed in has no session to end (issue 8).
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('refreshes an expired token before the call', async () => {
    const api = rotatingApi();
    const expired = makeJwt(Math.floor(Date.now() / 1000) - 60);
    const client = createClient({ baseUrl: BASE, tokens: signedInStorage(expired, 'r1') });

    await expect(client.call('me')).resolves.toMatchObject({ id: customer.id });
    expect(api.refreshCalls).toBe(1);
    expect(api.meCalls).toBe(1);
    expect(api.authHeaders).toEqual([`Bearer ${api.validToken}`]);
  });

  it('refreshes a token within the skew of its exp, and not one further away', async () => {
    const api = rotatingApi();
    const nowMs = Date.now();
    const soon = createClient({
      baseUrl: BASE,
      tokens: signedInStorage(makeJwt(Math.floor(nowMs / 1000) + 5), 'r1'),
      now: () => nowMs,
    });
    await soon.call('me');
    expect(api.refreshCalls).toBe(1);

    const later = createClient({
      baseUrl: BASE,
      tokens: signedInStorage(api.validToken, 'r2'),
      now: () => nowMs + 3_000_000,
      expirySkewSeconds: 10,
    });
    await later.call('me');
    expect(api.refreshCalls).toBe(1);
    const lateClock = createClient({
      baseUrl: BASE,
      tokens: signedInStorage(api.validToken, 'r2'),
      now: () => nowMs + 3_595_000,
    });
    await lateClock.call('me');
    expect(api.refreshCalls).toBe(2);
  });

  it.each(['key-value port', 'token store'])(
    'does not spend one refresh token twice from two clients sharing a %s (no Web Locks)',
    async (kind) => {
      const api = rotatingApi({ refreshDelay: 40 });
      const storage = signedInStorage(freshToken('stale'), 'r1');
      const tokens = kind === 'token store' ? createTokenStore(storage) : storage;
      const onEndA = vi.fn();
      const onEndB = vi.fn();
      const a = createClient({ baseUrl: BASE, tokens, onSessionEnd: onEndA, locks: null });
      const b = createClient({ baseUrl: BASE, tokens, onSessionEnd: onEndB, locks: null });

      const answers = await Promise.all([a.call('me'), b.call('me'), a.call('me'), b.call('me')]);

      expect(answers.map((c) => c.id)).toEqual([1, 1, 1, 1]);
      expect(api.refreshCalls).toBe(1);
      expect([...api.refreshUses.values()].every((uses) => uses === 1)).toBe(true);
      expect(onEndA).not.toHaveBeenCalled();
      expect(onEndB).not.toHaveBeenCalled();
      expect(storage.get(`${STORAGE_KEYS.tokens}:refreshing`)).toBeNull();
    },
  );

  it.each([
    ['an expired lease of a client that went away', JSON.stringify({ rt: 'r1', until: 1 })],
    ['an unreadable lease', '{broken'],
  ])('takes over %s', async (_label, lease) => {
    const api = rotatingApi();
    const storage = signedInStorage(freshToken('stale'), 'r1');
    storage.set(`${STORAGE_KEYS.tokens}:refreshing`, lease);
    const client = createClient({ baseUrl: BASE, tokens: storage, locks: null });
    await expect(client.call('me')).resolves.toMatchObject({ id: 1 });
    expect(api.refreshCalls).toBe(1);
    expect(storage.get(`${STORAGE_KEYS.tokens}:refreshing`)).toBeNull();
  });

  it('waits for a live lease and ends the session when the other client fails', async () => {
    server.use(http.get(`${BASE}/api/auth/me`, () => unauthorized()));
    const storage = signedInStorage(freshToken('stale'), 'r1');
    storage.set(
      `${STORAGE_KEYS.tokens}:refreshing`,
      JSON.stringify({ rt: 'r1', until: Date.now() + 60_000 }),
    );
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: storage, locks: null, onSessionEnd });
    const pending = client.call('me');
    await delay(60);
    // The other client's refresh was refused: it cleared the shared tokens.
    createTokenStore(storage).clear();
    await expect(pending).rejects.toBeInstanceOf(SessionEndedError);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('uses the pair another client already stored instead of refreshing again', async () => {
    const api = rotatingApi();
    const storage = signedInStorage(freshToken('stale'), 'r1');
    const a = createClient({ baseUrl: BASE, tokens: storage, locks: null });
    const b = createClient({ baseUrl: BASE, tokens: storage, locks: null });
    // b's call leaves with the stale token, then a rotates the pair before b's 401 arrives.
    let releaseB: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (releaseB = resolve));
    let first = true;
    server.use(
      http.get(`${BASE}/api/auth/me`, async ({ request }) => {
        api.meCalls += 1;
        if (first) {
          first = false;
          await gate;
          return unauthorized();
        }
        return request.headers.get('Authorization') === `Bearer ${api.validToken}`
          ? HttpResponse.json(customer)
          : unauthorized();
      }),
    );
    const pendingB = b.call('me');
    await delay(5);
    await expect(a.call('me')).resolves.toMatchObject({ id: 1 });
    releaseB();
    await expect(pendingB).resolves.toMatchObject({ id: 1 });
    expect(api.refreshCalls).toBe(1);
  });

  it('takes the Web Lock and rereads the tokens inside it', async () => {
    const api = rotatingApi({ refreshDelay: 30 });
    const requested: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    let held = 0;
    let maxHeld = 0;
    const locks: LockManagerLike = {
      request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T> {
        requested.push(name);
        const run = tail.then(async () => {
          held += 1;
          maxHeld = Math.max(maxHeld, held);
          try {
            return await callback({ name, mode: 'exclusive' });
          } finally {
            held -= 1;
          }
        });
        tail = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    const storage = signedInStorage(freshToken('stale'), 'r1');
    const a = createClient({ baseUrl: BASE, tokens: storage });
    const b = createClient({ baseUrl: BASE, tokens: storage });

    await Promise.all([a.call('me'), b.call('me')]);

    expect(requested).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
    expect(maxHeld).toBe(1);
    expect(api.refreshCalls).toBe(1);
    // With the lock, no storage lease is written.
    expect(storage.get(`${STORAGE_KEYS.tokens}:refreshing`)).toBeNull();
  });

  it('ends the session when the refresh is refused', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.get(`${BASE}/api/customer/address`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () => unauthorized()),
    );
    const storage = signedInStorage(freshToken('old'), 'r1');
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: storage, onSessionEnd });

    const results = await Promise.allSettled([client.call('me'), client.call('listAddresses')]);
    for (const r of results)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(client.isSignedIn()).toBe(false);
  });

  it('keeps the session when the refresh fails with a server error', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () =>
        HttpResponse.json({ message: 'Down' }, { status: 503 }),
      ),
    );
    const storage = signedInStorage(freshToken('old'), 'r1');
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: storage, onSessionEnd });

    const error = await client.call('me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect((error as ApiError).status).toBe(503);
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(client.isSignedIn()).toBe(true);
  });

  it('goes on as a guest for a public call when the expired session cannot be renewed', async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.post(`${BASE}/api/auth/token-refresh`, () => unauthorized()),
      http.get(`${BASE}/api/search/products`, ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json({ status: 'success', products: [], categories: [] });
      }),
    );
    const expired = makeJwt(Math.floor(Date.now() / 1000) - 60);
    const onSessionEnd = vi.fn();
    const client = createClient({
      baseUrl: BASE,
      tokens: signedInStorage(expired, 'r1'),
      onSessionEnd,
    });

    await expect(client.search.products('vitamin')).resolves.toMatchObject({ status: 'success' });
    expect(seen).toEqual([null]);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 from a public call', async () => {
    let refreshCalls = 0;
    server.use(
      http.post(`${BASE}/api/auth/login`, () =>
        HttpResponse.json(
          { message: 'Invalid username or password.', code: 'invalid_credentials' },
          { status: 401 },
        ),
      ),
      http.post(`${BASE}/api/auth/token-refresh`, () => {
        refreshCalls += 1;
        return unauthorized();
      }),
    );
    const client = createClient({ baseUrl: BASE, tokens: signedInStorage(freshToken(), 'r1') });
    const error = await client.auth.login('ana@example.com', 'wrong').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_credentials');
    expect(refreshCalls).toBe(0);
    expect(client.isSignedIn()).toBe(true);
  });

  it('renews a token the cart refuses (readCart: a guest row that checks a token sent) and reads it again', async () => {
    const api = rotatingApi();
    server.use(
      http.get(`${BASE}/api/cart`, ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${api.validToken}` ? HttpResponse.json({ draft: null }) : unauthorized(),
      ),
    );
    const storage = signedInStorage(freshToken('revoked-or-clock-ahead'), 'r1');
    const client = createClient({ baseUrl: BASE, tokens: storage });
    await expect(client.orders.readCart()).resolves.toEqual({ draft: null });
    expect(api.refreshCalls).toBe(1);
    expect(client.isSignedIn()).toBe(true);
  });

  it('notifies a new session end after a new sign-in', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () => unauthorized()),
    );
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage(), onSessionEnd });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    await expect(client.call('me')).rejects.toBeInstanceOf(SessionEndedError);
    client.signIn({ token: freshToken(), refresh_token: 'r9' });
    await expect(client.call('me')).rejects.toBeInstanceOf(SessionEndedError);
    expect(onSessionEnd).toHaveBeenCalledTimes(2);
  });
});

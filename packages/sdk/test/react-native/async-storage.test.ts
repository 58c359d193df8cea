// Issue 32, item 10: a React Native app's use of the SDK, as that app writes it (the public entry
// only), with a fake of `@react-native-async-storage/async-storage`: every call answers a
// promise, settled a few milliseconds later, as the native store does. It signs in, is
// refreshed (ten calls at once share one refresh), starts again from the store, and signs out.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createAsyncStorage,
  createClient,
  STORAGE_KEYS,
  type AsyncStorageLike,
} from '../../src/index.js';
import { BASE, customer, freshToken, makeJwt } from '../fixtures.js';
import { delay, server } from '../msw-server.js';

/** AsyncStorage's shape: getItem/setItem/removeItem answering promises, a little later. */
function fakeAsyncStorage(latencyMs = 5) {
  const map = new Map<string, string>();
  const log: string[] = [];
  const store: AsyncStorageLike = {
    async getItem(key) {
      await delay(latencyMs);
      return map.get(key) ?? null;
    },
    async setItem(key, value) {
      log.push(`set ${key}`);
      await delay(latencyMs);
      map.set(key, value);
    },
    async removeItem(key) {
      log.push(`remove ${key}`);
      await delay(latencyMs);
      map.delete(key);
    },
  };
  return { store, map, log };
}

/** The API: a password sign-in, rotating refresh tokens (each spent once), me, logout. */
function api() {
  const state = {
    validToken: freshToken('signed-in'),
    generation: 1,
    refreshCalls: 0,
    revoked: [] as string[],
  };
  const unauthorized = () =>
    HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 });
  server.use(
    http.post(`${BASE}/api/auth/login`, () =>
      HttpResponse.json({ token: state.validToken, refresh_token: 'r1' }),
    ),
    http.get(`${BASE}/api/auth/me`, ({ request }) =>
      request.headers.get('Authorization') === `Bearer ${state.validToken}`
        ? HttpResponse.json(customer)
        : unauthorized(),
    ),
    http.post(`${BASE}/api/auth/token-refresh`, async ({ request }) => {
      state.refreshCalls += 1;
      const { refresh_token } = (await request.json()) as { refresh_token: string };
      await delay(20);
      if (refresh_token !== `r${state.generation}`) return unauthorized();
      state.generation += 1;
      state.validToken = freshToken(`gen${state.generation}`);
      return HttpResponse.json({ token: state.validToken, refresh_token: `r${state.generation}` });
    }),
    http.post(`${BASE}/api/auth/logout`, async ({ request }) => {
      const { refresh_token } = (await request.json()) as { refresh_token: string };
      state.revoked.push(refresh_token);
      return HttpResponse.json({ ok: true });
    }),
  );
  return state;
}

const storedPair = (map: Map<string, string>) =>
  JSON.parse(map.get(STORAGE_KEYS.tokens) ?? 'null') as {
    token: string;
    refresh_token: string;
  } | null;

describe('React Native: tokens in an asynchronous store', () => {
  it('signs in, refreshes once for ten calls, starts again from the store, signs out', async () => {
    const shop = api();
    const async = fakeAsyncStorage();
    const client = createClient({ baseUrl: BASE, tokens: createAsyncStorage(async.store) });
    await client.ready();
    expect(client.isSignedIn()).toBe(false);

    // The sign-in answers once the pair is in the store.
    await client.auth.login('ana@example.com', 'Secret123');
    expect(storedPair(async.map)).toEqual({ token: shop.validToken, refresh_token: 'r1' });
    expect(client.isSignedIn()).toBe(true);

    // The access token goes stale: ten calls at once, one refresh, each call retried once.
    shop.validToken = freshToken('rotated-on-the-server');
    shop.generation = 1;
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.auth.me()));
    expect(answers.map((me) => me.id)).toEqual(Array(10).fill(customer.id));
    expect(shop.refreshCalls).toBe(1);
    expect(storedPair(async.map)).toEqual({ token: shop.validToken, refresh_token: 'r2' });

    // The app starts again: a new client reads the store before its first call.
    const restarted = createClient({ baseUrl: BASE, tokens: createAsyncStorage(async.store) });
    expect((await restarted.auth.me()).id).toBe(customer.id);
    await restarted.ready();
    expect(restarted.tokens()?.refresh_token).toBe('r2');

    // A token about to expire is refreshed before the call, from the pair read at start.
    async.map.set(
      STORAGE_KEYS.tokens,
      JSON.stringify({ token: makeJwt(Math.floor(Date.now() / 1000) + 2), refresh_token: 'r2' }),
    );
    const relaunched = createClient({ baseUrl: BASE, tokens: createAsyncStorage(async.store) });
    expect((await relaunched.auth.me()).id).toBe(customer.id);
    expect(shop.refreshCalls).toBe(2);
    expect(storedPair(async.map)?.refresh_token).toBe('r3');

    await relaunched.signOut();
    expect(shop.revoked).toEqual(['r3']);
    expect(async.map.has(STORAGE_KEYS.tokens)).toBe(false);
    expect(relaunched.isSignedIn()).toBe(false);
  });

  it('keeps writes in order: a sign-out right after a sign-in leaves the store empty', async () => {
    api();
    const async = fakeAsyncStorage(15);
    const client = createClient({ baseUrl: BASE, tokens: createAsyncStorage(async.store) });
    const pair = { token: freshToken('x'), refresh_token: 'r9' };
    const stored = client.signIn(pair); // not awaited: the app signs out at once
    const signedOut = client.signOut();
    await Promise.all([stored, signedOut]);
    expect(async.log.filter((entry) => entry.endsWith(STORAGE_KEYS.tokens))).toEqual([
      `set ${STORAGE_KEYS.tokens}`,
      `remove ${STORAGE_KEYS.tokens}`,
    ]);
    expect(async.map.has(STORAGE_KEYS.tokens)).toBe(false);
    expect(client.isSignedIn()).toBe(false);
  });

  it('a sign-in while the store is still being read is not undone by that read', async () => {
    const async = fakeAsyncStorage(20);
    async.map.set(STORAGE_KEYS.tokens, JSON.stringify({ token: 'old', refresh_token: 'r-old' }));
    const client = createClient({ baseUrl: BASE, tokens: createAsyncStorage(async.store) });
    await client.signIn({ token: freshToken('new'), refresh_token: 'r-new' });
    await client.ready();
    expect(client.tokens()?.refresh_token).toBe('r-new');
  });
});

// Issue 8: the locale goes with each call (never shared state), network failures are typed,
// the session end is told only for a session that existed.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../src/client/index.js';
import {
  ApiError,
  isApiError,
  NetworkError,
  NoRefreshTokenError,
  SessionEndedError,
  errorText,
} from '../src/errors/index.js';
import { createMemoryStorage, createTokenStore } from '../src/storage/index.js';
import { BASE, customer, freshToken, makeJwt } from './fixtures.js';
import { delay, server } from './msw-server.js';

const unauthorized = () =>
  HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 });

function signedIn(token: string, refresh_token: string) {
  const storage = createMemoryStorage();
  createTokenStore(storage).write({ token, refresh_token });
  return storage;
}

describe('locale per call', () => {
  it('sends each call in its own language, also when it waits on a token refresh', async () => {
    const fresh = freshToken('new');
    const seen: Array<{ auth: string | null; lang: string | null; q: string | null }> = [];
    server.use(
      http.post(`${BASE}/api/auth/token-refresh`, async () => {
        await delay(30);
        return HttpResponse.json({ token: fresh, refresh_token: 'r2' });
      }),
      http.get(`${BASE}/api/customer/address`, ({ request }) => {
        const auth = request.headers.get('Authorization');
        seen.push({ auth, lang: request.headers.get('Accept-Language'), q: null });
        return auth === `Bearer ${fresh}` ? HttpResponse.json([]) : unauthorized();
      }),
    );
    // The stored token is expired: both calls wait on the one refresh before going out.
    const expired = makeJwt(Math.floor(Date.now() / 1000) - 60);
    const client = createClient({ baseUrl: BASE, tokens: signedIn(expired, 'r1'), locale: 'en' });

    const [es, en, plain] = await Promise.all([
      client.addresses.list({ locale: 'es' }),
      client.call('listAddresses', undefined, { locale: 'en' }),
      client.addresses.list(),
    ]);
    expect([es, en, plain]).toEqual([[], [], []]);
    expect(seen.map((s) => s.lang)).toEqual(['es', 'en', 'en']);
    expect(seen.every((s) => s.auth === `Bearer ${fresh}`)).toBe(true);
  });

  it('retries after a 401 in the language the call was made in', async () => {
    const fresh = freshToken('new');
    const langs: Array<[string | null, string | null]> = [];
    server.use(
      http.post(`${BASE}/api/auth/token-refresh`, async () => {
        await delay(20);
        return HttpResponse.json({ token: fresh, refresh_token: 'r2' });
      }),
      http.get(`${BASE}/api/auth/me`, ({ request }) => {
        const auth = request.headers.get('Authorization');
        langs.push([
          request.headers.get('Accept-Language'),
          auth === `Bearer ${fresh}` ? 'new' : 'old',
        ]);
        return auth === `Bearer ${fresh}` ? HttpResponse.json(customer) : unauthorized();
      }),
    );
    const client = createClient({ baseUrl: BASE, tokens: signedIn(freshToken('old'), 'r1') });
    await Promise.all([client.customer.me({ locale: 'es' }), client.auth.me({ locale: 'en' })]);
    const retried = langs.filter(([, token]) => token === 'new').map(([lang]) => lang);
    expect(retried.sort()).toEqual(['en', 'es']);
    const first = langs.filter(([, token]) => token === 'old').map(([lang]) => lang);
    expect(first.sort()).toEqual(['en', 'es']);
  });

  it('passes the abort signal to fetch and throws the abort error as is', async () => {
    server.use(
      http.get(`${BASE}/api/constants`, async () => {
        await delay(200);
        return HttpResponse.json({});
      }),
    );
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });
    const controller = new AbortController();
    const pending = client.settings.get({ signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('typed errors', () => {
  it('wraps a failed fetch in a NetworkError with the TypeError as cause', async () => {
    const failure = new TypeError('fetch failed');
    const client = createClient({
      baseUrl: BASE,
      tokens: createMemoryStorage(),
      fetch: () => Promise.reject(failure),
      retry: false,
    });
    const error = await client.settings.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 'network_error')).toBe(true);
    expect((error as NetworkError).status).toBe(0);
    expect((error as NetworkError).cause).toBe(failure);
    expect((error as NetworkError).route).toBe('settings');
    expect((error as NetworkError).retryable).toBe(true);
    expect((error as Error).message).toBe(errorText('network_error', 'en'));
  });

  it("writes the client's own errors in the call's language, the client's by default (issue 20)", async () => {
    const client = createClient({
      baseUrl: BASE,
      tokens: createMemoryStorage(),
      locale: 'es',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      retry: false,
    });
    const es = await client.settings.get().catch((e: unknown) => e);
    expect((es as Error).message).toBe(
      'No pudimos conectarnos con la tienda. Revise su conexión a internet e inténtelo de nuevo.',
    );
    const en = await client.settings.get({ locale: 'en' }).catch((e: unknown) => e);
    expect((en as Error).message).toBe(errorText('network_error', 'en'));
    // A guest's authenticated call answered 401: no refresh token, the text in Spanish.
    const guest = createClient({
      baseUrl: BASE,
      tokens: createMemoryStorage(),
      locale: 'es',
      fetch: async () =>
        new Response(JSON.stringify({ message: 'Unauthorized', code: 'unauthorized' }), {
          status: 401,
        }),
    });
    const ended = await guest.call('me').catch((e: unknown) => e);
    expect(ended).toBeInstanceOf(NoRefreshTokenError);
    expect((ended as Error).message).toBe('Su sesión ha terminado. Inicie sesión de nuevo.');
  });

  it('keeps the session when the refresh hits a network failure', async () => {
    const onSessionEnd = vi.fn();
    const expired = makeJwt(Math.floor(Date.now() / 1000) - 60);
    const client = createClient({
      baseUrl: BASE,
      tokens: signedIn(expired, 'r1'),
      onSessionEnd,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      retry: false,
    });
    await expect(client.call('me')).rejects.toBeInstanceOf(NetworkError);
    expect(client.isSignedIn()).toBe(true);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('gives SessionEndedError the refused refresh as cause', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () =>
        HttpResponse.json({ message: 'Bad token', code: 'invalid_refresh_token' }, { status: 401 }),
      ),
    );
    const client = createClient({ baseUrl: BASE, tokens: signedIn(freshToken(), 'r1') });
    const error = await client.call('me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect((error as SessionEndedError).code).toBe('session_ended');
    const cause = (error as SessionEndedError).cause;
    expect(isApiError(cause, 'invalid_refresh_token')).toBe(true);
  });

  it('gives SessionEndedError the second 401 as cause', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () =>
        HttpResponse.json({ token: freshToken('b'), refresh_token: 'r2' }),
      ),
    );
    const onSessionEnd = vi.fn();
    const client = createClient({
      baseUrl: BASE,
      tokens: signedIn(freshToken(), 'r1'),
      onSessionEnd,
    });
    const error = await client.call('me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(isApiError((error as Error).cause, 'unauthorized')).toBe(true);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });
});

describe('onSessionEnd', () => {
  it('is not called for a guest who was never signed in', async () => {
    let refreshCalls = 0;
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () => {
        refreshCalls += 1;
        return unauthorized();
      }),
    );
    const onSessionEnd = vi.fn();
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage(), onSessionEnd });
    const error = await client.call('me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoRefreshTokenError);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(refreshCalls).toBe(0);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('is called once for a signed-in customer whose session ends', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () => unauthorized()),
      http.post(`${BASE}/api/auth/token-refresh`, () => unauthorized()),
    );
    const onSessionEnd = vi.fn();
    const client = createClient({
      baseUrl: BASE,
      tokens: signedIn(freshToken(), 'r1'),
      onSessionEnd,
    });
    await expect(client.call('me')).rejects.toBeInstanceOf(SessionEndedError);
    // Afterwards the customer is a guest: a new 401 does not tell again.
    await expect(client.call('me')).rejects.toBeInstanceOf(SessionEndedError);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });
});

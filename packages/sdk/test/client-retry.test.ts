// Issue 20: retries the way the best commerce SDKs do them (idempotent calls only, network
// failures, 502/503/504 and 429, exponential backoff with jitter at least the Retry-After), a
// timeout per try, request and response hooks; and a refresh that is busy or fails on the server
// keeps a valid session. A fake fetch and vitest's fake timers: nothing sleeps for real, and
// waits are asserted by advancing the fake clock, never by measuring time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type ClientOptions, type ResponseContext } from '../src/client/index.js';
import {
  backoffDelay,
  DEFAULT_RETRY,
  isRetriedRoute,
  NOT_RETRIED_ROUTES,
  parseRetryAfter,
  RETRIED_ROUTES,
} from '../src/client/retry.js';
import { contract, type RouteName } from '../src/contract/index.js';
import {
  ApiError,
  NetworkError,
  SessionEndedError,
  TimeoutError,
  errorText,
} from '../src/errors/index.js';
import { createMemoryStorage, createTokenStore } from '../src/storage/index.js';
import { BASE, customer, draft, freshToken, makeJwt } from './fixtures.js';

type Reply = Response | Error | 'hang';

interface SeenRequest {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fetch answering from `reply`; 'hang' waits until the request is aborted. */
function fakeFetch(reply: (request: SeenRequest, count: number) => Reply) {
  const calls: SeenRequest[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const request: SeenRequest = {
      url,
      path: new URL(url).pathname,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const answer = reply(request, calls.filter((c) => c.path === request.path).length);
    if (answer === 'hang') {
      return new Promise((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    count: (path: string) => calls.filter((c) => c.path === path).length,
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
const busy = (headers: Record<string, string> = {}) =>
  json(429, { message: 'Too many requests', code: 'too_many_requests' }, headers);
const health = () => json(200, { status: 'ok' });

/** Settles a promise into a value or an error, so a rejection is never left unhandled. */
function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function signedIn(token: string, refresh_token: string) {
  const storage = createMemoryStorage();
  createTokenStore(storage).write({ token, refresh_token });
  return storage;
}

beforeEach(() => {
  vi.useFakeTimers();
  // The jitter drawn is one half: each wait is half its ceiling (baseDelayMs * 2^attempt).
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function client(shop: ReturnType<typeof fakeFetch>, options: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: BASE,
    tokens: createMemoryStorage(),
    fetch: shop.fetch,
    ...options,
  });
}

describe('a token refresh that is busy or fails keeps a valid session (issue 20)', () => {
  const expired = () => makeJwt(Math.floor(Date.now() / 1000) - 60);

  it('retries a refresh answered 429 after its Retry-After, and the call goes on', async () => {
    const fresh = freshToken('new');
    const shop = fakeFetch((request, n) => {
      if (request.path === '/api/auth/token-refresh')
        return n === 1
          ? busy({ 'Retry-After': '2' })
          : json(200, { token: fresh, refresh_token: 'r2' });
      return json(200, customer);
    });
    const onSessionEnd = vi.fn();
    const tokens = signedIn(expired(), 'r1');
    const shopClient = client(shop, { tokens, onSessionEnd });
    const pending = settle(shopClient.customer.me());
    await vi.advanceTimersByTimeAsync(1999);
    expect(shop.count('/api/auth/token-refresh')).toBe(1); // waits the 2 s asked
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).value).toMatchObject({ id: customer.id });
    expect(shop.count('/api/auth/token-refresh')).toBe(2);
    expect(shop.calls.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(shopClient.tokens()).toEqual({ token: fresh, refresh_token: 'r2' });
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('keeps the tokens and throws the retryable 429 when the refresh stays busy', async () => {
    const token = expired();
    const shop = fakeFetch(() => busy({ 'Retry-After': '1' }));
    const onSessionEnd = vi.fn();
    const shopClient = client(shop, { tokens: signedIn(token, 'r1'), onSessionEnd, locale: 'es' });
    const pending = settle(shopClient.customer.me());
    await vi.runAllTimersAsync();
    const { error } = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(error).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      retryable: true,
      retryAfterMs: 1000,
    });
    expect(shop.count('/api/auth/token-refresh')).toBe(1 + DEFAULT_RETRY.retries);
    expect(shop.count('/api/auth/me')).toBe(0);
    expect(shopClient.tokens()).toEqual({ token, refresh_token: 'r1' });
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('does not wait a Retry-After longer than maxDelayMs: throws at once, keeping the session', async () => {
    const onSessionEnd = vi.fn();
    // A 401 makes the call refresh; the refresh is refused for a minute.
    const me401 = fakeFetch((request) =>
      request.path === '/api/auth/me'
        ? json(401, { message: 'Unauthorized', code: 'unauthorized' })
        : busy({ 'Retry-After': '60' }),
    );
    const other = client(me401, { tokens: signedIn(freshToken(), 'r1'), onSessionEnd });
    const { error } = await settle(other.customer.me());
    expect(error).toMatchObject({ status: 429, retryAfterMs: 60_000 });
    expect(me401.count('/api/auth/token-refresh')).toBe(1);
    expect(other.isSignedIn()).toBe(true);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it.each([
    ['a 503', () => json(503, { message: 'Unavailable', code: 'unavailable' })],
    ['a 502 page of a proxy', () => new Response('<html>Bad gateway</html>', { status: 502 })],
    ['no answer', () => new TypeError('fetch failed')],
    ['a 500', () => json(500, { message: 'Something went wrong', code: 'server_error' })],
  ])('keeps the session when the refresh gets %s', async (_, failure) => {
    const token = expired();
    const shop = fakeFetch(() => failure());
    const onSessionEnd = vi.fn();
    const shopClient = client(shop, { tokens: signedIn(token, 'r1'), onSessionEnd });
    const pending = settle(shopClient.customer.me());
    await vi.runAllTimersAsync();
    const { error } = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(shopClient.tokens()).toEqual({ token, refresh_token: 'r1' });
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('ends the session only on a 401 of the refresh (invalid_refresh_token)', async () => {
    const shop = fakeFetch(() =>
      json(401, { message: 'errors.invalid_refresh_token', code: 'invalid_refresh_token' }),
    );
    const onSessionEnd = vi.fn();
    const shopClient = client(shop, {
      tokens: signedIn(expired(), 'r1'),
      onSessionEnd,
      locale: 'es',
    });
    const { error } = await settle(shopClient.customer.me());
    expect(error).toBeInstanceOf(SessionEndedError);
    expect((error as Error).message).toBe(errorText('session_ended', 'es'));
    expect(shop.count('/api/auth/token-refresh')).toBe(1); // a 401 is not retried
    expect(shopClient.isSignedIn()).toBe(false);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });
});

describe('retries', () => {
  it.each([
    ['502', () => new Response('Bad gateway', { status: 502 })],
    ['503', () => json(503, { message: 'Unavailable', code: 'unavailable' })],
    ['504', () => new Response('', { status: 504 })],
    ['429', () => busy()],
    ['no answer', () => new TypeError('fetch failed')],
  ])('tries a GET again after %s, with exponential backoff', async (_, failure) => {
    const shop = fakeFetch((_request, n) => (n <= 2 ? failure() : health()));
    const pending = settle(client(shop).settings.health());
    await vi.advanceTimersByTimeAsync(0);
    expect(shop.calls).toHaveLength(1);
    const first = DEFAULT_RETRY.baseDelayMs / 2; // 0.5 * 300 ms
    const second = DEFAULT_RETRY.baseDelayMs; // 0.5 * 600 ms
    await vi.advanceTimersByTimeAsync(first - 1);
    expect(shop.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(shop.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(second - 1);
    expect(shop.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).value).toEqual({ status: 'ok' });
    expect(shop.calls).toHaveLength(3);
  });

  it('gives up after `retries` more tries and throws the last failure', async () => {
    const shop = fakeFetch(() => json(503, { message: 'Unavailable', code: 'unavailable' }));
    const pending = settle(client(shop, { retry: { retries: 4 } }).settings.health());
    await vi.runAllTimersAsync();
    const { error } = await pending;
    expect(error).toMatchObject({ status: 503, code: 'unavailable', retryable: true });
    expect(shop.calls).toHaveLength(5);
  });

  it('honours Retry-After in seconds and as an HTTP date, by the client clock', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const shop = fakeFetch((_request, n) => {
      if (n === 1) return busy({ 'Retry-After': '3' });
      if (n === 2) return busy({ 'Retry-After': new Date(clock + 4000).toUTCString() });
      return health();
    });
    const shopClient = client(shop, { now: () => clock, retry: { maxDelayMs: 10_000 } });
    const pending = settle(shopClient.settings.health());
    await vi.advanceTimersByTimeAsync(2999);
    expect(shop.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(shop.calls).toHaveLength(2);
    clock += 3000;
    await vi.advanceTimersByTimeAsync(3999);
    expect(shop.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).value).toEqual({ status: 'ok' });
  });

  it('caps the backoff at maxDelayMs and draws full jitter below it', () => {
    const options = { retries: 9, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, options, undefined, () => 0.5)).toBe(50);
    expect(backoffDelay(3, options, undefined, () => 0.999)).toBe(799);
    expect(backoffDelay(8, options, undefined, () => 0.999)).toBe(999);
    expect(backoffDelay(0, options, 700, () => 0)).toBe(700);
    expect(parseRetryAfter('120', 0)).toBe(120_000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2015-10-21T07:27:00Z')),
    ).toBe(60_000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2015-10-22T00:00:00Z')),
    ).toBe(0);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });

  it('never retries pay, nor a POST that adds (addToDraft): one try, its error thrown', async () => {
    const shop = fakeFetch(() => new TypeError('fetch failed'));
    const shopClient = client(shop, { tokens: signedIn(freshToken(), 'r1') });
    const pay = await settle(
      shopClient.orders.pay(41, { code: 'trnsx', input: { card: '6035000000000001' } }),
    );
    expect(pay.error).toBeInstanceOf(NetworkError);
    const add = await settle(shopClient.orders.addToDraft(12, 1));
    expect(add.error).toBeInstanceOf(NetworkError);
    expect(shop.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/order/41/pay',
      'POST /api/order/draft/items',
    ]);
  });

  it('retries a PUT and a POST that only sets a state, not changePassword', async () => {
    const shop = fakeFetch((request, n) => {
      if (n === 1) return json(503, { message: 'Unavailable', code: 'unavailable' });
      if (request.path === '/api/customer/password') return json(200, { ok: true });
      return json(200, draft(9));
    });
    const shopClient = client(shop, { tokens: signedIn(freshToken(), 'r1') });
    const items = settle(shopClient.orders.setItems(9, [{ sku_id: 1, amount: 2 }]));
    const prepared = settle(shopClient.orders.prepareDraft());
    await vi.runAllTimersAsync();
    expect((await items).value).toMatchObject({ id: 9 });
    expect((await prepared).value).toMatchObject({ id: 9 });
    const password = await settle(
      shopClient.customer.changePassword({
        password: 'Abcdefg1',
        passwordConfirmation: 'Abcdefg1',
      }),
    );
    expect(password.error).toMatchObject({ status: 503 });
    expect(shop.count('/api/order/9/items')).toBe(2);
    expect(shop.count('/api/order/prepare-draft')).toBe(2);
    expect(shop.count('/api/customer/password')).toBe(1);
  });

  it('decides per contract row, and names only rows of the contract', () => {
    const names = Object.keys(contract) as RouteName[];
    for (const name of [...RETRIED_ROUTES, ...NOT_RETRIED_ROUTES]) expect(names).toContain(name);
    for (const name of RETRIED_ROUTES) expect(['POST', 'PATCH']).toContain(contract[name].method);
    expect(isRetriedRoute('payOrder', 'POST')).toBe(false);
    expect(isRetriedRoute('completeOrder', 'PATCH')).toBe(false);
    expect(isRetriedRoute('mergeIntoDraft', 'POST')).toBe(false);
    expect(isRetriedRoute('getOrder', 'GET')).toBe(true);
    expect(isRetriedRoute('removeAddress', 'DELETE')).toBe(true);
    expect(isRetriedRoute('a_newer_get', 'GET')).toBe(true);
  });

  it('does not retry with retry: false, nor on a 500 or a 4xx', async () => {
    const off = fakeFetch(() => busy());
    expect((await settle(client(off, { retry: false }).settings.health())).error).toMatchObject({
      status: 429,
    });
    expect(off.calls).toHaveLength(1);
    const broken = fakeFetch(() =>
      json(500, { message: 'Something went wrong', code: 'server_error' }),
    );
    expect((await settle(client(broken).settings.health())).error).toMatchObject({
      status: 500,
      retryable: false,
    });
    expect(broken.calls).toHaveLength(1);
  });

  it('stops waiting when the call is aborted during a backoff', async () => {
    const shop = fakeFetch(() => busy());
    const controller = new AbortController();
    const pending = settle(client(shop).settings.health({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const { error } = await pending;
    expect((error as Error).name).toBe('AbortError');
    await vi.runAllTimersAsync();
    expect(shop.calls).toHaveLength(1);
  });
});

describe('timeout', () => {
  it('abandons a try after timeoutMs with a TimeoutError, in the call language, and retries a GET', async () => {
    const shop = fakeFetch((_request, n) => (n === 1 ? 'hang' : health()));
    const pending = settle(client(shop, { timeoutMs: 5000 }).settings.health());
    await vi.advanceTimersByTimeAsync(4999);
    expect(shop.calls).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect((await pending).value).toEqual({ status: 'ok' });
    expect(shop.calls).toHaveLength(2);

    const hung = fakeFetch(() => 'hang');
    const failed = settle(
      client(hung, { timeoutMs: 1000, retry: false }).settings.health({ locale: 'es' }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    const { error } = await failed;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'timeout', status: 0, timeoutMs: 1000, retryable: true });
    expect((error as Error).message).toBe(errorText('timeout', 'es'));
  });

  it('waits for ever with timeoutMs: false', async () => {
    const shop = fakeFetch(() => 'hang');
    const controller = new AbortController();
    const pending = settle(
      client(shop, { timeoutMs: false }).settings.health({ signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(shop.calls).toHaveLength(1);
    controller.abort();
    expect(((await pending).error as Error).name).toBe('AbortError');
  });
});

describe('hooks', () => {
  it('onRequest adds headers to every try; onResponse sees each try, its status and whether it is retried', async () => {
    let clock = 1_000;
    const shop = fakeFetch((_request, n) => {
      clock += 40;
      return n === 1 ? json(503, { message: 'Unavailable', code: 'unavailable' }) : health();
    });
    const seen: ResponseContext[] = [];
    const shopClient = client(shop, {
      now: () => clock,
      onRequest: (context) => {
        context.headers['X-Correlation-Id'] = `req-${context.route}-${context.attempt}`;
      },
      onResponse: (context) => {
        seen.push(context);
      },
    });
    const pending = settle(shopClient.settings.health({ locale: 'es' }));
    await vi.runAllTimersAsync();
    expect((await pending).value).toEqual({ status: 'ok' });
    expect(shop.calls.map((c) => c.headers.get('X-Correlation-Id'))).toEqual([
      'req-health-1',
      'req-health-2',
    ]);
    expect(shop.calls[0]?.headers.get('Accept-Language')).toBe('es');
    expect(
      seen.map((c) => [c.route, c.method, c.attempt, c.status, c.retrying, c.durationMs]),
    ).toEqual([
      ['health', 'GET', 1, 503, true, 40],
      ['health', 'GET', 2, 200, false, 40],
    ]);
    expect(seen[0]?.requestHeaders['X-Correlation-Id']).toBe('req-health-1');
    expect(seen[0]?.headers?.get('Content-Type')).toBe('application/json');
  });

  it('onResponse sees a try with no answer; a throwing onResponse never fails the call', async () => {
    const shop = fakeFetch((_request, n) => (n === 1 ? new TypeError('fetch failed') : health()));
    const seen: Array<[number, string | undefined]> = [];
    const shopClient = client(shop, {
      onResponse: (context) => {
        seen.push([context.status, context.error?.code]);
        throw new Error('logger down');
      },
    });
    const pending = settle(shopClient.settings.health());
    await vi.runAllTimersAsync();
    expect((await pending).value).toEqual({ status: 'ok' });
    expect(seen).toEqual([
      [0, 'network_error'],
      [200, undefined],
    ]);
  });

  it('an onRequest that throws fails the call before anything is sent', async () => {
    const shop = fakeFetch(() => health());
    const shopClient = client(shop, {
      onRequest: () => {
        throw new Error('blocked');
      },
    });
    await expect(shopClient.settings.health()).rejects.toThrow('blocked');
    expect(shop.calls).toHaveLength(0);
  });
});

describe('contract version', () => {
  it('exposes the X-Contract-Version header the API sent last', async () => {
    let version = '1.0.0';
    const shop = fakeFetch(() => json(200, { status: 'ok' }, { 'X-Contract-Version': version }));
    const shopClient = client(shop);
    expect(shopClient.contractVersion()).toBeNull();
    await shopClient.settings.health();
    expect(shopClient.contractVersion()).toBe('1.0.0');
    version = '1.1.0';
    await shopClient.settings.health();
    expect(shopClient.contractVersion()).toBe('1.1.0');
  });
});

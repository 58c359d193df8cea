import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/client/index.js';
import { ApiError, MalformedAnswerError, ValidationError, errorText } from '../src/errors/index.js';
import { createMemoryStorage, createTokenStore } from '../src/storage/index.js';
import { BASE, customer, freshToken, settings } from './fixtures.js';
import { server } from './msw-server.js';

function recordRequests() {
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => void requests.push(request.clone()));
  return requests;
}

describe('client.call', () => {
  it('sends Accept always, Accept-Language when a locale is given, and the bearer token when signed in', async () => {
    const token = freshToken();
    const seen: Headers[] = [];
    server.use(
      http.get(`${BASE}/api/search/products`, ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({ status: 'success', products: [], categories: [] });
      }),
    );
    const storage = createMemoryStorage();
    const client = createClient({ baseUrl: `${BASE}/`, tokens: storage });

    await client.search.products('vit');
    expect(seen[0]?.get('Accept')).toBe('application/json');
    expect(seen[0]?.get('Accept-Language')).toBeNull();
    expect(seen[0]?.get('Authorization')).toBeNull();

    client.signIn({ token, refresh_token: 'r1' });
    await client.search.products('vit', 'cl1', { locale: 'es' });
    expect(seen[1]?.get('Accept-Language')).toBe('es');
    expect(seen[1]?.get('Authorization')).toBe(`Bearer ${token}`);
    // The locale belongs to that call only: the next one has none again.
    await client.call('search', { query: { q: 'vit' } });
    expect(seen[2]?.get('Accept-Language')).toBeNull();
    expect('setLocale' in client).toBe(false);
  });

  it('builds the path, the query and the JSON body from the contract row', async () => {
    const requests = recordRequests();
    server.use(
      http.get(`${BASE}/api/catalog/products`, () =>
        HttpResponse.json({ products: [], total: 0, page: 2, pageSize: 24, brands: [] }),
      ),
      http.patch(`${BASE}/api/customer/address/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, string>;
        return HttpResponse.json({
          id: Number(params.id),
          address: '1 Main St',
          address2: null,
          city: body.city ?? 'x',
          state: 'TX',
          zip: '73301',
          facilityAddress: false,
        });
      }),
    );
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage(), locale: 'en' });
    await client.catalog.products({ category: 2, brand: '', sort: 'price-asc', page: 2 });
    const address = await client.call('updateAddress', {
      params: { id: 7 },
      body: { city: 'Austin' },
    });

    const list = requests[0];
    expect(list?.method).toBe('GET');
    expect(new URL(list?.url ?? '').search).toBe('?category=2&sort=price-asc&page=2');
    expect(list?.headers.get('Content-Type')).toBeNull();
    const patch = requests[1];
    expect(patch?.method).toBe('PATCH');
    expect(new URL(patch?.url ?? '').pathname).toBe('/api/customer/address/7');
    expect(patch?.headers.get('Content-Type')).toBe('application/json');
    expect(patch?.headers.get('Accept-Language')).toBe('en');
    expect(address).toMatchObject({ id: 7, city: 'Austin' });
  });

  it('throws MalformedAnswerError naming the call when the answer does not match the schema', async () => {
    server.use(
      http.get(`${BASE}/api/constants`, () => HttpResponse.json({ ...settings, minimumOrder: 25 })),
      http.get(`${BASE}/api/health`, () => new HttpResponse('ok', { status: 200 })),
    );
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });
    const error = await client.settings.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect((error as MalformedAnswerError).route).toBe('settings');
    expect((error as MalformedAnswerError).detail).toContain('minimumOrder');
    // An ApiError of its own code (issue 20), with the answer's status and a text to show.
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'malformed_answer', status: 200 });
    expect((error as MalformedAnswerError).message).toBe(errorText('malformed_answer', 'en'));
    const notJson = await client.settings.health({ locale: 'es' }).catch((e: unknown) => e);
    expect(notJson).toBeInstanceOf(MalformedAnswerError);
    expect((notJson as MalformedAnswerError).route).toBe('health');
    expect((notJson as MalformedAnswerError).message).toBe(errorText('malformed_answer', 'es'));
  });

  it('turns error answers into ApiError and ValidationError, JSON or not', async () => {
    server.use(
      http.post(`${BASE}/api/insurance-card`, () =>
        HttpResponse.json(
          {
            message: 'Card number or code is not correct',
            code: 'card_number_or_code_is_not_correct',
          },
          { status: 400 },
        ),
      ),
      http.patch(`${BASE}/api/customer/data`, () =>
        HttpResponse.json(
          {
            message: 'Invalid',
            data: { firstName: ['Required'], 'birthdate.year': ['Wrong', 'x'] },
          },
          { status: 422 },
        ),
      ),
      http.get(
        `${BASE}/api/order/:id`,
        () => new HttpResponse('<h1>Gateway</h1>', { status: 502 }),
      ),
    );
    const client = createClient({
      baseUrl: BASE,
      tokens: createTokenStore(createMemoryStorage()),
      retry: false,
    });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });

    const card = await client.cards
      .add({ type: 'network', number: '1234', code: '123' })
      .catch((e: unknown) => e);
    expect(card).toBeInstanceOf(ApiError);
    expect((card as ApiError).code).toBe('card_number_or_code_is_not_correct');
    expect((card as ApiError).route).toBe('addCard');

    const invalid = await client.customer.update({ firstName: '' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).fieldErrors).toEqual({
      firstName: 'Required',
      birthdate: 'Wrong',
    });

    const gateway = await client.orders.get(5).catch((e: unknown) => e);
    expect(gateway).toBeInstanceOf(ApiError);
    expect((gateway as ApiError).status).toBe(502);
    // A proxy's page is never shown: a translated text with the status (issue 20).
    expect((gateway as ApiError).message).toBe(
      'The shop could not answer right now (error 502). Please try again later.',
    );
    expect(gateway).toMatchObject({ code: 'unexpected_answer', retryable: true });
    const es = await client.orders.get(5, { locale: 'es' }).catch((e: unknown) => e);
    expect((es as ApiError).message).toBe(errorText('unexpected_answer', 'es', { status: 502 }));
    expect((es as ApiError).message).not.toContain('Gateway');
  });

  it('signs in through the auth helpers and signs out with the refresh token', async () => {
    const token = freshToken('login');
    const logoutBodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/api/auth/login`, () => HttpResponse.json({ token, refresh_token: 'r1' })),
      http.post(`${BASE}/api/auth/logout`, async ({ request }) => {
        logoutBodies.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
      http.get(`${BASE}/api/auth/me`, ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${token}`
          ? HttpResponse.json(customer)
          : HttpResponse.json({ message: 'no' }, { status: 401 }),
      ),
    );
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });
    expect(client.isSignedIn()).toBe(false);
    await expect(client.auth.login('ana@example.com', 'Secret123')).resolves.toEqual({
      token,
      refresh_token: 'r1',
    });
    expect(client.isSignedIn()).toBe(true);
    expect(client.tokens()).toEqual({ token, refresh_token: 'r1' });
    await expect(client.auth.me()).resolves.toMatchObject({ id: 1 });
    await client.auth.logout();
    expect(logoutBodies).toEqual([{ refresh_token: 'r1' }]);
    expect(client.isSignedIn()).toBe(false);
    // Signing out again without tokens makes no call.
    await client.signOut();
    expect(logoutBodies).toHaveLength(1);
  });

  it('clears the tokens even when the logout call fails', async () => {
    server.use(http.post(`${BASE}/api/auth/logout`, () => HttpResponse.error()));
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    await client.signOut();
    expect(client.isSignedIn()).toBe(false);
  });

  it('uses the fetch it is given', async () => {
    const calls: string[] = [];
    const client = createClient({
      baseUrl: 'http://api.local',
      tokens: createMemoryStorage(),
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ status: 'ok' }), { status: 200 });
      },
    });
    await expect(client.settings.health()).resolves.toEqual({ status: 'ok' });
    expect(calls).toEqual(['http://api.local/api/health']);
  });
});

// @vitest-environment node
// The storefront drawn on the server (issue 18): no document, no storage, no session; the API's
// answers come from the msw fixtures through the fetch the API would give the render.
import { http, HttpResponse } from 'msw';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, renderDocument, type RenderResult } from './entry-server';
import { API, server, settingsFixture } from './test/server';
import { productsFixture, useCatalogHandlers } from './features/catalog/catalog-fixtures';
import type { ServerData } from './lib/server-data';
import { DEFAULT_TIME_ZONE } from './lib/time-zone';
import { WEB_SESSION_COOKIES } from '@otc/sdk';
import { cardFixture, sessionOf, useAccountHandlers, useSessionHandlers } from './features/account/account-fixtures';

const ORIGIN = 'https://shop.example';
const asked: string[] = [];

function renderAt(path: string, headers: Record<string, string> = {}): Promise<RenderResult> {
  return render(new Request(`${ORIGIN}${path}`, { headers: { cookie: 'locale=en', ...headers } }), {
    fetch: (input, init) => {
      asked.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
      return fetch(input, init);
    },
    origin: ORIGIN,
  });
}

function page(result: RenderResult) {
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  return result;
}

beforeEach(() => {
  asked.length = 0;
  useCatalogHandlers();
});

describe('server render', () => {
  it('draws the catalog with its products, its English head and the answers for hydration', async () => {
    const drawn = page(await renderAt('/catalog?category=1'));
    expect(drawn.status).toBe(200);
    expect(drawn.lang).toBe('en-US');
    expect(drawn.head).toContain('<title>Catalog | Benefit Shop</title>');
    expect(drawn.head).toContain('<link rel="canonical" href="https://shop.example/catalog?category=1"/>');
    expect(drawn.head).toMatch(/hrefLang="es" href="https:\/\/shop\.example\/es\/catalog\?category=1"/);
    const vitamin = productsFixture[0]!.name;
    expect(drawn.body).toContain(vitamin);
    expect(drawn.body).not.toContain('<title>');
    const data = JSON.parse(drawn.data) as ServerData;
    const queries = Object.values((data.api as { queries: Record<string, { endpointName: string; status: string }> }).queries);
    expect(queries.filter((q) => q.endpointName === 'getProductPage' && q.status === 'fulfilled')).toHaveLength(1);
    expect(data.loaderData).toHaveProperty('en:catalog');
    expect(data.origin).toBe(ORIGIN);
  });

  it('draws the same page for the same data as the same bytes (its ETag answers 304 the next time; issue 30)', async () => {
    const first = page(await renderAt('/catalog?category=1'));
    const second = page(await renderAt('/catalog?category=1'));
    expect(second.data).toBe(first.data);
    expect(second.head + second.body).toBe(first.head + first.body);
    const queries = (JSON.parse(first.data) as { api: { queries: Record<string, { requestId: string; fulfilledTimeStamp: number }> } })
      .api.queries;
    expect(Object.values(queries).every((entry) => entry.requestId === 'server')).toBe(true);
    // A moment, not none: RTK Query asks again for an entry that has no fulfilled time.
    expect(Object.values(queries).every((entry) => entry.fulfilledTimeStamp > 0)).toBe(true);
  });

  it('draws a Spanish item page with its name as title and its Product data', async () => {
    const drawn = page(await renderAt('/es/item/1'));
    expect(drawn.status).toBe(200);
    expect(drawn.lang).toBe('es-US');
    expect(drawn.head).toMatch(/<title>[^<]+ \| Tienda de beneficios<\/title>/);
    expect(drawn.body).toContain('"@type":"Product"');
    expect(drawn.body).toContain('Agregar al carrito');
  });

  it('answers 404 with the page drawn for an unknown item and an unknown address', async () => {
    server.use(http.get(`${API}/api/catalog/products/:id`, () => HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })));
    const item = page(await renderAt('/item/999'));
    expect(item.status).toBe(404);
    expect(item.head).toContain('404');
    const unknown = page(await renderAt('/es/no-existe'));
    expect(unknown.status).toBe(404);

    expect(unknown.body).toContain('Página no encontrada');
  });

  it('answers 404 for an item id no product can have, without asking the API', async () => {
    // The API refuses such an id as a bad request (422), which the page drew as a failed load:
    // a 200 with an empty page, kept by the page cache (issue 32, item 7).
    server.use(
      http.get(`${API}/api/catalog/products/:id`, () =>
        HttpResponse.json({ message: 'The given data was invalid.', code: 'validation_failed' }, { status: 422 }),
      ),
    );
    for (const path of ['/item/2147483648', '/es/item/99999999999', '/item/0', '/item/1.5']) {
      expect(page(await renderAt(path)).status, path).toBe(404);
    }
    expect(asked.filter((path) => path.startsWith('/api/catalog/products/'))).toEqual([]);
  });

  it('sends a guest at a login-required page to sign in, and asks nothing of a customer (issue 29)', async () => {
    // The guards run on the server too: nobody is signed in without the session cookie.
    const drawn = await renderAt('/account/orders');
    expect(drawn).toEqual({ kind: 'redirect', status: 302, location: '/login?redirect=%2Faccount%2Forders' });
    expect(asked.filter((path) => path.startsWith('/api/customer') || path.startsWith('/api/order'))).toEqual([]);
    const login = page(await renderAt('/login'));
    // Sign-in, account, cart and checkout pages and 404s stay out of search indexes; the sitemap's do not.
    expect(login.head).toContain('<meta name="robots" content="noindex"/>');
    expect(page(await renderAt('/cart')).head).toContain('content="noindex"');
    expect(page(await renderAt('/no-such-page')).head).toContain('content="noindex"');
    expect(page(await renderAt('/item/2')).head).not.toContain('noindex');
    expect(page(await renderAt('/about-us')).head).not.toContain('noindex');
  });

  it('sends the bare address to the language of the cookie, and a first Spanish visit to /es', async () => {
    expect(await renderAt('/', { cookie: 'locale=es' })).toMatchObject({ kind: 'redirect', location: '/es' });
    expect(await renderAt('/catalog', { cookie: '', 'accept-language': 'es-US,es;q=0.9,en;q=0.8' })).toMatchObject({
      kind: 'redirect',
      location: '/es/catalog',
    });
    expect(page(await renderAt('/catalog', { cookie: '', 'accept-language': 'en-US,es;q=0.5' })).status).toBe(200);
  });

  it("draws the English address followed from the shop's own page (the language switch without scripts)", async () => {
    const fromShop = { 'sec-fetch-site': 'same-origin' };
    expect(page(await renderAt('/', { cookie: 'locale=es', ...fromShop })).locale).toBe('en');
    expect(page(await renderAt('/catalog', { cookie: '', 'accept-language': 'es-US,es;q=0.9', ...fromShop })).locale).toBe('en');
    // Typed or from another site: as before.
    expect(await renderAt('/', { cookie: 'locale=es', 'sec-fetch-site': 'none' })).toMatchObject({ kind: 'redirect', location: '/es' });
    expect(await renderAt('/catalog', { cookie: '', 'accept-language': 'es-US,es;q=0.9', 'sec-fetch-site': 'cross-site' })).toMatchObject({ kind: 'redirect', location: '/es/catalog' });
  });

  it('renders side by side in two languages without mixing them', async () => {
    const [en, es] = await Promise.all([renderAt('/about-us'), renderAt('/es/about-us')]);
    expect(page(en).head).toContain('About us | Benefit Shop');
    expect(page(es).head).toContain('Quiénes somos | Tienda de beneficios');
    expect(page(es).body).not.toContain('Skip to main content');
  });
});

describe('one render per request', () => {
  // Every public page, with what only its loaders' answers draw (the layout's: the footer's
  // company name, from the settings). A query a loader does not await is asked for by the render
  // instead, and the page is drawn a second time.
  const pages: Array<{ path: string; shows: string[]; hides?: string[]; status?: number }> = [
    { path: '', shows: ['Vitamin A', 'First aid'] },
    { path: '/catalog', shows: ['Vitamin A', 'Vitamin D', 'Gold Advantage'] },
    { path: '/catalog?category=2', shows: ['Bandage G'], hides: ['Vitamin A'] },
    // Filters, and a second page: both pages of the list are drawn.
    { path: '/catalog?category=1&brand=Nature+Health&page=2', shows: ['Vitamin A', 'Vitamin F'], hides: ['Bandage G'] },
    { path: '/catalog?q=bandage', shows: ['Bandage J'], hides: ['Vitamin A'] },
    { path: '/item/2', shows: ['Vitamin B keeps you well.'] },
    { path: '/about-us', shows: [] },
    { path: '/terms-of-use', shows: [] },
    { path: '/privacy-policy', shows: [] },
    { path: '/return-policy', shows: [] },
    { path: '/accessibility', shows: [] },
    { path: '/docs/items-eligibility', shows: [] },
    { path: '/contacts', shows: ['help@example.com'] },
    { path: '/balance-check', shows: [] },
    { path: '/login', shows: [] },
    { path: '/sign-up', shows: [] },
    { path: '/no-such-page', shows: [], status: 404 },
    { path: '/item/999', shows: [], status: 404 },
  ];

  for (const locale of ['en', 'es'] as const) {
    for (const { path, shows, hides = [], status = 200 } of pages) {
      const address = `${locale === 'es' ? '/es' : ''}${path}` || '/';
      it(`draws ${address} once, with its content`, async () => {
        const drawn = page(await renderAt(address, { cookie: `locale=${locale}` }));
        expect(drawn.renders).toBe(1);
        expect(drawn.status).toBe(status);
        expect(drawn.lang).toBe(locale === 'es' ? 'es-US' : 'en-US');
        for (const text of ['Benefit Shop LLC', ...shows]) expect(drawn.body).toContain(text);
        for (const text of hides) expect(drawn.body).not.toContain(text);
        // The browser rehydrates answers only: nothing was left on its way.
        const { api } = JSON.parse(drawn.data) as { api: { queries: Record<string, { status: string }> } };
        const queries = Object.values(api.queries);
        expect(queries.length).toBeGreaterThan(0);
        expect(queries.filter((query) => query.status === 'pending')).toEqual([]);
      });
    }
  }

  it('draws a refused page once, its refusal asked for once (a used "This was not me" link)', async () => {
    server.use(
      http.get(`${API}/api/auth/undo`, () =>
        HttpResponse.json({ message: 'used', code: 'undo_link_used' }, { status: 410 }),
      ),
    );
    const drawn = page(await renderAt('/account/undo?token=used-one'));
    expect(drawn.renders).toBe(1);
    expect(asked.filter((path) => path === '/api/auth/undo')).toHaveLength(1);
    expect(drawn.body).toContain('This link was already used');
  });

  it("leaves no timer holding the request's store once the page is drawn", async () => {
    // A query let go starts its removal timer (`keepUnusedDataFor`: up to an hour), which would
    // keep every rendered request's store alive that long.
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    try {
      page(await renderAt('/catalog?category=1'));
      const delays = setTimeoutSpy.mock.calls.map(([, ms]) => ms ?? 0);
      expect(delays.filter((ms) => ms >= 60_000)).toEqual([]);
    } finally {
      setTimeoutSpy.mockRestore();
    }
  });

  it('draws a page again when its render asked for what the loaders did not bring, and says so', async () => {
    // The settings fail for the layout's loader; the footer's query asks again as the page renders
    // (RTK Query retries a failed entry for a new subscriber), and the page is drawn with the answer.
    let settingsAsked = 0;
    server.use(
      http.get(`${API}/api/constants`, () => {
        settingsAsked += 1;
        return settingsAsked === 1
          ? HttpResponse.json({ message: 'Failed', code: 'internal_error' }, { status: 500 })
          : HttpResponse.json(settingsFixture);
      }),
    );
    const drawn = page(await renderAt('/about-us'));
    expect(settingsAsked).toBe(2);
    expect(drawn.renders).toBe(2);
    expect(drawn.body).toContain('Benefit Shop LLC');
  });
});

describe("a member's pages (issue 29: right in one pass)", () => {
  const member = { cookie: `locale=en; ${WEB_SESSION_COOKIES.session}=opaque-session` };
  beforeEach(() => {
    useAccountHandlers({ cards: [cardFixture()] });
    useSessionHandlers([sessionOf({ id: '00000000-0000-4000-8000-00000000000a', device: 'Firefox · Linux', current: true, minutesAgo: 0 })]);
  });

  // Each page's own reads are awaited by its loader: one render, and every answer it was drawn
  // with goes to the browser (a read left running was drawn by the server and missing from the
  // page's answers: the browser drew a skeleton there and drew the page again, dropping what the
  // member had typed).
  const pages = [
    { path: '/catalog', endpoint: 'getFavorites' },
    { path: '/item/1', endpoint: 'getFavorites' },
    { path: '/account/security', endpoint: 'sessions', shows: 'Firefox · Linux' },
    { path: '/account/addresses', endpoint: 'addresses' },
    { path: '/account/payment-methods', endpoint: 'cards' },
    { path: '/account/favorites', endpoint: 'accountFavorites' },
  ];
  for (const locale of ['en', 'es'] as const) {
    for (const { path, endpoint, shows } of pages) {
      const address = `${locale === 'es' ? '/es' : ''}${path}`;
      it(`draws ${address} once, with ${endpoint} among the answers it hands over`, async () => {
        const drawn = page(await renderAt(address, { cookie: member.cookie.replace('locale=en', `locale=${locale}`) }));
        expect(drawn.status).toBe(200);
        expect(drawn.renders).toBe(1);
        const { api } = JSON.parse(drawn.data) as { api: { queries: Record<string, { endpointName: string; status: string }> } };
        const queries = Object.values(api.queries);
        expect(queries.filter((query) => query.endpointName === endpoint && query.status === 'fulfilled')).toHaveLength(1);
        expect(queries.filter((query) => query.status === 'pending')).toEqual([]);
        if (shows) expect(drawn.body).toContain(shows);
      });
    }
  }

  it("draws another member's order (or none) once, asking for it once: its 404 handed to the page", async () => {
    server.use(
      http.get(`${API}/api/order/:id`, () => HttpResponse.json({ message: 'x', code: 'not_found' }, { status: 404 })),
    );
    const drawn = page(await renderAt('/order/777', member));
    expect(drawn.renders).toBe(1);
    expect(asked.filter((path) => path === '/api/order/777')).toHaveLength(1);
  });
});

describe('the time zone a page is drawn in', () => {
  const zoneOf = (drawn: RenderResult) => (JSON.parse(page(drawn).data) as ServerData).timeZone;
  const namedOf = (drawn: RenderResult) => (JSON.parse(page(drawn).data) as ServerData).timeZoneNamed;

  it("a visitor's own page is drawn in their browser's zone (its cookie); a page for no one in the shop's", async () => {
    useAccountHandlers();
    const member = `locale=en; ${WEB_SESSION_COOKIES.session}=opaque-session`;
    expect(zoneOf(await renderAt('/account', { cookie: `${member}; otc_tz=Pacific%2FPago_Pago` }))).toBe('Pacific/Pago_Pago');
    // A name Intl does not know is the visitor's to write: the shop's zone instead.
    expect(zoneOf(await renderAt('/account', { cookie: `${member}; otc_tz=Mars%2FOlympus` }))).toBe(DEFAULT_TIME_ZONE);
    // Shared by the page cache (whose key has no zone): the shop's, whatever the cookie says.
    expect(zoneOf(await renderAt('/about-us', { cookie: 'locale=en; otc_tz=Pacific%2FPago_Pago' }))).toBe(DEFAULT_TIME_ZONE);
  });

  it("names the shop's zone when it is a guess (no zone from the browser, e.g. no scripts), and hands that to the browser", async () => {
    useAccountHandlers();
    const member = `locale=en; ${WEB_SESSION_COOKIES.session}=opaque-session`;
    expect(namedOf(await renderAt('/account', { cookie: `${member}; otc_tz=Pacific%2FPago_Pago` }))).toBe(false);
    expect(namedOf(await renderAt('/account', { cookie: member }))).toBe(true);
    expect(namedOf(await renderAt('/account', { cookie: `${member}; otc_tz=Mars%2FOlympus` }))).toBe(true);
  });
});

describe('requests side by side', () => {
  it("each render's API calls go through its own request's fetch", async () => {
    const calls: Record<string, string[]> = { a: [], b: [] };
    const through = (name: 'a' | 'b'): typeof fetch => (input, init) => {
      calls[name]!.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
      return fetch(input, init);
    };
    const [a, b] = await Promise.all([
      render(new Request(`${ORIGIN}/catalog`, { headers: { cookie: 'locale=en' } }), { fetch: through('a'), origin: ORIGIN }),
      render(new Request(`${ORIGIN}/es/item/2`, { headers: { cookie: 'locale=es' } }), { fetch: through('b'), origin: ORIGIN }),
    ]);
    expect(page(a).status).toBe(200);
    expect(page(b).status).toBe(200);
    expect(calls.a).toContain('/api/catalog/products');
    expect(calls.a).not.toContain('/api/catalog/products/2');
    expect(calls.b).toContain('/api/catalog/products/2');
    expect(calls.b).not.toContain('/api/catalog/products');
  });
});

describe('served document', () => {
  const template = readFileSync(resolve(__dirname, '../index.html'), 'utf8').replace(
    '<script src="/colour-mode.js"></script>',
    `<script type="application/json" id="route-preloads">${JSON.stringify({
      routes: [
        ['', ['/assets/home.js']],
        ['catalog', ['/assets/catalog.js', '/assets/shared.js']],
        ['item/:id', ['/assets/item.js', '/assets/shared.js']],
        ['order/:id', ['/assets/shell.js']],
        ['order/delivery', ['/assets/delivery.js']],
      ],
      locales: { en: ['/assets/messages-en.js'], es: ['/assets/messages-es.js'] },
    })}</script><script src="/colour-mode.js"></script>`,
  );
  const drawn = { locale: 'es' as const, lang: 'es-US', head: '<title>Artículo | Tienda</title>', body: '<main>hola</main>', data: '{"a":"\\u003c/script>"}' };

  /** The scripts the page lists for public/start-app.js (loaded once the page is painted). */
  const appScripts = (html: string) =>
    JSON.parse(/<script type="application\/json" id="app-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as { entry: string; preload: string[] } | null;

  it("carries the page's language, head, markup and data, and preloads its page's scripts", () => {
    const html = renderDocument(template, '/es/item/42', drawn);
    // The language set, the rest of the tag kept (device-colours: the dark scheme without scripts).
    expect(html).toContain('<html lang="es-US" class="device-colours">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Artículo | Tienda</title>');
    expect(html).toContain('<div id="root"><main>hola</main></div><script type="application/json" id="server-data">{"a":"\\u003c/script>"}</script>');
    expect(appScripts(html)?.preload).toEqual(['/assets/messages-es.js', '/assets/item.js', '/assets/shared.js']);
    expect(html).not.toContain('route-preloads');
  });

  it("lists the page's scripts for start-app.js, after the page's data, instead of preloading them (every page is drawn whole)", () => {
    const built = template.replace(
      '<script type="module" src="/src/main.tsx"></script>',
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js">',
    );
    const html = renderDocument(built, '/es/item/42', drawn);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('type="module"');
    const block = /<script type="application\/json" id="app-scripts">(.*?)<\/script><script src="\/start-app.js" defer><\/script>\s*<\/body>/.exec(html);
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual({
      entry: '/assets/index.js',
      preload: ['/assets/vendor.js', '/assets/messages-es.js', '/assets/item.js', '/assets/shared.js'],
    });
    expect(html.indexOf('id="server-data"')).toBeLessThan(html.indexOf('id="app-scripts"'));
  });

  it('keeps the text of a page whole, `$` patterns included', () => {
    const html = renderDocument(template, '/item/42', { ...drawn, body: "<p>Save $& and $' today</p>" });
    expect(html).toContain("<div id=\"root\"><p>Save $& and $' today</p></div>");
  });

  it('prefers literal segments over parameters, and preloads no page for an unknown address', () => {
    const preloadsAt = (path: string) => appScripts(renderDocument(template, path, { ...drawn, locale: 'en' }))?.preload;
    expect(preloadsAt('/order/delivery')).toEqual(['/assets/messages-en.js', '/assets/delivery.js']);
    expect(preloadsAt('/order/7')).toEqual(['/assets/messages-en.js', '/assets/shell.js']);
    expect(preloadsAt('/')).toEqual(['/assets/messages-en.js', '/assets/home.js']);
    expect(preloadsAt('/no/such/page')).toEqual(['/assets/messages-en.js']);
  });
});

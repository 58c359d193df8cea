// Pages drawn on the server (issue 18), as the API serves them: a stand-in render module (the
// storefront's own is tested in apps/storefront/src/entry-server.test.tsx and in the browser by
// e2e/specs/server-render.spec.ts) shows what the API does with what it renders.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { announcePublicDataChange } from '../../../src/lib/public-data.js';
import {
  GUEST_PAGE_CACHE_CONTROL,
  INCOMPLETE_PAGE_CACHE_CONTROL,
  MAX_RENDERS_AT_ONCE,
  MAX_RENDERS_PER_CLIENT,
  MAX_RENDERS_WAITING,
  pageCacheKey,
} from '../../../src/plugins/external/page-renderer.js';
import { RENDER_CALL_HEADER } from '../../../src/lib/render-call.js';
import { buildTestApp, registerWeb, type TestApp } from '../../helpers.js';

const TEMPLATE = '<!doctype html><html lang="en-US"><head><title>Shop</title></head><body><div id="root"></div></body></html>';

// Counts its renders in globalThis, asks the API for its health through the fetch it is given,
// and fails or redirects on cue.
const RENDER_MODULE = `
globalThis.__renders = 0;
export async function render(request, options) {
  globalThis.__renders += 1;
  const url = new URL(request.url);
  if (url.pathname === '/boom') throw new Error('render failed');
  if (url.pathname === '/slow') await new Promise((resolve) => setTimeout(resolve, 300));
  // The language decision at the bare address, in short: the cookie, else a Spanish browser.
  const spanishBrowser = (request.headers.get('accept-language') ?? '').includes('es;q=0.9');
  // A page for members only: the sign-in it sends a visitor to comes back with the whole address.
  if (url.pathname === '/members') {
    return { kind: 'redirect', status: 302, location: '/login?redirect=' + encodeURIComponent(url.pathname + url.search) };
  }
  if (url.pathname === '/' && ((request.headers.get('cookie') ?? '').includes('locale=es') || spanishBrowser)) {
    return { kind: 'redirect', status: 302, location: '/es' };
  }
  globalThis.__drawnAddresses = [...(globalThis.__drawnAddresses ?? []), url.pathname + url.search];
  const health = await options.fetch('/api/health', { headers: { accept: 'application/json' } });
  // A page of the visitor's own: what the API tells this visitor (their session's CSRF token).
  const mine = url.pathname === '/mine' ? await (await options.fetch('/api/auth/csrf')).json() : null;
  // Data that is not there: in a page drawn as found, or in the 404 page of an unknown item.
  if (url.pathname === '/data-missing' || url.pathname === '/item-missing') await options.fetch('/api/no-such-thing');
  // A page drawn with the guest's chosen plan (the catalog's marks).
  const plan = /(?:^|;)\\s*otc_plan=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? '-';
  const status = url.pathname === '/gone' || url.pathname === '/item-missing' ? 404 : 200;
  return {
    kind: 'page', status, locale: 'en', lang: url.pathname.startsWith('/es') ? 'es-US' : 'en-US',
    head: '<title>Drawn ' + url.pathname + '</title>',
    body: '<main>health ' + health.status + ' at ' + options.origin + (mine ? ' csrf ' + mine.csrf_token : '') + (url.pathname === '/plan-page' ? ' plan ' + plan : '') + '</main>',
    data: '{}',
  };
}
// The storefront's rule in short: the parameter \`x\` is read by no page; the rest are sorted.
export function pageCacheAddress(address) {
  const [pathname, query = ''] = address.split('?');
  const kept = new URLSearchParams(query);
  kept.delete('x');
  kept.sort();
  const search = kept.toString();
  globalThis.__lastAddress = search ? pathname + '?' + search : pathname;
  return globalThis.__lastAddress;
}
// The storefront's rule in short: \`token\` is a link's secret.
export function carriesSecretLink(address) {
  return new URLSearchParams(address.split('?')[1] ?? '').has('token');
}
export function renderDocument(template, pathname, page) {
  return template.replace('<html lang="en-US"', '<html lang="' + page.lang + '"')
    .replace(/<title>[^<]*<\\/title>/, page.head)
    .replace('<div id="root"></div>', '<div id="root">' + page.body + '</div>');
}
`;

let t: TestApp;
let dir: string;
/** PAGE_MISSES_PER_CLIENT_MINUTE of the app of the test that reaches it: small, so it does quickly. */
const MISSES_PER_MINUTE = 12;
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'otc-render-'));
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'render.mjs'), RENDER_MODULE);
  t = await buildTestApp({
    config: {
      storefrontDir: dir,
      storefrontRender: path.join(dir, 'render.mjs'),
      pageCacheMs: 60_000,
      publicUrl: 'https://shop.example',
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * On PostgreSQL the announcing process hears its own notification again a moment after the commit
 * (public-data.ts), which moves the version once more: waits until it stands still.
 */
async function publicDataVersionSettled(): Promise<void> {
  let seen = t.app.publicAnswers.version();
  for (let tries = 0; tries < 40; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = t.app.publicAnswers.version();
    if (now === seen && tries >= 2) return;
    seen = now;
  }
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('pages drawn on the server', () => {
  it("serves the page drawn, in its language, with the render's API calls answered in process", async () => {
    const res = await get('/es/catalog?category=2', { 'accept-language': 'es-US,es;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="es-US">');
    expect(res.body).toContain('<title>Drawn /es/catalog</title>');
    expect(res.body).toContain('<main>health 200 at https://shop.example</main>');
    expect(res.headers['cache-control']).toBe(GUEST_PAGE_CACHE_CONTROL);
    // The bare address would pick Spanish already: nothing to remember.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('remembers the language of the page shown when the bare address would pick the other (a switch before the scripts run)', async () => {
    const switched = await get('/es/catalog', { cookie: 'locale=en', 'accept-language': 'en-US' });
    expect(switched.statusCode).toBe(200);
    expect(String(switched.headers['set-cookie'])).toMatch(/^locale=es; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/); // the shop is https: Secure, readable by the page (no HttpOnly)
    // Set for this visitor: no shared cache keeps it.
    expect(switched.headers['cache-control']).toBe('private, no-cache');
    // No cookie yet and a browser in English: Spanish is remembered too.
    const first = await get('/es/catalog', { 'accept-language': 'en-US' });
    expect(String(first.headers['set-cookie'])).toContain('locale=es;');
    // Back to English with the Spanish cookie: English is remembered.
    const back = await get('/catalog', { cookie: 'locale=es', 'accept-language': 'es-ES' });
    expect(String(back.headers['set-cookie'])).toContain('locale=en;');
    // Already the visitor's language: no cookie, a page shared caches may keep.
    const same = await get('/catalog', { cookie: 'locale=en', 'accept-language': 'es-ES' });
    expect(same.headers['set-cookie']).toBeUndefined();
    expect(same.headers['cache-control']).toBe(GUEST_PAGE_CACHE_CONTROL);
  });

  it('draws the home page too (no bare index.html at /)', async () => {
    const res = await get('/');
    expect(res.body).toContain('<title>Drawn /</title>');
  });

  it("answers the page's own status: a 404 is drawn", async () => {
    const res = await get('/gone');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Drawn /gone</title>');
    // A 404 is never "not modified".
    const again = await get('/gone', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(404);
  });

  it('keeps a page per address: the second visit is not rendered again, and its ETag answers 304', async () => {
    const first = await get('/about-us');
    const before = renders();
    const second = await get('/about-us');
    expect(renders()).toBe(before);
    expect(second.body).toBe(first.body);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/about-us', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another address, or the same one with another language cookie, is rendered.
    await get('/about-us?page=2');
    await get('/about-us', { cookie: 'locale=es' });
    expect(renders()).toBe(before + 2);
  });

  it('a guest page is kept under the public data version: an announced change draws it again (issue 30)', async () => {
    const first = await get('/prices');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=15');
    expect(first.headers.vary).toBe('accept-encoding, accept-language, cookie, sec-fetch-site');
    const before = renders();
    await get('/prices');
    expect(renders()).toBe(before);
    const at = t.app.publicAnswers.version();
    await announcePublicDataChange(t.database.db, 'stock');
    await publicDataVersionSettled();
    expect(t.app.publicAnswers.version()).toBeGreaterThan(at);
    const after = await get('/prices');
    expect(renders()).toBe(before + 1);
    expect(after.body).toBe(first.body);
    // Kept again under the new version.
    await get('/prices');
    expect(renders()).toBe(before + 1);
  });

  it('sends the kept copy compressed to clients that accept it', async () => {
    const plain = await get('/contacts');
    const br = await get('/contacts', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(String(br.headers.vary)).toContain('accept-encoding');
  });

  it("follows the render's redirect (the language cookie at the bare address)", async () => {
    const res = await get('/', { cookie: 'locale=es' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/es');
  });

  it('a failed render still serves the page: index.html, drawn by the browser', async () => {
    const res = await get('/boom');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Shop</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('API addresses and files are not pages', async () => {
    const api = await get('/api/no-such-route');
    expect(api.headers['content-type']).toContain('application/json');
    // A page address is a page whatever the request accepts (issue 30); only /api answers JSON.
    const json = await t.app.inject({ method: 'GET', url: '/catalog', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain('text/html');
  });
});

describe('the language of a kept page (issue 32)', () => {
  it('a Spanish browser after an English one at the bare address is sent to /es, not the English page', async () => {
    // Alike in their first 100 characters (the length the key once kept), unlike in what they pick.
    const padding = Array.from({ length: 12 }, (_, n) => `x${n};q=0.1`).join(', ');
    const english = `en;q=0.5, ${padding}`;
    const first = await get('/', { 'accept-language': english });
    expect(first.statusCode).toBe(200);
    const spanish = await get('/', { 'accept-language': `${english}, es;q=0.9` });
    expect(spanish.statusCode).toBe(302);
    expect(spanish.headers.location).toBe('/es');
  });

  it('headers spelled otherwise that pick the same language share one kept page', async () => {
    const before = renders();
    await get('/brands', { 'accept-language': 'en-US,en;q=0.9' });
    await get('/brands', { 'accept-language': 'en-GB' });
    await get('/brands', { 'accept-language': 'EN' });
    expect(renders()).toBe(before + 1);
    await get('/brands', { 'accept-language': 'es-MX' });
    await get('/brands', { 'accept-language': 'en-US', cookie: 'locale=es' });
    expect(renders()).toBe(before + 3);
  });
});

describe('pages drawn for a visitor (issue 29)', () => {
  it("draws with the visitor's cookie, answers private, no-store, and never keeps or shares the page", async () => {
    const web = await registerWeb(t.app, 'page-visitor@example.com');
    const before = renders();
    const mine = await get('/mine', { cookie: `locale=en; ${web.cookie}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(`csrf ${web.csrf}</main>`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const again = await get('/mine', { cookie: `locale=en; ${web.cookie}` });
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(renders()).toBe(before + 2);
    // A guest right after is drawn for no one: nothing of the member, and that page is kept.
    const guest = await get('/mine', { cookie: 'locale=en' });
    expect(guest.body).toContain('csrf null</main>');
    expect(guest.body).not.toContain(web.csrf);
    expect(guest.headers['cache-control']).toBe(GUEST_PAGE_CACHE_CONTROL);
    await get('/mine', { cookie: 'locale=en' });
    expect(renders()).toBe(before + 3);
  });

  it('two guests who chose different plans get different pages; each kept under its plan (issue 29)', async () => {
    const before = renders();
    const a = await get('/plan-page', { cookie: 'locale=en; otc_plan=cl1' });
    const b = await get('/plan-page', { cookie: 'locale=en; otc_plan=ep' });
    const none = await get('/plan-page', { cookie: 'locale=en' });
    expect(a.body).toContain(' plan cl1</main>');
    expect(b.body).toContain(' plan ep</main>');
    expect(none.body).toContain(' plan -</main>');
    expect(renders()).toBe(before + 3);
    // Kept per plan: the same plan again is the kept page, never another guest's.
    const againA = await get('/plan-page', { cookie: 'otc_plan=cl1; locale=en' });
    const againB = await get('/plan-page', { cookie: 'locale=en; otc_plan=ep' });
    expect(againA.body).toContain(' plan cl1</main>');
    expect(againB.body).toContain(' plan ep</main>');
    expect(renders()).toBe(before + 3);
    expect(pageCacheKey('/catalog', 'otc_plan=cl1', 'en')).not.toBe(pageCacheKey('/catalog', 'otc_plan=ep', 'en'));
    expect(pageCacheKey('/catalog', 'otc_plan=<x>', 'en')).toBe(pageCacheKey('/catalog', '', 'en'));
    // Followed from the shop's own page (the language switch without scripts), kept apart.
    expect(pageCacheKey('/catalog', '', 'es', 'same-origin')).not.toBe(pageCacheKey('/catalog', '', 'es', 'none'));
    expect(pageCacheKey('/catalog', '', 'es', 'cross-site')).toBe(pageCacheKey('/catalog', '', 'es'));
  });

  it("a link's secret (an e-mail's token) makes the page the visitor's own: private, no-store, never kept", async () => {
    const before = renders();
    const first = await get('/account/undo?token=secret-one');
    const again = await get('/account/undo?token=secret-one');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(renders()).toBe(before + 2);
    // The same page with no token is a page for no one again.
    const bare = await get('/account/undo');
    expect(bare.headers['cache-control']).toBe(GUEST_PAGE_CACHE_CONTROL);
  });

  it('a guest cart cookie, even one that names nothing, skips the page cache too', async () => {
    await get('/cart-page');
    const before = renders();
    const res = await get('/cart-page', { cookie: 'otc_cart=1.x' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(renders()).toBe(before + 1);
  });
});

describe('under load', () => {
  it('an address asked for by many at once is rendered once', async () => {
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/slow?same=1')));
    expect(answers.every((res) => res.statusCode === 200 && res.body.includes('<title>Drawn /slow</title>'))).toBe(true);
    expect(renders()).toBe(before + 1);
  });

  it(`beyond ${MAX_RENDERS_AT_ONCE} renders and ${MAX_RENDERS_WAITING} waiting, pages go to the browser to draw`, async () => {
    const count = MAX_RENDERS_AT_ONCE + MAX_RENDERS_WAITING + 4;
    // Each from its own address: one client's share is the next test's.
    const answers = await Promise.all(
      Array.from({ length: count }, (_, n) =>
        t.app.inject({ method: 'GET', url: `/slow?n=${n}`, remoteAddress: `198.51.100.${n + 1}`, headers: { accept: 'text/html' } }),
      ),
    );
    const drawn = answers.filter((res) => res.body.includes('<title>Drawn /slow</title>'));
    const plain = answers.filter((res) => res.body.includes('<div id="root"></div>'));
    expect(drawn).toHaveLength(MAX_RENDERS_AT_ONCE + MAX_RENDERS_WAITING);
    expect(plain).toHaveLength(4);
  });
});

describe('one client flooding renders (issue 32)', () => {
  const slow = (query: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `/slow?${query}`, remoteAddress, headers: { accept: 'text/html' } });
  const drawnOf = (answers: { body: string }[]) => answers.filter((res) => res.body.includes('<title>Drawn /slow</title>'));
  const plainOf = (answers: { body: string }[]) => answers.filter((res) => res.body.includes('<div id="root"></div>'));

  it(`while every render slot is taken, one address holds at most ${MAX_RENDERS_PER_CLIENT}; another client is still drawn`, async () => {
    const flood = Array.from({ length: MAX_RENDERS_AT_ONCE + 3 }, (_, n) => slow(`junk=${n}`, '192.0.2.66'));
    const other = slow('junk=other', '192.0.2.77');
    const answers = await Promise.all(flood);
    // The idle slots took the first; once they were full, the address was beyond its share.
    expect(drawnOf(answers)).toHaveLength(MAX_RENDERS_AT_ONCE);
    expect(plainOf(answers)).toHaveLength(3);
    expect((await other).body).toContain('<title>Drawn /slow</title>');
    // Its share comes back once its renders are done.
    expect((await slow('junk=later', '192.0.2.66')).body).toContain('<title>Drawn /slow</title>');
  });

  it(`an address that shares idle slots (a care home, a library) gets more than ${MAX_RENDERS_PER_CLIENT} pages drawn at once (issue 33 item 25)`, async () => {
    const answers = await Promise.all(Array.from({ length: MAX_RENDERS_PER_CLIENT + 1 }, (_, n) => slow(`home=${n}`, '192.0.2.88')));
    expect(drawnOf(answers)).toHaveLength(MAX_RENDERS_PER_CLIENT + 1);
  });
});

describe('junk parameters (issue 32)', () => {
  const drawnAddresses = () => (globalThis as { __drawnAddresses?: string[] }).__drawnAddresses ?? [];

  it('share the page of the address pages read: drawn once, with that address, and kept under it', async () => {
    const before = renders();
    const first = await get('/junk-page?sort=name&q=tea&x=1');
    const second = await get('/junk-page?x=2&q=tea&sort=name');
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(renders()).toBe(before + 1);
    // Drawn with the address pages read: nothing of a visitor's junk goes into a shared page.
    expect(drawnAddresses().at(-1)).toBe('/junk-page?q=tea&sort=name');
  });

  it("a redirect carries the visitor's own address on, every parameter in its order", async () => {
    const res = await get('/members?x=e2e&step=2');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?redirect=${encodeURIComponent('/members?x=e2e&step=2')}`);
  });

  it(`one client starts at most ${MISSES_PER_MINUTE} renders for no one a minute; then the browser draws, and others are still drawn`, async () => {
    // The count starts again each minute: begin well inside one.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 50));
    const small = await buildTestApp({
      config: {
        storefrontDir: dir,
        storefrontRender: path.join(dir, 'render.mjs'),
        pageCacheMs: 60_000,
        pageMissesPerClientMinute: MISSES_PER_MINUTE,
      },
    });
    onTestFinished(() => small.close());
    const from = (remoteAddress: string, q: string) =>
      small.app.inject({ method: 'GET', url: `/miss?q=${q}`, remoteAddress, headers: { accept: 'text/html' } });
    for (let n = 0; n < MISSES_PER_MINUTE; n += 1) {
      expect((await from('192.0.2.88', `made-up-${n}`)).body).toContain('<title>Drawn /miss</title>');
    }
    const over = await from('192.0.2.88', 'one-more');
    expect(over.body).toContain('<div id="root"></div>');
    // A kept page still comes from the cache for that client; another client is drawn.
    expect((await from('192.0.2.88', 'made-up-0')).body).toContain('<title>Drawn /miss</title>');
    expect((await from('192.0.2.99', 'one-more')).body).toContain('<title>Drawn /miss</title>');
  });
});

describe('addresses that look like another site', () => {
  it('a path starting with two slashes is rendered as a path of this shop', async () => {
    const res = await get('//elsewhere.example/x');
    expect(res.body).toContain('<title>Drawn //elsewhere.example/x</title>');
    expect(res.body).toContain('at https://shop.example</main>');
  });
});

describe("the render's API calls (issue 32)", () => {
  const visitor = '203.0.113.7';
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      rateLimit: { max: 3 },
      config: { storefrontDir: dir, storefrontRender: path.join(dir, 'render.mjs'), pageCacheMs: 60_000, publicUrl: 'https://shop.example' },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });
  const api = (headers: Record<string, string> = {}) =>
    limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: visitor, headers: { accept: 'application/json', ...headers } });

  it("are not the visitor's API traffic: a visitor who spent their limit gets the page with its data", async () => {
    for (let n = 0; n < 3; n += 1) expect((await api()).statusCode).toBe(200);
    expect((await api()).statusCode).toBe(429);
    const page = await limited.app.inject({ method: 'GET', url: '/limited', remoteAddress: visitor, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<main>health 200 ');
    expect(page.headers['cache-control']).toBe(GUEST_PAGE_CACHE_CONTROL);
    // The mark cannot be forged: its value is a secret of the process.
    expect((await api({ [RENDER_CALL_HEADER]: 'anything' })).statusCode).toBe(429);
    expect((await api({ [RENDER_CALL_HEADER]: '' })).statusCode).toBe(429);
  });

  it('a page whose data did not all answer is sent no-store and never kept', async () => {
    const before = renders();
    const first = await get('/data-missing');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(INCOMPLETE_PAGE_CACHE_CONTROL);
    await get('/data-missing');
    expect(renders()).toBe(before + 2);
  });

  it("a 404 page whose data answered 404 (an unknown item: the page's truth) is kept", async () => {
    const before = renders();
    const first = await get('/item-missing');
    expect(first.statusCode).toBe(404);
    expect(first.headers['cache-control']).toBe(GUEST_PAGE_CACHE_CONTROL);
    await get('/item-missing');
    expect(renders()).toBe(before + 1);
  });
});

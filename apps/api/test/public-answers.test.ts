/**
 * Public answers that caches may keep (issue 30): an ETag on each, 304 to `If-None-Match`, the
 * Cache-Control and Vary chosen in plugins/app/public-answers.ts, `private, no-store` to a personal
 * request; a stock change shows in every API process within the promise (a second app on the same
 * database: on PostgreSQL its own connections, as a second process; on PGlite the one database);
 * a rush of identical requests costs one query; a page address answers the page whatever its Accept.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { testDatabaseUrl } from '../src/env.js';
import { manualClock, systemClock } from '../src/lib/clock.js';
import {
  PERSONAL_CACHE_CONTROL,
  PICTURE_CACHE_CONTROL,
  PUBLIC_ANSWER_FRESH_MS,
  PUBLIC_CACHE_CONTROL,
} from '../src/plugins/app/public-answers.js';
import { seed } from '../src/seed/seed.js';
import { runOrderCommand } from '../src/services/order-commands.js';
import { runPromoCommand } from '../src/services/orders/promo-commands.js';
import { TEST_SECRET, bearer, openTestDatabase, registerCustomer, testConfig, type TestApp } from './helpers.js';
import { api, makeShopper, readyDraft, stockedProduct } from './routes/orders/fixtures.js';

const INDEX = '<!doctype html><title>Shop</title>';

/** One database, and the way a second "process" opens it (PostgreSQL: a pool of its own). */
async function sharedDatabase(): Promise<{
  first: Database;
  second: Database;
  /** Another process's way in (the `ops` command). */
  open: () => Promise<{ database: Database; close: () => Promise<void> }>;
  drop: () => Promise<void>;
}> {
  const url = testDatabaseUrl();
  if (!url) {
    const { database, drop } = await openTestDatabase();
    return { first: database, second: database, open: async () => ({ database, close: async () => {} }), drop };
  }
  const name = `otc_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const first = await openDatabase({ url: target.toString(), max: 4 });
  await first.migrate();
  const second = await openDatabase({ url: target.toString(), max: 4 });
  return {
    first,
    second,
    open: async () => {
      const database = await openDatabase({ url: target.toString(), max: 2 });
      return { database, close: () => database.close() };
    },
    drop: async () => {
      await first.close();
      await second.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

let storefront: string;
let shared: Awaited<ReturnType<typeof sharedDatabase>>;
let app: FastifyInstance;
let other: FastifyInstance;
let token: string;

const appOn = async (database: Database) => {
  const built = await buildApp({
    env: { NODE_ENV: 'test' },
    config: testConfig({ storefrontDir: storefront }),
    database,
    clock: manualClock(new Date()),
    rateLimit: { authMax: 10_000 },
  });
  await built.ready();
  return built;
};

beforeAll(async () => {
  storefront = mkdtempSync(path.join(tmpdir(), 'otc-storefront-'));
  writeFileSync(path.join(storefront, 'index.html'), INDEX);
  writeFileSync(path.join(storefront, 'robots.txt'), 'User-agent: *\n');
  shared = await sharedDatabase();
  await seed(shared.first.db, { secret: TEST_SECRET });
  app = await appOn(shared.first);
  other = await appOn(shared.second);
  ({ token } = await registerCustomer(app, 'cache.visitor@example.com'));
}, 120_000);
afterAll(async () => {
  await app?.close();
  await other?.close();
  await shared?.drop();
  rmSync(storefront, { recursive: true, force: true });
});

const get = (target: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  target.inject({ method: 'GET', url, headers });

const inStockOf = async (target: FastifyInstance, id: number) =>
  (get(target, `/api/catalog/products/${id}`).then((res) => (res.json() as { product: { inStock: number } }).product.inStock));

/** Public routes: the address, and whether the answer marks coverage for the signed-in caller. */
const PUBLIC_ROUTES: { url: string; caller: boolean; language: boolean; cacheControl: string }[] = [
  { url: '/api/catalog/products', caller: true, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/catalog/products?category=2&sort=price-desc&page=2', caller: true, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/catalog/products?plan=cl1&sort=name-asc&priceMax=20', caller: true, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/catalog/products?q=ibuprofen&coveragePlan=ep', caller: true, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/catalog/products/1', caller: true, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/search/products?q=ibuprofen', caller: true, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/catalog/categories', caller: false, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/catalog/categories?plan=ep', caller: false, language: true, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/constants', caller: false, language: false, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/health-plans', caller: false, language: false, cacheControl: PUBLIC_CACHE_CONTROL },
  { url: '/api/images/products/1.svg', caller: false, language: false, cacheControl: PICTURE_CACHE_CONTROL },
];

describe('public answers', () => {
  it('carry an ETag, answer 304 without a body to If-None-Match, and say how long caches keep them', async () => {
    for (const route of PUBLIC_ROUTES) {
      const first = await get(app, route.url);
      expect(first.statusCode, route.url).toBe(200);
      const etag = first.headers.etag;
      expect(etag, route.url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control'], route.url).toBe(route.cacheControl);
      const vary = String(first.headers.vary ?? '');
      expect(/accept-language/i.test(vary), `${route.url}: ${vary}`).toBe(route.language);
      expect(/authorization/i.test(vary), `${route.url}: ${vary}`).toBe(route.caller);
      expect(/cookie/i.test(vary), `${route.url}: ${vary}`).toBe(route.caller);

      // The same answer again (kept in the process now): the same ETag, the same body.
      const again = await get(app, route.url);
      expect(again.headers.etag, route.url).toBe(etag);
      expect(again.body, route.url).toBe(first.body);

      const notModified = await get(app, route.url, { 'if-none-match': String(etag) });
      expect(notModified.statusCode, route.url).toBe(304);
      expect(notModified.body, route.url).toBe('');
      expect(notModified.headers.etag, route.url).toBe(etag);
      expect(notModified.headers['cache-control'], route.url).toBe(route.cacheControl);
      // A list of tags, the tag without W/ (a cache may weaken or strip it), and a stale tag.
      expect((await get(app, route.url, { 'if-none-match': `W/"old", ${etag}` })).statusCode, route.url).toBe(304);
      expect((await get(app, route.url, { 'if-none-match': String(etag).slice(2) })).statusCode, route.url).toBe(304);
      expect((await get(app, route.url, { 'if-none-match': 'W/"old"' })).statusCode, route.url).toBe(200);
      // Another process computes the same ETag for the same data.
      expect((await get(other, route.url)).headers.etag, route.url).toBe(etag);
    }
  });

  it('differ by language where the language changes them, each with its own ETag', async () => {
    const en = await get(app, '/api/catalog/categories', { 'accept-language': 'en-US' });
    const es = await get(app, '/api/catalog/categories', { 'accept-language': 'es-US,es;q=0.9' });
    expect(es.body).not.toBe(en.body);
    expect(es.headers.etag).not.toBe(en.headers.etag);
    expect((await get(app, '/api/catalog/categories', { 'accept-language': 'es', 'if-none-match': String(en.headers.etag) })).statusCode).toBe(200);
  });

  it('are compressed for clients that accept it, with the same ETag', async () => {
    const plain = await get(app, '/api/catalog/products?page=3');
    const br = await get(app, '/api/catalog/products?page=3', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await get(app, '/api/catalog/products?page=3', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('are private, no-store to a signed-in or cookie-carrying visitor where they depend on the visitor', async () => {
    const personal = [bearer(token), { cookie: 'locale=es; otc_session=abc123' }, { cookie: 'otc_cart=42.c2lnbmVk' }];
    for (const route of PUBLIC_ROUTES) {
      for (const headers of personal) {
        const res = await get(app, route.url, headers);
        expect(res.statusCode, route.url).toBe(200);
        if (route.caller) {
          expect(res.headers['cache-control'], `${route.url} ${JSON.stringify(headers)}`).toBe(PERSONAL_CACHE_CONTROL);
          expect(res.headers.etag, route.url).toBeUndefined();
        } else {
          // The same for everyone: a signed-in shopper's browser may keep it too.
          expect(res.headers['cache-control'], route.url).toBe(route.cacheControl);
        }
      }
    }
    // A cookie of another name is nobody's session.
    expect((await get(app, '/api/catalog/products', { cookie: 'locale=es' })).headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  });

  it('cost one query for a rush of identical requests, and none while kept', async () => {
    const list = vi.spyOn(app.services.search, 'list');
    try {
      const url = '/api/catalog/products?sort=price-asc&page=4';
      const rush = await Promise.all(Array.from({ length: 20 }, () => get(app, url, { 'accept-language': 'es' })));
      expect(rush.every((res) => res.statusCode === 200 && res.body === rush[0]!.body)).toBe(true);
      expect(list).toHaveBeenCalledTimes(1);
      await get(app, url, { 'accept-language': 'es-MX' });
      expect(list).toHaveBeenCalledTimes(1);
      // Another language is another answer.
      await get(app, url, { 'accept-language': 'en' });
      expect(list).toHaveBeenCalledTimes(2);
    } finally {
      list.mockRestore();
    }
  });
});

describe('never stale beyond the promise', () => {
  /** Polls `read` on `target` until it answers `want`; answers the milliseconds it took. */
  async function within(read: () => Promise<unknown>, want: unknown): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < PUBLIC_ANSWER_FRESH_MS + 1_000) {
      if ((await read()) === want) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`still not ${String(want)} after ${PUBLIC_ANSWER_FRESH_MS + 1_000} ms`);
  }

  it('a stock change moves the ETag and shows in this process at once and in the other within the promise', async () => {
    const url = '/api/catalog/products/7';
    const before = await get(app, url);
    const otherBefore = await get(other, url);
    expect(otherBefore.headers.etag).toBe(before.headers.etag);
    const stock = (before.json() as { product: { inStock: number } }).product.inStock;

    const set = await app.inject({ method: 'PUT', url: '/api/dev/products/7/stock', payload: { stock: stock + 5 } });
    expect(set.statusCode).toBe(200);
    const after = await get(app, url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as { product: { inStock: number } }).product.inStock).toBe(stock + 5);

    // Told by the notification (milliseconds), not found at the end of the kept answer's life.
    const took = await within(() => inStockOf(other, 7), stock + 5);
    expect(took).toBeLessThan(1_000);
    expect((await get(other, url)).headers.etag).toBe(after.headers.etag);
  });

  it('an order placed in one process shows in the other', async () => {
    const first: TestApp = { app, database: shared.first, clock: manualClock(new Date()), close: async () => {} };
    // Set in the database directly (nothing announced): within the kept answers' lifetime.
    const product = await stockedProduct(first, 'cl1', 10, 1000, 3);
    await within(() => inStockOf(other, product.id), 10);
    const shopper = await makeShopper(first);
    const draft = await readyDraft(first, shopper, product.id, 3);
    expect((await api(app, shopper.token)('PATCH', `/api/order/${draft}/complete`)).status).toBe(200);
    expect(await inStockOf(app, product.id)).toBe(7);
    expect(await within(() => inStockOf(other, product.id), 7)).toBeLessThan(1_000);
  });

  it('the ops command, another process, is heard by both: stock:set and promo:add', async () => {
    const stock = await inStockOf(app, 9);
    expect(await inStockOf(other, 9)).toBe(stock);
    const promotionsOf = async (target: FastifyInstance) =>
      ((await get(target, '/api/constants')).json() as { promotions: { code: string }[] }).promotions.map((p) => p.code);
    expect(await promotionsOf(other)).not.toContain('Rush15');

    const ops = await shared.open();
    try {
      await runOrderCommand({ db: ops.database.db, clock: systemClock, config: testConfig(), secret: TEST_SECRET }, 'stock:set', ['9', String(stock + 2)]);
      await runPromoCommand({ db: ops.database.db, clock: systemClock }, 'promo:add', ['Rush15', '--percent', '15']);
    } finally {
      await ops.close();
    }
    for (const target of [app, other]) {
      expect(await within(() => inStockOf(target, 9), stock + 2)).toBeLessThan(1_000);
      expect(await within(async () => (await promotionsOf(target)).includes('Rush15'), true)).toBeLessThan(1_000);
    }
  });
});

describe('page addresses', () => {
  it('answer the page whatever the request accepts; only /api answers JSON', async () => {
    for (const headers of [{}, { accept: 'application/json' }, { accept: 'text/html' }] as Record<string, string>[]) {
      const page = await get(app, '/catalog', headers);
      expect(page.statusCode, JSON.stringify(headers)).toBe(200);
      expect(page.headers['content-type'], JSON.stringify(headers)).toMatch(/text\/html/);
      expect(page.body).toBe(INDEX);
    }
    const api404 = await get(app, '/api/nothing-here');
    expect(api404.statusCode).toBe(404);
    expect(api404.headers['content-type']).toMatch(/application\/json/);
  });

  it('serve static files with an ETag and 304', async () => {
    const robots = await get(app, '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers.etag).toBeDefined();
    expect((await get(app, '/robots.txt', { 'if-none-match': String(robots.headers.etag) })).statusCode).toBe(304);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let storefront: string;
const INDEX = '<!doctype html><title>Shop</title>';
beforeAll(async () => {
  storefront = mkdtempSync(path.join(tmpdir(), 'otc-storefront-'));
  writeFileSync(path.join(storefront, 'index.html'), INDEX);
  t = await buildTestApp({ seed: true, config: { storefrontDir: storefront, publicUrl: 'http://shop.test' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(storefront, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('storefront addresses', () => {
  it.each([
    '/',
    '/es',
    '/catalog?page=2',
    '/es/catalog',
    '/accessibility',
    '/es/docs/items-eligibility',
    '/item/1',
    '/es/item/1',
    '/checkout/12',
    '/order/delivery',
    '/account/orders',
    '/login',
  ])('%s opens a page: 200 with the app', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Shop</title>');
  });

  it.each(['/no-such-page', '/es/no-existe', '/catalog/extra/segments', '/item/abc', '/es/order/x1', '/item/999999', '/item/99999999999'])(
    '%s matches no page: 404, and the app still draws its 404 page',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<title>Shop</title>');
      expect(res.headers['content-type']).toContain('text/html');
    },
  );

  it('the sitemap lists only pages worth indexing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    const locs = [...res.body.matchAll(/<loc>http:\/\/shop\.test([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(locs).toContain('/about-us');
    expect(locs).toContain('/es/accessibility');
    expect(locs).toContain('/item/1');
    for (const loc of locs) {
      expect(loc).not.toMatch(/^(\/es)?\/(login|sign-up|account|cart|checkout|success|order|logout|request-new-product)/);
    }
  });
});

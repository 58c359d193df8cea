import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoPercentsFrom, settingsSchema } from '@otc/sdk/schemas';
import { promoCodes } from '../../../src/db/schema.js';
import { loadConfig } from '../../../src/env.js';
import { buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
let storefront: string;
const INDEX = '<!doctype html><title>Shop</title>';
beforeAll(async () => {
  storefront = mkdtempSync(path.join(tmpdir(), 'otc-storefront-'));
  mkdirSync(path.join(storefront, 'assets'));
  writeFileSync(path.join(storefront, 'index.html'), INDEX);
  writeFileSync(path.join(storefront, 'assets', 'app-3f9a.js'), 'console.log(1)');
  // What the storefront build writes beside its text files (vite/precompress.ts).
  const script = path.join(storefront, 'assets', 'app-3f9a.js');
  writeFileSync(`${script}.br`, brotliCompressSync('console.log(1)'));
  writeFileSync(`${script}.gz`, gzipSync('console.log(1)'));
  writeFileSync(path.join(storefront, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(storefront, 'index.html.gz'), gzipSync(INDEX));
  t = await buildTestApp({
    seed: true,
    config: { storefrontDir: storefront, publicUrl: 'https://shop.test' },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(storefront, { recursive: true, force: true });
});

describe('settings', () => {
  it('answers the spec defaults', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/constants' });
    expect(res.status).toBe(200);
    const settings = settingsSchema.parse(res.body);
    expect(settings).toMatchObject({
      ttyPhone: '711',
      copyrightYear: 2024,
      supportPhone: '+1 (000) 000-0000',
      minimumOrder: '25.00',
      paymentMethods: ['trnsx', 'prohealth', 'nationsbenefits'],
      codeResendSeconds: 60,
      pageSize: 24,
      requiredProfileFields: ['firstName', 'lastName', 'birthdate'],
      deliveryEstimate: { minBusinessDays: 2, maxBusinessDays: 5 },
    });
    expect(settings.companyName).toMatch(/LLC$/);
    expect(settings.deliveryStates).toContain('FL');
  });

  it('answers the promotions active now (the promo_codes rows), as the estimate takes them', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/constants' });
    expect(res.body.promotions).toEqual([{ code: 'Welcome10', percent: 10 }]);
    expect(promoPercentsFrom(settingsSchema.parse(res.body).promotions)).toEqual({ Welcome10: 10 });

    // Inactive, expired and unusable rows are left out; the answer stays valid (no 500).
    const db = t.database.db;
    await db.insert(promoCodes).values([
      { code: 'Spring20', percentOff: 20 },
      { code: 'Off5', percentOff: 5, active: false },
      { code: 'Old15', percentOff: 15, validTo: new Date(t.clock.now().getTime() - 1000) },
      { code: 'Broken0', percentOff: 0 },
      { code: 'Broken150', percentOff: 150 },
    ]);
    t.clock.advance(31_000);
    const later = await call(t.app, { method: 'GET', url: '/api/constants' });
    expect(later.status).toBe(200);
    expect(settingsSchema.parse(later.body).promotions).toEqual([
      { code: 'Spring20', percent: 20 },
      { code: 'Welcome10', percent: 10 },
    ]);
  });

  it('takes its values from configuration', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      MINIMUM_ORDER: '30.5',
      PAYMENT_METHODS: 'trnsx,prohealth,nationsbenefits,credit',
      DELIVERY_STATES: 'fl,tx',
      SUPPORT_PHONE: '+1 (800) 555-0100',
      CODE_RESEND_SECONDS: '30',
      DELIVERY_DAYS_MIN: '1',
      DELIVERY_DAYS_MAX: '3',
    });
    const local = await buildTestApp({
      // The settings only: no built storefront (loadConfig finds the real one, and loading its
      // render module outlasted Fastify's plugin timeout on a loaded machine).
      config: {
        ...config,
        dataDir: ':memory:',
        jwtSecret: 'x'.repeat(32),
        storefrontDir: '/nonexistent-storefront',
        storefrontRender: undefined,
      },
    });
    try {
      const res = await call(local.app, { method: 'GET', url: '/api/constants' });
      expect(res.body).toMatchObject({
        minimumOrder: '30.50',
        paymentMethods: ['trnsx', 'prohealth', 'nationsbenefits', 'credit'],
        deliveryStates: ['FL', 'TX'],
        supportPhone: '+1 (800) 555-0100',
        codeResendSeconds: 30,
        deliveryEstimate: { minBusinessDays: 1, maxBusinessDays: 3 },
      });
    } finally {
      await local.close();
    }
  });

  it('reports health', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/health' });
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 with the path, in the asked language', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/nope?x=1',
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Page not found: /api/nope', code: 'not_found' });
    const es = await call(t.app, {
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.message).toBe('Página no encontrada: /api/nope');
  });
});

describe('OpenAPI', () => {
  it('is generated from the contract, with API_DOCS=on', async () => {
    const docsOn = await buildTestApp({ config: { apiDocs: true } });
    try {
      const res = await call(docsOn.app, { method: 'GET', url: '/api/openapi.json' });
      expect(res.status).toBe(200);
      const paths = res.body.paths as Record<string, Record<string, { operationId?: string }>>;
      expect(paths['/api/auth/login']?.post?.operationId).toBe('login');
      // A member's route takes the bearer token (apps) or the web session's cookie (the shop).
      expect(paths['/api/auth/me']?.get).toMatchObject({
        security: [{ bearerAuth: [] }, { sessionCookie: [] }],
      });
      const docs = await docsOn.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(docs.statusCode).toBe(200);
    } finally {
      await docsOn.close();
    }
  });

  it('is not served without API_DOCS=on (issue 17)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
  });
});

describe('site', () => {
  it('serves a sitemap with categories and active items in English and Spanish, on PUBLIC_URL only', async () => {
    // The Host header is the client's to write (issue 17): it never becomes a link.
    const res = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain('<loc>https://shop.test/catalog</loc>');
    expect(res.body).toContain('<loc>https://shop.test/es/catalog</loc>');
    expect(res.body).toContain('hreflang="es" href="https://shop.test/es/item/1"');
    expect(res.body).toMatch(/\/catalog\?category=\d+/);
    const items = res.body.match(/<loc>https:\/\/shop\.test\/item\/\d+<\/loc>/g) ?? [];
    expect(items.length).toBeGreaterThan(400);
  });

  it('draws a product picture, and 404s an unknown one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/images/products/1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toMatch(/^<svg /);
    // No ground of its own: the page's picture colour shows (no bright square in dark mode).
    expect(res.body).not.toMatch(/<rect width="400" height="400"/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/products/999999.svg' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/products/x.png' })).statusCode,
    ).toBe(404);
  });

  it("labels a picture in the answer's language: English, or Spanish with ?lang=es (issue 33, item 13)", async () => {
    const product = (lang: 'en' | 'es') =>
      t.app.inject({ method: 'GET', url: '/api/catalog/products/1', headers: { 'accept-language': lang } });
    const [en, es] = [(await product('en')).json(), (await product('es')).json()];
    expect(en.product.mainImage).toBe('/api/images/products/1.svg');
    expect(es.product.mainImage).toBe('/api/images/products/1.svg?lang=es');
    expect(es.product.images).toEqual(['/api/images/products/1.svg?lang=es']);
    const labelOf = async (url: string) => {
      const svg = (await t.app.inject({ method: 'GET', url })).body;
      return [...svg.matchAll(/font-size="18"[^>]*>([^<]*)</g)].map((m) => m[1]).join(' ');
    };
    const englishLabel = await labelOf(en.product.mainImage);
    const spanishLabel = await labelOf(es.product.mainImage);
    expect(englishLabel.length).toBeGreaterThan(0);
    expect(spanishLabel).not.toBe(englishLabel);
    expect(es.product.name.replace(/,.*$/, '')).toContain(spanishLabel.split(' ')[0]);
  });

  it('serves the built storefront: immutable assets, uncached index, SPA fallback', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const spa = await t.app.inject({
      method: 'GET',
      url: '/es/catalog?page=2',
      headers: { accept: 'text/html' },
    });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>Shop</title>');
    expect(spa.headers['cache-control']).toBe('no-cache');
    const missingAsset = await t.app.inject({
      method: 'GET',
      url: '/assets/gone.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'GET',
      url: '/somewhere',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
  });

  it('compresses JSON answers from 1 KB for clients that accept it, and nothing else', async () => {
    const url = '/api/catalog/products?page=1';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    // Small answers and pictures are sent as they are.
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const picture = await t.app.inject({
      method: 'GET',
      url: '/api/images/products/1.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-encoding']).toBeUndefined();
  });

  it('sends the precompressed copy a client accepts, and the plain file otherwise', async () => {
    const get = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, headers: { accept: '*/*', ...headers } });

    const br = await get('/assets/app-3f9a.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');

    const gz = await get('/assets/app-3f9a.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');

    const plain = await get('/assets/app-3f9a.js', {});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe('console.log(1)');
    const identity = await get('/assets/app-3f9a.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe('console.log(1)');

    // index.html, directly and as the SPA fallback: compressed, and still never cached.
    for (const url of ['/', '/index.html', '/es/catalog']) {
      const page = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
      const plainPage = await get(url, { accept: 'text/html' });
      expect(plainPage.headers['content-encoding'], url).toBeUndefined();
      expect(plainPage.headers['cache-control'], url).toBe('no-cache');
      expect(plainPage.body, url).toBe(INDEX);
    }
  });
});

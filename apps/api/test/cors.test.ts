// CORS for the configured origins: a page on another origin (another team's app using the SDK)
// may call the API and read the answer headers the SDK relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await buildTestApp({ seed: true, config: { corsOrigins: ['https://partner.test'] } });
});
afterAll(() => shop.close());

describe('CORS', () => {
  it('lets a configured origin read Retry-After and X-Contract-Version', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.test' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.test');
    const exposed = String(res.headers['access-control-expose-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['retry-after', 'x-contract-version']));
  });

  it('keeps Vary: Origin on the public answers it keeps, first and kept (a shared cache must not mix origins)', async () => {
    const url = '/api/catalog/products?page=1&sort=price-asc';
    for (const origin of ['https://partner.test', 'https://evil.test', 'https://partner.test']) {
      const res = await shop.app.inject({ method: 'GET', url, headers: { origin } });
      expect(res.statusCode).toBe(200);
      const vary = String(res.headers.vary ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase());
      expect(vary, origin).toEqual(expect.arrayContaining(['origin', 'accept-language']));
    }
  });

  it('does not allow an origin that is not configured', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.test' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a web app on another origin', () => {
  it('may send the SDK README tracing header: the preflight allows X-Correlation-Id', async () => {
    const res = await shop.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: {
        origin: 'https://partner.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-correlation-id,accept-language',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.test');
    const allowed = String(res.headers['access-control-allow-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(['x-correlation-id', 'accept-language']));
  });

  it('may show product pictures (cross-origin), while every other answer stays same-origin', async () => {
    const url = '/api/images/products/1.svg';
    const picture = await shop.app.inject({ method: 'GET', url, headers: { origin: 'https://partner.test' } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // A copy kept by the public answers (and a 304 to its ETag) says the same.
    const kept = await shop.app.inject({ method: 'GET', url });
    expect(kept.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const notModified = await shop.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(picture.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const other of ['/api/health', '/api/catalog/products/1', '/api/auth/me']) {
      const res = await shop.app.inject({ method: 'GET', url: other });
      expect(res.headers['cross-origin-resource-policy'], other).toBe('same-origin');
    }
  });
});

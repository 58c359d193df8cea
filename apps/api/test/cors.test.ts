// CORS for the configured origins: a page on another origin (another team's app using the SDK)
// may call the API and read the answer headers the SDK relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await buildTestApp({ config: { corsOrigins: ['https://partner.test'] } });
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

  it('does not allow an origin that is not configured', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.test' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

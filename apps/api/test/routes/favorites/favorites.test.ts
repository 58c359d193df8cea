import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailAnswerSchema, productSummaryListSchema } from '@otc/sdk/schemas';
import { bearer, buildTestApp, call, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
let ana: string;
let ben: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  ana = (await registerCustomer(t.app, 'ana.fav@example.com')).token;
  ben = (await registerCustomer(t.app, 'ben.fav@example.com')).token;
});
afterAll(async () => t?.close());

const favorites = async (token: string, method: 'GET' | 'POST' | 'DELETE', url = '/api/favorites', payload?: object, lang = 'en') => {
  const res = await call(t.app, {
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
  return { ...res, list: res.status === 200 ? productSummaryListSchema.parse(res.body) : [] };
};

describe('favorites', () => {
  it('needs a signed-in customer', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/favorites' })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/favorites', payload: { sku_id: 1 } })).status).toBe(401);
  });

  it('adds (idempotently, newest first), lists in the caller language and removes', async () => {
    expect((await favorites(ana, 'GET')).list).toEqual([]);
    await favorites(ana, 'POST', '/api/favorites', { sku_id: 1 });
    const added = await favorites(ana, 'POST', '/api/favorites', { sku_id: 2 });
    expect(added.status).toBe(200);
    expect(added.list.map((p) => p.id)).toEqual([2, 1]);
    const again = await favorites(ana, 'POST', '/api/favorites', { sku_id: 1 });
    expect(again.list.map((p) => p.id).sort()).toEqual([1, 2]);
    const es = await favorites(ana, 'GET', '/api/favorites', undefined, 'es');
    expect(es.list.find((p) => p.id === 1)!.name).toMatch(/Ibuprofeno/);

    const detail = await call(t.app, { method: 'GET', url: '/api/catalog/products/1', headers: bearer(ana) });
    expect(productDetailAnswerSchema.parse(detail.body).product.favorite).toBe(true);

    const removed = await favorites(ana, 'DELETE', '/api/favorites/1');
    expect(removed.list.map((p) => p.id)).toEqual([2]);
    expect((await favorites(ana, 'DELETE', '/api/favorites/1')).list.map((p) => p.id)).toEqual([2]);
  });

  it("keeps each customer's favorites their own", async () => {
    await favorites(ana, 'POST', '/api/favorites', { sku_id: 3 });
    expect((await favorites(ben, 'GET')).list).toEqual([]);
    // Removing another customer's favorite product from one's own list changes nothing for them.
    await favorites(ben, 'DELETE', '/api/favorites/3');
    expect((await favorites(ana, 'GET')).list.map((p) => p.id)).toContain(3);
    const detail = await call(t.app, { method: 'GET', url: '/api/catalog/products/3', headers: bearer(ben) });
    expect(productDetailAnswerSchema.parse(detail.body).product.favorite).toBe(false);
  });

  it('answers 404 for an unknown product and 422 for a bad body', async () => {
    const unknown = await favorites(ana, 'POST', '/api/favorites', { sku_id: 999999 });
    expect(unknown.status).toBe(404);
    expect((await favorites(ana, 'POST', '/api/favorites', { sku_id: 'x' })).status).toBe(422);
    expect((await favorites(ana, 'POST', '/api/favorites', {})).status).toBe(422);
    expect((await favorites(ana, 'DELETE', '/api/favorites/abc')).status).toBe(422);
  });
});

/**
 * Item availability is worked out in one place (the SDK's itemAvailability, called by the
 * catalog's toSummary, the drafts and the order view): the catalog's product answer and an order
 * row's `sku` agree on the status of an item, also for a stored status of 1 (out of stock) while
 * units are still counted on hand, where they used to disagree.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/db/schema.js';
import { announcePublicDataChange } from '../../../src/lib/public-data.js';
import { buildTestApp, call, type TestApp } from '../../helpers.js';
import { api, makeShopper, stockedProduct } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('item availability', () => {
  it('answers the same status in the catalog and in a draft, for every stored status', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 10);
    const id = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    expect((await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 2 })).status).toBe(200);

    for (const [stored, status, badReasonCode] of [
      [null, null, null],
      [1, 1, 1],
      [0, 0, 3],
      [-1, -1, 3],
    ] as const) {
      await t.database.db.update(products).set({ status: stored }).where(eq(products.id, product.id));
      // Written directly, so told as a change would be (else the kept answer lives its 5 s).
      await announcePublicDataChange(t.database.db, 'catalog');
      const detail = await call(t.app, { method: 'GET', url: `/api/catalog/products/${product.id}` });
      const draft = await as('PATCH', `/api/order/${id}/recalculate`);
      const row = (draft.body.rows as { sku: { status: number | null; inStock: number }; badReasonCode: number | null }[])[0]!;
      const shown = (detail.body.product as { status: number | null; inStock: number });
      expect({ stored, catalog: shown.status, order: row.sku.status }).toEqual({ stored, catalog: status, order: status });
      expect(row.badReasonCode).toBe(badReasonCode);
      expect(shown.inStock).toBe(row.sku.inStock);
    }
  });

  it('refuses to add units of an item stored as out of stock, though units are on hand', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 10, 0, 3);
    await t.database.db.update(products).set({ status: 1 }).where(eq(products.id, product.id));
    const id = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    const res = await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 1 });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ amount: [{ code: 'cannot_add_more' }] });
  });
});

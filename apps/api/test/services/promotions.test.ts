/**
 * The promo percentage has one truth, the `promo_codes` row: the order's discount and the
 * settings' list of active promotions both read it (no SDK constant is used by the API).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@otc/sdk/rules';
import { products, promoCodes } from '../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../helpers.js';
import { api, makeShopper, stockedProduct } from '../routes/orders/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('promotions', () => {
  it('lists the active promotions with the percent of their row, and follows a change after the cache', async () => {
    expect((await t.app.services.settings.get()).promotions).toEqual([{ code: 'Welcome10', percent: 10 }]);
    await t.database.db.update(promoCodes).set({ percentOff: 15 }).where(eq(promoCodes.code, 'Welcome10'));
    await t.database.db.insert(promoCodes).values({ code: 'Gone5', percentOff: 5, active: false });
    t.clock.advance(31_000);
    expect((await t.app.services.settings.get()).promotions).toEqual([{ code: 'Welcome10', percent: 15 }]);
  });

  it('prices a draft with the percent of the row', async () => {
    await t.database.db.update(promoCodes).set({ percentOff: 20 }).where(eq(promoCodes.code, 'Welcome10'));
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 10, 1000);
    await t.database.db.update(products).set({ priceCents: 1250 }).where(eq(products.id, product.id));
    const id = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 2 });
    const draft = await as('PATCH', `/api/order/${id}`, { promoCode: 'WELCOME10' });
    expect(draft.status).toBe(200);
    const totals = draft.body.totals as Record<string, string>;
    expect(toCents(totals.subtotal!)).toBe(2500);
    expect(toCents(totals.discount!)).toBe(500);
    expect(toCents(totals.total!)).toBe(2000);
  });
});

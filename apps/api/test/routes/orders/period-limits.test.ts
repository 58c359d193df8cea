/**
 * Issue 31, items 4 and 5: a plan's limit of units of one item per benefit period, told up front
 * (the item page and the cart row carry `periodLimit`) and refused at add, complete and pay with
 * `period_limit_reached` `{ limit, left }` (en, es); units counted from the customer's orders of
 * the period that are placed, paid or delivered, so a cancel gives them back. The period's end: a
 * hold ends with it when that comes first (`holdEndsWithPeriod`), and a benefit card refunded
 * after the period it paid in has ended gets no allowance back (the SDK's `refundReturnsTo`).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthPlans, orders, productPlans, sandboxAccounts } from '../../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { makeShopper, productStock, readyDraft, shopperApi, stockedProduct, type Shopper } from './fixtures.js';

const CARD = { code: 'trnsx', input: { card: '6035000000000101', code: '123' } };
const BALANCE = { code: 'balance', input: {} };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { holdSweepMs: 0, paymentMethods: ['trnsx', 'nationsbenefits', 'prohealth', 'balance'] } });
});
afterAll(async () => t?.close());

/** A cl1 product of at least $5 (five make the minimum order) limited to `limit` a period for cl1. */
async function limited(skip: number, limit: number, minCents = 500) {
  const product = await stockedProduct(t, 'cl1', 200, minCents, skip);
  await setLimit(product.id, limit);
  return product;
}

async function setLimit(productId: number, limit: number | null) {
  const [plan] = await t.database.db.select({ id: healthPlans.id }).from(healthPlans).where(eq(healthPlans.code, 'cl1'));
  await t.database.db
    .update(productPlans)
    .set({ unitsPerPeriod: limit })
    .where(and(eq(productPlans.productId, productId), eq(productPlans.planId, plan!.id)));
}

async function shopper(): Promise<{ s: Shopper; as: ReturnType<typeof shopperApi> }> {
  const s = await makeShopper(t, { balanceCents: 100_000 });
  return { s, as: shopperApi(t, s) };
}

async function placeAndPay(s: Shopper, as: ReturnType<typeof shopperApi>, productId: number, amount: number, pay: object = BALANCE) {
  const id = await readyDraft(t, s, productId, amount);
  const placed = await as('PATCH', `/api/order/${id}/complete`);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const paid = await as('POST', `/api/order/${id}/pay`, pay);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return id;
}

describe('limits per period', () => {
  it('tells what is left on the item page and the cart row, and refuses more at add with { limit, left } (en, es)', async () => {
    t.clock.set(new Date('2026-11-10T12:00:00Z'));
    const product = await limited(0, 9);
    const { s, as } = await shopper();
    const detail = await as('GET', `/api/catalog/products/${product.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ product: { periodLimit: { limit: 9, left: 9, period: 'quarter' } } });

    await placeAndPay(s, as, product.id, 5);
    expect((await as('GET', `/api/catalog/products/${product.id}`)).body).toMatchObject({ product: { periodLimit: { limit: 9, left: 4, period: 'quarter' } } });

    const added = await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 3 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ rows: [{ amount: 3, periodLimit: { limit: 9, left: 1, period: 'quarter' } }] });
    expect((await as('GET', `/api/catalog/products/${product.id}`)).body).toMatchObject({ product: { periodLimit: { left: 1 } } });

    const more = await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 2 });
    expect(more.status).toBe(422);
    expect(more.body).toMatchObject({
      code: 'period_limit_reached',
      params: { limit: 9, left: 1 },
      message: 'Your plan allows 9 of this item per period. You can order 1 more this period.',
      fields: { amount: [{ code: 'period_limit_reached', params: { limit: 9, left: 1 } }] },
    });
    const es = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${added.body.id}/sku-amount`,
      headers: { authorization: `Bearer ${(await t.app.services.tokens.issue(s.id, 'x@example.com')).token}`, 'accept-language': 'es' },
      payload: { sku_id: product.id, amount: 5 },
    });
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({
      code: 'period_limit_reached',
      params: { limit: 9, left: 1 },
      message: 'Su plan permite 9 unidades de este producto por período. Puede pedir 1 más en este período.',
    });
    const rows = await as('PUT', `/api/order/${added.body.id}/items`, { rows: [{ sku_id: product.id, amount: 6 }] });
    expect(rows.status).toBe(422);
    expect(rows.body.fields).toEqual({ 'rows.0.amount': [{ code: 'period_limit_reached', params: { limit: 9, left: 1 } }] });
    // Up to what is left is fine; a guest cart merged at sign-in is limited to it.
    expect((await as('PATCH', `/api/order/${added.body.id}/sku-amount`, { sku_id: product.id, amount: 4 })).status).toBe(200);
    const merged = await as('POST', '/api/order/draft/merge', { rows: [{ sku_id: product.id, amount: 8 }] });
    expect(merged.body).toMatchObject({ draft: { rows: [{ amount: 4, periodLimit: { left: 0 } }] } });
  });

  it('refuses at complete when other orders of the period took the units, and gives them back when one is cancelled', async () => {
    t.clock.set(new Date('2026-11-11T12:00:00Z'));
    const product = await limited(1, 9);
    const { s, as } = await shopper();
    const first = await placeAndPay(s, as, product.id, 5);
    // A draft of 5 written before the limit was set (or by a direct write): placing refuses it.
    await setLimit(product.id, null);
    const id = await readyDraft(t, s, product.id, 5);
    await setLimit(product.id, 9);
    const refused = await as('PATCH', `/api/order/${id}/complete`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'period_limit_reached',
      params: { limit: 9, left: 4 },
      fields: { 'rows.0.amount': [{ code: 'period_limit_reached', params: { limit: 9, left: 4 } }] },
    });
    expect(await productStock(t, product.id)).toEqual({ stock: 195, reserved: 0 });

    // The first order cancelled (paid, within the window): its 5 units count no more.
    expect((await as('POST', `/api/order/${first}/cancel`)).status).toBe(200);
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('refuses at pay when the period no longer leaves the order its units (a limit lowered), charging nothing', async () => {
    t.clock.set(new Date('2026-11-12T12:00:00Z'));
    // At least $9: three make the minimum order.
    const product = await limited(2, 9, 900);
    const { s, as } = await shopper();
    await placeAndPay(s, as, product.id, 3);
    const id = await readyDraft(t, s, product.id, 6);
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await setLimit(product.id, 8);
    const refused = await as('POST', `/api/order/${id}/pay`, BALANCE);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'period_limit_reached', params: { limit: 8, left: 5 } });
    const [order] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe(-10);
    await setLimit(product.id, 9);
    const paid = await as('POST', `/api/order/${id}/pay`, BALANCE);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });

  it('counts only the period: a new quarter starts again', async () => {
    t.clock.set(new Date('2026-12-20T12:00:00Z'));
    const product = await limited(3, 9);
    const { s, as } = await shopper();
    await placeAndPay(s, as, product.id, 9);
    expect((await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 1 })).status).toBe(422);
    t.clock.set(new Date('2027-01-02T12:00:00Z'));
    expect((await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 1 })).status).toBe(200);
  });
});

describe("the period's end", () => {
  it('an order placed near the end holds its stock only until the period ends, and says so', async () => {
    t.clock.set(new Date('2026-12-31T23:45:00Z'));
    const product = await stockedProduct(t, 'cl1', 50, 500, 4);
    const { s, as } = await shopper();
    const id = await readyDraft(t, s, product.id, 5);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    const detail = await as('GET', `/api/order/${id}`);
    expect(detail.body).toMatchObject({ status: -10, payableUntil: '2027-01-01T00:00:00.000Z', holdEndsWithPeriod: true });
    // Earlier in the period: the usual 30 minutes.
    t.clock.set(new Date('2026-12-30T10:00:00Z'));
    const other = await shopper();
    const id2 = await readyDraft(t, other.s, product.id, 5);
    expect((await other.as('PATCH', `/api/order/${id2}/complete`)).status).toBe(200);
    expect((await other.as('GET', `/api/order/${id2}`)).body).toMatchObject({ payableUntil: '2026-12-30T10:30:00.000Z', holdEndsWithPeriod: false });
  });

  it('a benefit card refunded after the period it paid in gets no allowance back; within the period it does', async () => {
    const account = async () =>
      (
        await t.database.db
          .select({ balanceCents: sandboxAccounts.balanceCents })
          .from(sandboxAccounts)
          .where(and(eq(sandboxAccounts.type, 'network'), eq(sandboxAccounts.last4, '0101')))
      )[0]!.balanceCents;
    const product = await stockedProduct(t, 'cl1', 50, 500, 5);

    // Paid and cancelled within the period: the allowance comes back.
    t.clock.set(new Date('2026-12-31T22:00:00Z'));
    const within = await shopper();
    const before = await account();
    const a = await placeAndPay(within.s, within.as, product.id, 5, CARD);
    const charged = before - (await account());
    expect(charged).toBeGreaterThan(0);
    const cancelledWithin = await within.as('POST', `/api/order/${a}/cancel`);
    expect(cancelledWithin.status).toBe(200);
    expect(cancelledWithin.body.refund).toMatchObject({ code: 'trnsx', allowanceReturned: true });
    expect(await account()).toBe(before);

    // Paid at 23:50 on the last day, cancelled at 00:05: that quarter's allowance is gone.
    t.clock.set(new Date('2026-12-31T23:50:00Z'));
    const late = await shopper();
    const b = await placeAndPay(late.s, late.as, product.id, 5, CARD);
    const afterCharge = await account();
    t.clock.set(new Date('2027-01-01T00:05:00Z'));
    const cancelled = await late.as('POST', `/api/order/${b}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ code: 'trnsx', last4: '0101', allowanceReturned: false });
    expect(await account()).toBe(afterCharge);
    expect(JSON.stringify(cancelled.body.events)).toContain('the allowance did not come back');
    // The stock came back all the same.
    expect(await productStock(t, product.id)).toEqual({ stock: 50, reserved: 0 });
  });
});

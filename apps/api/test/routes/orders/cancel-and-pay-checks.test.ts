/**
 * Cancel by the customer (issue 16): an unpaid order (stock released), a paid one not yet
 * packaging within ORDER_CANCEL_MINUTES (restocked, refunded to what paid, once), nothing else.
 * And pay checks again what complete checked: the product's status, the minimum (the plan is the
 * paying card's: card-plan.test.ts).
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@otc/sdk/rules';
import { orderDetailSchema, orderSummarySchema, pagedSchema } from '@otc/sdk/schemas';
import { healthPlans, payments, productPlans, products, sandboxAccounts } from '../../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { makeShopper, productStock, readyDraft, shopperApi, stockedProduct, type Shopper } from './fixtures.js';

const MINUTE = 60_000;
const CANCEL = 30 * MINUTE;
const RICH_CARD = '6035000000000101';
const TRNSX = { code: 'trnsx', input: { card: RICH_CARD, code: '123' } };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    seed: true,
    config: { holdSweepMs: 0, paymentMethods: ['trnsx', 'nationsbenefits', 'prohealth', 'balance'] },
  });
});
afterAll(async () => t?.close());

async function placed(skip: number, shopper?: Shopper, amount = 3) {
  const buyer = shopper ?? (await makeShopper(t, { balanceCents: 500_000 }));
  const product = await stockedProduct(t, 'cl1', 10, 1000, skip);
  const id = await readyDraft(t, buyer, product.id, amount);
  const as = shopperApi(t, buyer);
  const res = await as('PATCH', `/api/order/${id}/complete`);
  if (res.status !== 200) throw new Error(`complete ${res.status} ${JSON.stringify(res.body)}`);
  return { id, buyer, product, as, totalCents: toCents(String(res.body.price)) };
}

async function ledger(digits: string) {
  const fingerprint = t.app.services.cardFingerprint(digits);
  const [account] = await t.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.fingerprint, fingerprint));
  return account!.balanceCents;
}

const balanceOf = async (as: ReturnType<typeof shopperApi>) => toCents(String((await as('GET', '/api/auth/me')).body.balance));

describe('cancel by the customer', () => {
  it('cancels an unpaid order: stock released, shown cancelled with its date; a second cancel is refused', async () => {
    const order = await placed(0);
    expect(await productStock(t, order.product.id)).toEqual({ stock: 10, reserved: 3 });
    const res = await order.as('POST', `/api/order/${order.id}/cancel`);
    expect(res.status).toBe(200);
    const detail = orderDetailSchema.parse(res.body);
    expect(detail).toMatchObject({
      id: order.id,
      status: -20,
      cancelledAt: t.clock.now().toISOString(),
      cancellableUntil: null,
      payableUntil: null,
      refund: null,
      payment: null,
    });
    expect(await productStock(t, order.product.id)).toEqual({ stock: 10, reserved: 0 });
    const again = await order.as('POST', `/api/order/${order.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('order_not_cancellable');
    expect(await productStock(t, order.product.id)).toEqual({ stock: 10, reserved: 0 });
    // Paying it is refused; nothing is charged.
    expect((await order.as('POST', `/api/order/${order.id}/pay`, TRNSX)).status).toBe(422);
    const list = pagedSchema(orderSummarySchema).parse((await order.as('GET', '/api/order')).body);
    expect(list.items[0]).toMatchObject({ id: order.id, status: -20, cancelledAt: detail.cancelledAt, cancellableUntil: null });
  });

  it('cancels a paid order within the window: restocked and refunded to the balance once; the balance shows it', async () => {
    const order = await placed(1);
    const start = await balanceOf(order.as);
    const paid = await order.as('POST', `/api/order/${order.id}/pay`, { code: 'balance', input: {} });
    expect(paid.status).toBe(200);
    expect(await balanceOf(order.as)).toBe(start - order.totalCents);
    const paidAt = t.clock.now().getTime();
    expect(await productStock(t, order.product.id)).toEqual({ stock: 7, reserved: 0 });
    const before = orderDetailSchema.parse((await order.as('GET', `/api/order/${order.id}`)).body);
    expect(before).toMatchObject({ status: 1, cancellableUntil: new Date(paidAt + CANCEL).toISOString(), payableUntil: null });

    t.clock.advance(CANCEL - 1000);
    const both = await Promise.all([
      order.as('POST', `/api/order/${order.id}/cancel`),
      order.as('POST', `/api/order/${order.id}/cancel`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const detail = orderDetailSchema.parse(both.find((r) => r.status === 200)!.body);
    expect(detail).toMatchObject({
      status: -20,
      refund: { amount: (order.totalCents / 100).toFixed(2), code: 'balance', last4: null, at: t.clock.now().toISOString() },
    });
    expect(await balanceOf(order.as)).toBe(start);
    expect(await productStock(t, order.product.id)).toEqual({ stock: 10, reserved: 0 });
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((p) => p.status).sort()).toEqual(['approved', 'refunded']);
  });

  it('refunds a card payment to the card that paid (the sandbox account)', async () => {
    const order = await placed(2);
    const start = await ledger(RICH_CARD);
    expect((await order.as('POST', `/api/order/${order.id}/pay`, TRNSX)).status).toBe(200);
    expect(await ledger(RICH_CARD)).toBe(start - order.totalCents);
    const res = await order.as('POST', `/api/order/${order.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: -20, refund: { code: 'trnsx', last4: '0101' }, payment: { code: 'trnsx', last4: '0101' } });
    expect(await ledger(RICH_CARD)).toBe(start);
  });

  it('refuses once the window is over, once packaging, and for orders of others (404)', async () => {
    const late = await placed(3);
    expect((await late.as('POST', `/api/order/${late.id}/pay`, TRNSX)).status).toBe(200);
    t.clock.advance(CANCEL);
    const refused = await late.as('POST', `/api/order/${late.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('order_not_cancellable');
    expect((await late.as('GET', `/api/order/${late.id}`)).body).toMatchObject({ status: -5, cancellableUntil: null, refund: null });
    expect(await productStock(t, late.product.id)).toEqual({ stock: 7, reserved: 0 });

    const packing = await placed(4);
    expect((await packing.as('POST', `/api/order/${packing.id}/pay`, TRNSX)).status).toBe(200);
    await t.app.services.fulfilment.advance(packing.id);
    const packed = await packing.as('POST', `/api/order/${packing.id}/cancel`);
    expect(packed.status).toBe(409);
    expect((await packing.as('GET', `/api/order/${packing.id}`)).body).toMatchObject({ status: 10, cancellableUntil: null });

    const mine = await placed(5);
    const stranger = shopperApi(t, await makeShopper(t));
    expect((await stranger('POST', `/api/order/${mine.id}/cancel`)).status).toBe(404);
    expect((await stranger('POST', '/api/order/99999999/cancel')).status).toBe(404);
    // Its own open draft is not an order to cancel.
    const draft = await mine.as('POST', '/api/order/prepare-draft', {});
    expect((await mine.as('POST', `/api/order/${Number(draft.body.id)}/cancel`)).body.code).toBe('order_not_cancellable');
    expect(await productStock(t, mine.product.id)).toEqual({ stock: 10, reserved: 3 });
  });

  it('follows a shortened ORDER_CANCEL_MINUTES', async () => {
    const short = await buildTestApp({ seed: true, config: { holdSweepMs: 0, orderCancelMs: 2 * MINUTE } });
    try {
      const buyer = await makeShopper(short);
      const product = await stockedProduct(short, 'cl1', 10, 1000, 0);
      const id = await readyDraft(short, buyer, product.id, 3);
      const as = shopperApi(short, buyer);
      expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
      expect((await as('POST', `/api/order/${id}/pay`, TRNSX)).status).toBe(200);
      const paidAt = short.clock.now().getTime();
      expect((await as('GET', `/api/order/${id}`)).body.cancellableUntil).toBe(new Date(paidAt + 2 * MINUTE).toISOString());
      expect((await as('GET', '/api/constants')).body.orderCancelMinutes).toBe(2);
      short.clock.advance(2 * MINUTE);
      expect((await as('POST', `/api/order/${id}/cancel`)).status).toBe(409);
    } finally {
      await short.close();
    }
  });
});

describe('pay checks again what complete checked', () => {
  /** A product of plan cl1 that plan uhc does not cover, stocked. */
  async function cl1Only() {
    const db = t.database.db;
    const [uhc] = await db.select().from(healthPlans).where(eq(healthPlans.code, 'uhc'));
    const covered = db.select({ id: productPlans.productId }).from(productPlans).where(eq(productPlans.planId, uhc!.id));
    for (let skip = 10; skip < 200; skip += 1) {
      const product = await stockedProduct(t, 'cl1', 10, 1000, skip);
      const [outside] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, product.id), notInArray(products.id, covered)));
      if (outside) return product;
    }
    throw new Error('no cl1 product outside uhc');
  }

  it("changes nothing at pay when the profile's plan is switched since complete: the paying card's plan decides (issue 32)", async () => {
    const product = await cl1Only();
    const buyer = await makeShopper(t);
    const as = shopperApi(t, buyer);
    const id = await readyDraft(t, buyer, product.id, 3);
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status).toBe(200);
    // uhc does not cover it; the card (the developer test plan) does.
    expect((await as('PUT', '/api/customer/health-plan', { code: 'uhc' })).status).toBe(200);
    const start = await ledger(RICH_CARD);
    const paid = await as('POST', `/api/order/${id}/pay`, TRNSX);
    expect(paid.status).toBe(200);
    expect(await ledger(RICH_CARD)).toBe(start - toCents((placed.body.totals as { total: string }).total));
  });

  it('refuses a product made inactive or discontinued since complete, naming its row', async () => {
    const buyer = await makeShopper(t);
    const as = shopperApi(t, buyer);
    const first = await stockedProduct(t, 'cl1', 10, 1000, 20);
    const second = await stockedProduct(t, 'cl1', 10, 1000, 21);
    const id = await readyDraft(t, buyer, first.id, 1);
    expect((await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: second.id, amount: 2 })).status).toBe(200);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    await t.database.db.update(products).set({ status: -1 }).where(eq(products.id, second.id));
    const refused = await as('POST', `/api/order/${id}/pay`, TRNSX);
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({ 'rows.1.sku_id': [{ code: 'order_has_issues' }] });
    await t.database.db.update(products).set({ status: null }).where(eq(products.id, second.id));
    // The order's own held units are its own: a stock now all held by it is no issue.
    await t.app.services.inventory.setStock({ id: second.id }, 2);
    expect((await as('POST', `/api/order/${id}/pay`, TRNSX)).status).toBe(200);
  });

  it('refuses an order under a minimum raised since complete', async () => {
    const order = await placed(30);
    const minimum = t.app.config.minimumOrderCents;
    // The configuration object the services read (as after a restart with a higher MINIMUM_ORDER).
    t.app.config.minimumOrderCents = order.totalCents + 100;
    try {
      const refused = await order.as('POST', `/api/order/${order.id}/pay`, TRNSX);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'minimum_order', fields: { total: [{ code: 'minimum_order' }] } });
    } finally {
      t.app.config.minimumOrderCents = minimum;
    }
    expect((await order.as('POST', `/api/order/${order.id}/pay`, TRNSX)).status).toBe(200);
  });
});

/**
 * An unpaid order's hold (issue 16): complete holds the stock until `payableUntil`, then the order
 * goes back to the customer's cart (rows merged, stock released) — lazily before the customer's
 * reads, by every process's timer, and exactly once when sweeps run side by side. One unpaid order
 * per customer; a declined payment leaves the order payable.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@otc/sdk/rules';
import { orderDraftSchema, orderSummarySchema, pagedSchema, settingsSchema } from '@otc/sdk/schemas';
import { orderEvents, orders } from '../../../src/db/schema.js';
import { ConfigError, loadConfig } from '../../../src/env.js';
import { createHolds } from '../../../src/services/orders/holds.js';
import { createInventory } from '../../../src/services/orders/inventory.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { makeShopper, productStock, readyDraft, shopperApi, stockedProduct, type Shopper } from './fixtures.js';

const MINUTE = 60_000;
const HOLD = 30 * MINUTE;
// The sandbox card with a large balance: every approved payment of this file fits.
const APPROVE = { code: 'trnsx', input: { card: '6035000000000101', code: '123' } };
const DECLINE = { code: 'trnsx', input: { card: '6035000000000002', code: '123' } };
const NO_FUNDS = { code: 'trnsx', input: { card: '6035000000000003', code: '123' } };

let t: TestApp;
beforeAll(async () => {
  // No timer here: these tests move the clock and sweep on their own terms (the timer has its own test).
  t = await buildTestApp({ seed: true, config: { holdSweepMs: 0 } });
});
afterAll(async () => t?.close());

async function place(on: TestApp, shopper: Shopper, productId: number, amount: number) {
  const id = await readyDraft(on, shopper, productId, amount);
  const placed = await shopperApi(on, shopper)('PATCH', `/api/order/${id}/complete`);
  if (placed.status !== 200) throw new Error(`complete ${placed.status} ${JSON.stringify(placed.body)}`);
  return { id, number: String(placed.body.number), total: String(placed.body.price) };
}

async function status(on: TestApp, orderId: number) {
  const [row] = await on.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

async function sweptEvents(orderId: number) {
  const rows = await t.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.note, 'payment time over: back to the cart')));
  return rows.length;
}

describe('settings', () => {
  it('serves UNPAID_ORDER_MINUTES and ORDER_CANCEL_MINUTES (defaults 30) in GET /api/constants', async () => {
    const settings = settingsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/constants' })).json());
    expect(settings).toMatchObject({ unpaidOrderMinutes: 30, orderCancelMinutes: 30, maxUnitsPerItem: 20 });
    expect(loadConfig({})).toMatchObject({ unpaidOrderMs: HOLD, orderCancelMs: HOLD, holdSweepMs: 30_000 });
    // A fraction of a minute is allowed (the heavy suite holds for seconds); 0 minutes to cancel is "never".
    expect(loadConfig({ UNPAID_ORDER_MINUTES: '0.05', ORDER_CANCEL_MINUTES: '0', HOLD_SWEEP_SECONDS: '0.5' })).toMatchObject({
      unpaidOrderMs: 3000,
      orderCancelMs: 0,
      holdSweepMs: 500,
    });
    expect(() => loadConfig({ UNPAID_ORDER_MINUTES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ORDER_CANCEL_MINUTES: '1.5' })).toThrow(ConfigError);
  });
});

describe('an unpaid order past its hold', () => {
  it('goes back to the cart: its rows merged into the open draft (larger amount wins), its stock released', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const a = await stockedProduct(t, 'cl1', 10, 1000, 0);
    const b = await stockedProduct(t, 'cl1', 10, 1000, 1);
    const order = await place(t, shopper, a.id, 3);
    const placedAt = t.clock.now().getTime();
    expect(await productStock(t, a.id)).toEqual({ stock: 10, reserved: 3 });

    // The history shows how long it waits; the new cart says where the items are.
    const list = pagedSchema(orderSummarySchema).parse((await as('GET', '/api/order')).body);
    expect(list.items[0]).toMatchObject({
      id: order.id,
      status: -10,
      payableUntil: new Date(placedAt + HOLD).toISOString(),
      cancellableUntil: new Date(placedAt + HOLD).toISOString(),
      cancelledAt: null,
    });
    const cart = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
    expect(cart.id).not.toBe(order.id);
    expect(cart.pendingOrder).toEqual({
      id: order.id,
      number: order.number,
      total: order.total,
      itemCount: 3,
      payableUntil: new Date(placedAt + HOLD).toISOString(),
    });
    expect((await as('POST', '/api/order/draft/items', { sku_id: a.id, amount: 1 })).status).toBe(200);
    expect((await as('POST', '/api/order/draft/items', { sku_id: b.id, amount: 2 })).status).toBe(200);

    // One second before the end it still waits; then the first read finds it back in the cart.
    t.clock.advance(HOLD - 1000);
    expect(orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body).pendingOrder?.id).toBe(order.id);
    t.clock.advance(1000);
    const back = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
    expect(back.id).toBe(order.id);
    expect(back.status).toBe(0);
    expect(back.pendingOrder).toBeNull();
    expect(back.rows.map((r) => [r.sku.id, r.amount])).toEqual([
      [a.id, 3],
      [b.id, 2],
    ]);
    expect(await productStock(t, a.id)).toEqual({ stock: 10, reserved: 0 });
    expect(await sweptEvents(order.id)).toBe(1);

    // Paying it now is refused with the reason; it is no longer in the history.
    const paid = await as('POST', `/api/order/${order.id}/pay`, APPROVE);
    expect(paid.status).toBe(409);
    expect(paid.body.code).toBe('order_payment_time_over');
    expect((await as('PATCH', `/api/order/${order.id}/back-to-draft`)).body.code).toBe('order_payment_time_over');
    expect((await as('GET', '/api/order')).body.items).toEqual([]);

    // Placed again once the cooldown after its hold is over (issue 32), it holds the stock again
    // for a new hold.
    t.clock.advance(t.app.services.config.holdCooldownMs);
    const again = await as('PATCH', `/api/order/${order.id}/complete`);
    expect(again.status).toBe(200);
    expect(again.body.number).toBe(order.number);
    expect(await productStock(t, a.id)).toEqual({ stock: 10, reserved: 3 });
    expect((await as('POST', `/api/order/${order.id}/pay`, APPROVE)).status).toBe(200);
  });

  it('is released exactly once when sweeps of two processes run at the same time', async () => {
    const product = await stockedProduct(t, 'cl1', 50, 1000, 2);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => makeShopper(t)));
    const due: number[] = [];
    for (const shopper of shoppers) due.push((await place(t, shopper, product.id, 2)).id);
    t.clock.advance(HOLD + 1000);
    // A live order of the same product: whatever the sweeps do, its 4 units stay held (a second
    // release of a swept order would take them).
    const live = await place(t, await makeShopper(t), product.id, 4);
    expect(await productStock(t, product.id)).toEqual({ stock: 50, reserved: 16 });

    // A second "process": its own sweeper on the same database (on PostgreSQL its own connections).
    const db = t.database.db;
    const other = createHolds({ db, clock: t.clock, inventory: createInventory({ db, clock: t.clock }), cooldownMs: 10 * 60_000 });
    const mine = t.app.services.orders;
    const swept = await Promise.all([mine.sweepHolds(), other.sweep(), mine.sweepHolds(), other.sweep()]);
    expect(swept.reduce((n, x) => n + x, 0)).toBe(due.length);
    expect(await productStock(t, product.id)).toEqual({ stock: 50, reserved: 4 });
    for (const id of due) {
      expect(await status(t, id)).toBe(0);
      expect(await sweptEvents(id)).toBe(1);
    }
    expect(await status(t, live.id)).toBe(-10);
    expect(await mine.sweepHolds()).toBe(0);
  });

  it('is swept by the process timer without any request', async () => {
    const quick = await buildTestApp({ seed: true, config: { holdSweepMs: 20 } });
    try {
      const shopper = await makeShopper(quick);
      const product = await stockedProduct(quick, 'cl1', 5, 1000, 3);
      const order = await place(quick, shopper, product.id, 2);
      quick.clock.advance(HOLD);
      const deadline = Date.now() + 10_000;
      while ((await status(quick, order.id)) !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await status(quick, order.id)).toBe(0);
      expect(await productStock(quick, product.id)).toEqual({ stock: 5, reserved: 0 });
    } finally {
      await quick.close();
    }
  });
});

describe('one unpaid order per customer', () => {
  it('refuses to place a second order while one waits (409 unpaid_order_exists naming it), not once its hold ended', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const a = await stockedProduct(t, 'cl1', 10, 1000, 4);
    const b = await stockedProduct(t, 'cl1', 10, 1000, 5);
    const first = await place(t, shopper, a.id, 3);
    const second = await readyDraft(t, shopper, b.id, 3);
    const refused = await as('PATCH', `/api/order/${second}/complete`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'unpaid_order_exists', params: { number: first.number } });
    expect(String(refused.body.message)).toContain(first.number);
    expect(await productStock(t, b.id)).toEqual({ stock: 10, reserved: 0 });
    // Both at once: still one.
    const both = await Promise.all([as('PATCH', `/api/order/${second}/complete`), as('PATCH', `/api/order/${second}/complete`)]);
    expect(both.map((r) => r.status)).toEqual([409, 409]);

    // Once the first hold has ended the second places, and the first comes back as the cart.
    t.clock.advance(HOLD);
    const placed = await as('PATCH', `/api/order/${second}/complete`);
    expect(placed.status).toBe(200);
    expect(placed.body.pendingOrder).toBeNull();
    const cart = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
    expect(cart.id).toBe(first.id);
    expect(cart.rows.map((r) => [r.sku.id, r.amount])).toEqual([[a.id, 3]]);
    expect(cart.pendingOrder).toMatchObject({ id: second, itemCount: 3 });
    expect(await productStock(t, a.id)).toEqual({ stock: 10, reserved: 0 });
    expect(await productStock(t, b.id)).toEqual({ stock: 10, reserved: 3 });
  });

  it('back to draft frees the customer to place again', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const a = await stockedProduct(t, 'cl1', 10, 1000, 6);
    const first = await place(t, shopper, a.id, 3);
    const back = await as('PATCH', `/api/order/${first.id}/back-to-draft`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: first.id, status: 0, pendingOrder: null });
    expect((await as('PATCH', `/api/order/${first.id}/complete`)).status).toBe(200);
  });
});

describe('a refused payment', () => {
  it('leaves the order waiting and payable: paying again with another card succeeds', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await stockedProduct(t, 'cl1', 10, 1000, 7);
    const order = await place(t, shopper, product.id, 3);
    for (const card of [DECLINE, NO_FUNDS]) {
      const refused = await as('POST', `/api/order/${order.id}/pay`, card);
      expect(refused.status).toBe(422);
      const detail = await as('GET', `/api/order/${order.id}`);
      expect(detail.body).toMatchObject({ status: -10, payment: null });
      expect(detail.body.payableUntil).toEqual(expect.any(String));
      const cart = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
      expect(cart.pendingOrder?.id).toBe(order.id);
      expect(await productStock(t, product.id)).toEqual({ stock: 10, reserved: 3 });
    }
    const paid = await as('POST', `/api/order/${order.id}/pay`, APPROVE);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: -5, amount: order.total });
    expect(toCents(String(paid.body.amount))).toBeGreaterThan(0);
    expect(await productStock(t, product.id)).toEqual({ stock: 7, reserved: 0 });
    const cart = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
    expect(cart.pendingOrder).toBeNull();
    const detail = await as('GET', `/api/order/${order.id}`);
    expect(detail.body).toMatchObject({ status: -5, payableUntil: null });
  });
});

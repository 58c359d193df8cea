import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@otc/sdk/rules';
import { orderDetailSchema, orderSummarySchema, pagedSchema } from '@otc/sdk/schemas';
import { orderEvents, payments, products, sandboxAccounts } from '../../../src/db/schema.js';
import { runOrderCommand } from '../../../src/services/order-commands.js';
import { TEST_SECRET, buildTestApp, testConfig, type TestApp } from '../../helpers.js';
import { api, makeShopper, productStock, readyDraft, stockedProduct, type Shopper } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  // Every method can pay here; the ops command runs with the default configuration (no balance,
  // no credit), so refunds go through whatever method an order was paid with.
  t = await buildTestApp({
    seed: true,
    config: { paymentMethods: ['trnsx', 'nationsbenefits', 'prohealth', 'credit', 'balance'] },
  });
});
afterAll(async () => t?.close());

const run = (command: string, ...args: string[]) =>
  runOrderCommand({ db: t.database.db, clock: t.clock, config: testConfig(), secret: TEST_SECRET }, command, args);

const TRNSX = { code: 'trnsx', input: { card: '6035000000000001', code: '123' } };

async function placedOrder(
  skip: number,
  pay: false | { code: string; input: Record<string, string> },
  shopper?: Shopper,
) {
  const product = await stockedProduct(t, 'cl1', 10, 1000, skip);
  const buyer = shopper ?? (await makeShopper(t));
  const as = api(t.app, buyer.token);
  const id = await readyDraft(t, buyer, product.id, 3);
  const placed = await as('PATCH', `/api/order/${id}/complete`);
  expect(placed.status).toBe(200);
  if (pay) {
    const paid = await as('POST', `/api/order/${id}/pay`, pay);
    expect(paid.status).toBe(200);
  }
  return { id, product, as, totalCents: toCents(String(placed.body.price)) };
}

/** The sandbox ledger balance of a test card. */
async function ledger(digits: string) {
  const fingerprint = t.app.services.cardFingerprint(digits);
  const [account] = await t.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.fingerprint, fingerprint));
  return account!.balanceCents;
}

async function paymentRows(orderId: number) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

async function eventRows(orderId: number) {
  const rows = await t.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map((e) => [e.status, e.note]);
}

describe('ops order commands', () => {
  it('order:advance walks packaging, shipped with a tracking number, delivered, then refuses', async () => {
    const { id, as } = await placedOrder(10, TRNSX);
    expect(await run('order:advance', String(id))).toMatch(/is now 10$/);
    expect(await run('order:advance', String(id))).toMatch(/is now 20 \(UPS 1Z\w+\)$/);
    expect(await run('order:advance', String(id))).toMatch(/is now 30$/);
    await expect(run('order:advance', String(id))).rejects.toThrow(/cannot advance/);
    const detail = await as('GET', `/api/order/${id}`);
    expect(detail.body).toMatchObject({ status: 30, tracking: { carrier: 'UPS' } });
    await expect(run('order:advance', 'abc')).rejects.toThrow(/order id/);
  });

  it('order:cancel releases an unpaid reservation (nothing to refund) and restocks a paid order', async () => {
    const unpaid = await placedOrder(11, false);
    expect(await productStock(t, unpaid.product.id)).toEqual({ stock: 10, reserved: 3 });
    expect(await run('order:cancel', String(unpaid.id))).toMatch(/is cancelled$/);
    expect(await productStock(t, unpaid.product.id)).toEqual({ stock: 10, reserved: 0 });
    expect(await paymentRows(unpaid.id)).toEqual([]);
    expect(await eventRows(unpaid.id)).toEqual([[-10, null], [-20, null]]);

    const paid = await placedOrder(12, TRNSX);
    expect(await productStock(t, paid.product.id)).toEqual({ stock: 7, reserved: 0 });
    await run('order:cancel', String(paid.id));
    expect(await productStock(t, paid.product.id)).toEqual({ stock: 10, reserved: 0 });
    await expect(run('order:cancel', String(paid.id))).rejects.toThrow(/cannot be cancelled/);
    expect(await productStock(t, paid.product.id)).toEqual({ stock: 10, reserved: 0 });
    const list = await paid.as('GET', '/api/order');
    expect(pagedSchema(orderSummarySchema).parse(list.body)).toMatchObject({ items: [{ id: paid.id, status: -20 }] });
  });

  it('order:cancel refunds a card payment once: the sandbox account and the linked card', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    // The shopper's own network card, typed at checkout too.
    const linked = await as('POST', '/api/insurance-card', { type: 'network', number: '6035000000000001', code: '123' });
    expect(linked.status).toBe(200);
    const start = await ledger('6035000000000001');
    const order = await placedOrder(14, TRNSX, shopper);
    expect(await ledger('6035000000000001')).toBe(start - order.totalCents);
    const card = async () => toCents(String(((await as('GET', '/api/insurance-card')).body.data as { balance: string }[])[0]!.balance));
    expect(await card()).toBe(start - order.totalCents);

    const amount = (order.totalCents / 100).toFixed(2);
    expect(await run('order:cancel', String(order.id))).toMatch(new RegExp(`is cancelled, ${amount} refunded to trnsx$`));
    expect(await ledger('6035000000000001')).toBe(start);
    expect(await card()).toBe(start);
    expect(await productStock(t, order.product.id)).toEqual({ stock: 10, reserved: 0 });
    const rows = await paymentRows(order.id);
    expect(rows.map((p) => [p.status, p.method, p.amountCents, p.last4, p.idempotencyKey])).toEqual([
      ['approved', 'trnsx', order.totalCents, '0001', `order:${order.id}`],
      ['refunded', 'trnsx', order.totalCents, '0001', `order:${order.id}:refund`],
    ]);
    expect(rows[1]!.reference).toMatch(/^sbx_refund_/);
    expect((await eventRows(order.id)).slice(-2)).toEqual([
      [-20, null],
      [-20, `refunded ${amount} to trnsx card ending 0001`],
    ]);

    // Cancelling again refunds nothing more.
    await expect(run('order:cancel', String(order.id))).rejects.toThrow(/cannot be cancelled/);
    expect(await ledger('6035000000000001')).toBe(start);
    expect(await paymentRows(order.id)).toHaveLength(2);

    // The answers keep their contract; the payment shown is still the charge.
    const detail = orderDetailSchema.parse((await as('GET', `/api/order/${order.id}`)).body);
    expect(detail).toMatchObject({ status: -20, payment: { code: 'trnsx', last4: '0001' } });
    expect(detail.events.at(-1)).toMatchObject({ status: -20, note: `refunded ${amount} to trnsx card ending 0001` });
    // Paying a cancelled order is refused.
    const again = await as('POST', `/api/order/${order.id}/pay`, TRNSX);
    expect(again.status).toBe(422);
    expect(await ledger('6035000000000001')).toBe(start);
  });

  it('order:cancel refunds a credit card and an insurance card to the account charged', async () => {
    const credit = await placedOrder(15, { code: 'credit', input: { card: '4242 4242 4242 4242' } });
    const creditStart = (await ledger('4242424242424242')) + credit.totalCents;
    await run('order:cancel', String(credit.id));
    expect(await ledger('4242424242424242')).toBe(creditStart);

    // prohealth charges the active card; the refund goes to that card even if another is active now.
    const shopper = await makeShopper(t, { plan: 'uhc' });
    const as = api(t.app, shopper.token);
    expect((await as('POST', '/api/insurance-card', { type: 's3', number: '6037000000000001', code: '789' })).status).toBe(200);
    const s3Start = await ledger('6037000000000001');
    const product = await stockedProduct(t, 'uhc', 10, 1000, 16);
    const id = await readyDraft(t, shopper, product.id, 3);
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    const total = toCents(String(placed.body.price));
    const paid = await as('POST', `/api/order/${id}/pay`, { code: 'prohealth', input: {} });
    // The SDK's STATUS_AFTER_PAYMENT: prohealth charges a card, so payment verification (-5).
    expect(paid.body).toMatchObject({ status: -5 });
    expect(await ledger('6037000000000001')).toBe(s3Start - total);
    const added = await as('POST', '/api/insurance-card', { type: 's3', number: '60370000000000017', code: '1234' });
    const other = (added.body.data as { id: number; last4: string }[]).find((c) => c.last4 === '0017')!;
    await as('PATCH', `/api/insurance-card/${other.id}/make-active`);
    const otherStart = await ledger('60370000000000017');
    expect(await run('order:cancel', String(id))).toMatch(/refunded to prohealth$/);
    expect(await ledger('6037000000000001')).toBe(s3Start);
    expect(await ledger('60370000000000017')).toBe(otherStart);
    expect((await paymentRows(id)).map((p) => p.status)).toEqual(['approved', 'refunded']);
  });

  it('order:cancel returns a balance payment to the store balance once, also when cancelled twice at once', async () => {
    const shopper = await makeShopper(t, { balanceCents: 100000 });
    const as = api(t.app, shopper.token);
    const balance = async () => toCents(String((await as('GET', '/api/auth/me')).body.balance));
    const order = await placedOrder(17, { code: 'balance', input: {} }, shopper);
    expect(await balance()).toBe(100000 - order.totalCents);
    expect(await productStock(t, order.product.id)).toEqual({ stock: 7, reserved: 0 });

    const results = await Promise.allSettled([run('order:cancel', String(order.id)), run('order:cancel', String(order.id))]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await balance()).toBe(100000);
    expect(await productStock(t, order.product.id)).toEqual({ stock: 10, reserved: 0 });
    const rows = await paymentRows(order.id);
    expect(rows.map((p) => [p.status, p.method, p.amountCents, p.last4])).toEqual([
      ['approved', 'balance', order.totalCents, null],
      ['refunded', 'balance', order.totalCents, null],
    ]);
    const amount = (order.totalCents / 100).toFixed(2);
    expect((await eventRows(order.id)).slice(-2)).toEqual([
      [-20, null],
      [-20, `refunded ${amount} to balance`],
    ]);
    await expect(run('order:cancel', String(order.id))).rejects.toThrow(/cannot be cancelled/);
    expect(await balance()).toBe(100000);
  });

  it('order:cancel cancels nothing when the refund cannot be made', async () => {
    const order = await placedOrder(18, { code: 'nationsbenefits', input: { card: '6036000000000001', code: '456' } });
    const fingerprint = t.app.services.cardFingerprint('6036000000000001');
    const [account] = await t.database.db.delete(sandboxAccounts).where(eq(sandboxAccounts.fingerprint, fingerprint)).returning();
    try {
      await expect(run('order:cancel', String(order.id))).rejects.toThrow(/sandbox account/);
      expect((await order.as('GET', `/api/order/${order.id}`)).body.status).toBe(-5);
      expect(await productStock(t, order.product.id)).toEqual({ stock: 7, reserved: 0 });
      expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(['approved']);
    } finally {
      await t.database.db.insert(sandboxAccounts).values(account!);
    }
    await run('order:cancel', String(order.id));
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(['approved', 'refunded']);
  });

  it('stock:set sets the units on hand, never below what is reserved', async () => {
    const { product } = await placedOrder(13, false);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(await run('stock:set', row!.sku, '25')).toMatch(/stock 25, reserved 3/);
    expect(await productStock(t, product.id)).toEqual({ stock: 25, reserved: 3 });
    await expect(run('stock:set', row!.sku, '2')).rejects.toThrow(/reserved/);
    await expect(run('stock:set', 'NO-SUCH-SKU', '2')).rejects.toThrow(/not found/);
    await expect(run('stock:set', row!.sku, '-1')).rejects.toThrow(/usage/);
  });
});

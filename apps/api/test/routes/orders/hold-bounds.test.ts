/**
 * What one customer can hold (issue 32, item 4): a new account once placed one order of every unit
 * in stock and renewed it at once with back to draft then complete. Now: at most
 * MAX_UNITS_PER_ITEM of one item in an order, an unpaid order worth no more than the money that can
 * pay it (cards and balance on file plus HOLD_VALUE_OTHER_CARDS), and the items of a hold that
 * ended unpaid are not held again at once: taken back early they keep their hold's end, ended they
 * wait HOLD_COOLDOWN_MINUTES. Every refusal is a catalogue code with params, in en and es.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { formatPrice } from '@otc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '@otc/sdk/rules';
import { cards, heldItems, orderRows, orders } from '../../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { makeShopper, productStock, readyDraft, shopperApi, stockedProduct, type Shopper } from './fixtures.js';

const MINUTE = 60_000;
const HOLD = 30 * MINUTE;
const COOLDOWN = 10 * MINUTE;
const PAY = { code: 'trnsx', input: { card: '6035000000000101', code: '123' } };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { holdSweepMs: 0, paymentMethods: ['trnsx', 'nationsbenefits', 'prohealth', 'balance'] } });
});
afterAll(async () => t?.close());

/** A product of plan cl1 priced at least `min` cents, stocked. */
async function priced(min: number, skip: number, stock = 100) {
  return stockedProduct(t, 'cl1', stock, min, skip);
}

/** The customer's unpaid orders that still hold, with their value. */
async function heldBy(shopper: Shopper) {
  return t.database.db
    .select({ id: orders.id, totalCents: orders.totalCents, payableUntil: orders.payableUntil })
    .from(orders)
    .where(and(eq(orders.customerId, shopper.id), eq(orders.status, -10)));
}

describe('units of one item in an order', () => {
  it('refuses past MAX_UNITS_PER_ITEM on every draft write with max_units_per_item and { max } (en, es)', async () => {
    expect(t.app.services.config.maxUnitsPerItem).toBe(20);
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await priced(100, 0, 500);
    expect((await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 20 })).status).toBe(200);
    const more = await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 1 });
    expect(more.status).toBe(422);
    expect(more.body).toMatchObject({
      code: 'max_units_per_item',
      params: { max: 20 },
      message: 'You can order at most 20 of one item.',
      fields: { amount: [{ code: 'max_units_per_item', params: { max: 20 } }] },
    });
    const draftId = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${draftId}/sku-amount`,
      headers: { authorization: `Bearer ${shopper.token}`, 'accept-language': 'es' },
      payload: { sku_id: product.id, amount: 21 },
    });
    expect(set.statusCode).toBe(422);
    expect(set.json()).toMatchObject({ code: 'max_units_per_item', message: 'Puede pedir como máximo 20 unidades de un mismo producto.' });
    const rows = await as('PUT', `/api/order/${draftId}/items`, { rows: [{ sku_id: product.id, amount: 40 }] });
    expect(rows.status).toBe(422);
    expect(rows.body.fields).toEqual({ 'rows.0.amount': [{ code: 'max_units_per_item', params: { max: 20 } }] });
    // Lowering is always allowed, and the draft kept its 20.
    expect((await as('PATCH', `/api/order/${draftId}/sku-amount`, { sku_id: product.id, amount: 19 })).status).toBe(200);
  });

  it('limits a guest cart merged at sign-in to the limit, and refuses to place a row above it (a setting lowered since)', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await priced(100, 1, 500);
    const merged = await as('POST', '/api/order/draft/merge', { rows: [{ sku_id: product.id, amount: 35 }] });
    expect(merged.status).toBe(200);
    expect(merged.body.limited).toEqual([{ sku_id: product.id, amount: 20, wanted: 35 }]);

    const id = await readyDraft(t, shopper, product.id, 20);
    await t.database.db.update(orderRows).set({ amount: 25 }).where(eq(orderRows.orderId, id));
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status).toBe(422);
    expect(placed.body).toMatchObject({ code: 'max_units_per_item', params: { max: 20 }, fields: { 'rows.0.amount': [{ code: 'max_units_per_item' }] } });
    expect(await productStock(t, product.id)).toEqual({ stock: 500, reserved: 0 });
  });
});

describe('the value an unpaid order may hold', () => {
  it('a new account (nothing on file) holds at most HOLD_VALUE_OTHER_CARDS; nothing is reserved past it', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await priced(2000, 2, 100);
    const units = Math.ceil(25_001 / product.priceCents);
    const id = await readyDraft(t, shopper, product.id, units);
    const refused = await as('PATCH', `/api/order/${id}/complete`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'hold_value_exceeded',
      params: { limit: '$250.00' },
      fields: { total: [{ code: 'hold_value_exceeded' }] },
    });
    const total = formatPrice(fromCents(units * product.priceCents));
    expect(refused.body.params).toEqual({ total, limit: '$250.00' });
    expect(refused.body.message).toBe(`This order (${total}) is more than you can pay now (up to $250.00). Remove some items.`);
    expect(await productStock(t, product.id)).toEqual({ stock: 100, reserved: 0 });
    expect(await heldBy(shopper)).toEqual([]);

    // One unit fewer than $250 places.
    const fits = Math.floor(25_000 / product.priceCents);
    expect((await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: fits })).status).toBe(200);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
  });

  it('counts the allowance left on the cards on file and the store balance', async () => {
    const product = await priced(2000, 3);
    const units = Math.ceil(40_000 / product.priceCents);
    const value = units * product.priceCents;
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const id = await readyDraft(t, shopper, product.id, units);
    expect((await as('PATCH', `/api/order/${id}/complete`)).body.code).toBe('hold_value_exceeded');
    // A benefit card on file with the allowance left that makes up the difference, less a cent.
    const db = t.database.db;
    await db.insert(cards).values({
      customerId: shopper.id,
      type: 'network',
      last4: '0001',
      fingerprint: `test-${shopper.id}`,
      balanceCents: value - 25_000 - 101,
    });
    expect((await as('PATCH', `/api/order/${id}/complete`)).body).toMatchObject({
      code: 'hold_value_exceeded',
      params: { limit: formatPrice(fromCents(value - 101)) },
    });
    await db.execute(sql`UPDATE customers SET balance_cents = 100 WHERE id = ${shopper.id}`);
    expect((await as('PATCH', `/api/order/${id}/complete`)).body.code).toBe('hold_value_exceeded');
    await db.execute(sql`UPDATE customers SET balance_cents = 101 WHERE id = ${shopper.id}`);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
  });

  it('two places of one customer at once never both hold (the customer lock of complete)', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await priced(1000, 4, 100);
    const id = await readyDraft(t, shopper, product.id, Math.floor(25_000 / product.priceCents));
    const answers = await Promise.all([
      as('PATCH', `/api/order/${id}/complete`),
      as('PATCH', `/api/order/${id}/complete`),
      as('PATCH', `/api/order/${id}/complete`),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const held = await heldBy(shopper);
    expect(held).toHaveLength(1);
    expect(held[0]!.totalCents).toBeLessThanOrEqual(25_000);
    // Back to the cart and placed again from two tabs at once: still one hold, never two.
    expect((await as('PATCH', `/api/order/${id}/back-to-draft`)).status).toBe(200);
    const again = await Promise.all([as('PATCH', `/api/order/${id}/complete`), as('PATCH', `/api/order/${id}/complete`)]);
    expect(again.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await heldBy(shopper)).toHaveLength(1);
  });
});

describe('a hold that ended is not renewed at once', () => {
  it('ended: the same items wait HOLD_COOLDOWN_MINUTES (hold_cooldown names the rows and when); then a new hold', async () => {
    expect(t.app.services.config.holdCooldownMs).toBe(COOLDOWN);
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await priced(1000, 5);
    const other = await priced(1000, 6);
    const id = await readyDraft(t, shopper, product.id, 3);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    t.clock.advance(HOLD);
    const endedAt = t.clock.now().getTime();
    // Back in the cart (the first read sweeps it), with another item added.
    expect((await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: other.id, amount: 1 })).status).toBe(409);
    expect((await as('POST', '/api/order/prepare-draft', {})).body).toMatchObject({ id, status: 0 });
    expect((await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: other.id, amount: 1 })).status).toBe(200);

    t.clock.advance(COOLDOWN - MINUTE - 1000);
    const refused = await as('PATCH', `/api/order/${id}/complete`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'hold_cooldown',
      params: { minutes: 2, until: new Date(endedAt + COOLDOWN).toISOString() },
      message: 'Some items were held by an order you did not pay. You can order them again in 2 min.',
      fields: { 'rows.0.sku_id': [{ code: 'hold_cooldown' }] },
    });
    // Only the held item is named; nothing was reserved.
    expect(Object.keys(refused.body.fields as object)).toEqual(['rows.0.sku_id']);
    expect(await productStock(t, product.id)).toEqual({ stock: 100, reserved: 0 });

    // Without that item the order places at once; another customer holds it at once too.
    const someoneElse = await makeShopper(t);
    const theirs = await readyDraft(t, someoneElse, product.id, 3);
    expect((await shopperApi(t, someoneElse)('PATCH', `/api/order/${theirs}/complete`)).status).toBe(200);

    t.clock.advance(MINUTE + 1000);
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status).toBe(200);
    expect((await heldBy(shopper))[0]!.payableUntil!.getTime()).toBe(t.clock.now().getTime() + HOLD);
  });

  it('taken back to the cart early: placed again at once, the hold keeps its end; once over, the cooldown', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await priced(1000, 7);
    const id = await readyDraft(t, shopper, product.id, 3);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    const end = (await heldBy(shopper))[0]!.payableUntil!.getTime();

    t.clock.advance(20 * MINUTE);
    expect((await as('PATCH', `/api/order/${id}/back-to-draft`)).status).toBe(200);
    expect((await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 4 })).status).toBe(200);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    // Not a new 30 minutes: the first hold's end.
    expect((await heldBy(shopper))[0]!.payableUntil!.getTime()).toBe(end);
    expect(await productStock(t, product.id)).toEqual({ stock: 100, reserved: 4 });

    t.clock.advance(10 * MINUTE);
    expect((await as('POST', '/api/order/prepare-draft', {})).body).toMatchObject({ id, status: 0 });
    expect((await as('PATCH', `/api/order/${id}/complete`)).body).toMatchObject({ code: 'hold_cooldown', params: { minutes: 10 } });
  });

  it('cancelled unpaid: the same items wait the cooldown (es text)', async () => {
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const product = await priced(1000, 8);
    const id = await readyDraft(t, shopper, product.id, 3);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    t.clock.advance(5 * MINUTE);
    expect((await as('POST', `/api/order/${id}/cancel`)).status).toBe(200);
    const again = await readyDraft(t, shopper, product.id, 3);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${again}/complete`,
      headers: { authorization: `Bearer ${(await t.app.services.tokens.issue(shopper.id, 'x@example.com')).token}`, 'accept-language': 'es' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'hold_cooldown',
      params: { minutes: 10 },
      message: 'Algunos productos estaban reservados en un pedido que no pagó. Podrá pedirlos de nuevo en 10 min.',
    });
    t.clock.advance(COOLDOWN);
    expect((await as('PATCH', `/api/order/${again}/complete`)).status).toBe(200);
    expect((await as('POST', `/api/order/${again}/pay`, PAY)).status).toBe(200);
  });

  it('forgets ended holds once their cooldown is over (the sweep)', async () => {
    const shopper = await makeShopper(t);
    const product = await priced(1000, 9);
    const id = await readyDraft(t, shopper, product.id, 3);
    expect((await shopperApi(t, shopper)('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    expect((await shopperApi(t, shopper)('PATCH', `/api/order/${id}/back-to-draft`)).status).toBe(200);
    const rows = async () =>
      (await t.database.db.select({ n: count() }).from(heldItems).where(eq(heldItems.customerId, shopper.id)))[0]?.n;
    expect(await rows()).toBe(1);
    t.clock.advance(HOLD + COOLDOWN + 1000);
    await t.app.services.orders.sweepHolds();
    expect(await rows()).toBe(0);
  });
});

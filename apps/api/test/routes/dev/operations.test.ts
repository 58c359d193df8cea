/**
 * The operations of the `ops` command over HTTP, for the end-to-end suites (devOnly routes):
 * POST /api/dev/orders/{id}/advance and PUT /api/dev/products/{id}/stock. They run the same
 * services as `ops order:advance` / `ops stock:set`, exist only outside production, and answer
 * loopback clients only (as every devOnly route, the outbox included).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@otc/sdk';
import { DEV_STOCK_MAX, devAdvanceAnswerSchema, devStockAnswerSchema } from '@otc/sdk/schemas';
import { orderEvents } from '../../../src/db/schema.js';
import { runOrderCommand } from '../../../src/services/order-commands.js';
import { TEST_SECRET, buildTestApp, call, testConfig, type TestApp } from '../../helpers.js';
import { api, makeShopper, productStock, readyDraft, stockedProduct } from '../orders/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const TRNSX = { code: 'trnsx', input: { card: '6035000000000001', code: '123' } };

/** A placed order of 3 units (paid with the approving sandbox card unless `pay` is false). */
async function placedOrder(skip: number, pay = true) {
  const product = await stockedProduct(t, 'cl1', 10, 1000, skip);
  const buyer = await makeShopper(t);
  const as = api(t.app, buyer.token);
  const id = await readyDraft(t, buyer, product.id, 3);
  expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
  if (pay) expect((await as('POST', `/api/order/${id}/pay`, TRNSX)).status).toBe(200);
  return { id, product, as };
}

const advance = (id: number | string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  call(t.app, { method: 'POST', url: `/api/dev/orders/${id}/advance`, ...options });

const setStock = (id: number | string, payload: unknown, options: { remoteAddress?: string } = {}) =>
  call(t.app, { method: 'PUT', url: `/api/dev/products/${id}/stock`, payload: payload as object, ...options });

async function eventRows(orderId: number) {
  const rows = await t.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map((e) => [e.status, e.note]);
}

describe('POST /api/dev/orders/{id}/advance', () => {
  it('walks packaging, shipped with a tracking number, delivered, then answers 409', async () => {
    const { id, as } = await placedOrder(20);
    const placed = await as('GET', `/api/order/${id}`);

    const packaging = await advance(id);
    expect(packaging.status).toBe(200);
    expect(devAdvanceAnswerSchema.parse(packaging.body)).toEqual({
      id,
      number: placed.body.number,
      status: 10,
      trackingCarrier: null,
      trackingNumber: null,
    });

    const shipped = await advance(id);
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ id, status: 20, trackingCarrier: 'UPS' });
    const trackingNumber = String(shipped.body.trackingNumber);
    expect(trackingNumber).toMatch(/^1Z\d{14}$/);
    const detail = await as('GET', `/api/order/${id}`);
    expect(detail.body).toMatchObject({ status: 20, tracking: { carrier: 'UPS', number: trackingNumber } });

    const delivered = await advance(id);
    expect(delivered.body).toMatchObject({ id, status: 30, trackingNumber });
    expect((await as('GET', `/api/order/${id}`)).body.status).toBe(30);

    const again = await advance(id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict' });
    // One event per step, the shipped one naming the parcel, as `ops order:advance` records them.
    expect((await eventRows(id)).slice(-3)).toEqual([
      [10, null],
      [20, `UPS ${trackingNumber}`],
      [30, null],
    ]);
  });

  it('is the same operation as `ops order:advance`: the two take turns on one order', async () => {
    const { id } = await placedOrder(21);
    const ops = (command: string, arg: string) =>
      runOrderCommand({ db: t.database.db, clock: t.clock, config: testConfig(), secret: TEST_SECRET }, command, [arg]);
    expect(await ops('order:advance', String(id))).toMatch(/is now 10$/);
    const shipped = await advance(id);
    expect(shipped.body).toMatchObject({ status: 20, trackingCarrier: 'UPS' });
    expect(await ops('order:advance', String(id))).toMatch(/is now 30$/);
    expect((await advance(id)).status).toBe(409);
  });

  it('answers 409 for an order that cannot move (unpaid), 404 for none, 422 for a bad id', async () => {
    const unpaid = await placedOrder(22, false);
    const refused = await advance(unpaid.id, { headers: { 'accept-language': 'es' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', message: expect.stringMatching(/conflicto/) });
    expect((await unpaid.as('GET', `/api/order/${unpaid.id}`)).body.status).toBe(ORDER_STATUS.waitingForPayment);

    const missing = await advance(2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found' });

    for (const bad of ['abc', '0', '-3', '1.5', '2147483648']) {
      const res = await advance(bad);
      expect(res.status, bad).toBe(422);
      expect(res.body.fields, bad).toEqual({ id: [{ code: 'wrong_format' }] });
    }
  });
});

describe('PUT /api/dev/products/{id}/stock', () => {
  it('sets the units on hand; the catalog sells what is not reserved', async () => {
    const product = await stockedProduct(t, 'cl1', 10, 0, 30);
    const res = await setStock(product.id, { stock: 4 });
    expect(res.status).toBe(200);
    expect(devStockAnswerSchema.parse(res.body)).toMatchObject({ id: product.id, stock: 4, reserved: 0, inStock: 4 });
    expect(await productStock(t, product.id)).toEqual({ stock: 4, reserved: 0 });
    const detail = await call(t.app, { method: 'GET', url: `/api/catalog/products/${product.id}` });
    expect(detail.body.product).toMatchObject({ id: product.id, inStock: 4 });

    const none = await setStock(product.id, { stock: 0 });
    expect(none.body).toMatchObject({ stock: 0, inStock: 0 });
    const most = await setStock(product.id, { stock: DEV_STOCK_MAX });
    expect(most.body).toMatchObject({ stock: DEV_STOCK_MAX });
  });

  it('never goes below what placed orders hold (409), as `ops stock:set`', async () => {
    const { product } = await placedOrder(23, false);
    const res = await setStock(product.id, { stock: 25 });
    expect(res.body).toMatchObject({ stock: 25, reserved: 3, inStock: 22 });
    const below = await setStock(product.id, { stock: 2 });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ code: 'conflict' });
    expect(await productStock(t, product.id)).toEqual({ stock: 25, reserved: 3 });
    expect((await setStock(product.id, { stock: 3 })).body).toMatchObject({ stock: 3, inStock: 0 });
  });

  it('answers 404 for an unknown product and 422 for a stock that is not a whole number in range', async () => {
    const missing = await setStock(2_000_000_000, { stock: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found' });

    const product = await stockedProduct(t, 'cl1', 10, 0, 31);
    for (const stock of [-1, 1.5, DEV_STOCK_MAX + 1, '5', null]) {
      const res = await setStock(product.id, { stock });
      expect(res.status, String(stock)).toBe(422);
      expect(res.body.fields, String(stock)).toEqual({ stock: [{ code: stock === null ? 'required' : 'wrong_format' }] });
    }
    const empty = await setStock(product.id, {});
    expect(empty.body.fields).toEqual({ stock: [{ code: 'required' }] });
    expect((await setStock('x', { stock: 1 })).status).toBe(422);
    expect(await productStock(t, product.id)).toEqual({ stock: 10, reserved: 0 });
  });
});

describe('loopback clients only', () => {
  it('refuses a client on another machine (403), whatever X-Forwarded-For says', async () => {
    const product = await stockedProduct(t, 'cl1', 10, 0, 32);
    const { id } = await placedOrder(24);
    for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '2001:db8::1']) {
      const moved = await advance(id, { remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(moved.status, remoteAddress).toBe(403);
      expect(moved.body).toMatchObject({ code: 'forbidden' });
      expect((await setStock(product.id, { stock: 1 }, { remoteAddress })).status).toBe(403);
      const outbox = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=a@example.com', remoteAddress });
      expect(outbox.status).toBe(403);
    }
    expect(await productStock(t, product.id)).toEqual({ stock: 10, reserved: 0 });
    // Refused before validation: a remote client learns nothing of the body's shape either.
    expect((await setStock(product.id, { stock: 'x' }, { remoteAddress: '10.0.0.7' })).status).toBe(403);
    // The order did not move: its first step is still to come.
    expect((await advance(id)).body).toMatchObject({ status: 10 });
  });

  it('answers this machine over IPv4, IPv6 and IPv4-mapped IPv6', async () => {
    const product = await stockedProduct(t, 'cl1', 10, 0, 33);
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect((await setStock(product.id, { stock: 6 }, { remoteAddress })).status, remoteAddress).toBe(200);
    }
  });

  it('leaves the other routes open to every client', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/health', remoteAddress: '10.0.0.7' });
    expect(res.status).toBe(200);
  });
});

describe('production', () => {
  it('has no development operation routes', async () => {
    const prod = await buildTestApp({ seed: true, config: { nodeEnv: 'production', logLevel: 'silent', apiDocs: true } });
    try {
      const product = await stockedProduct(prod, 'cl1', 10, 0, 0);
      const moved = await call(prod.app, { method: 'POST', url: '/api/dev/orders/1/advance' });
      expect(moved.status).toBe(404);
      expect(moved.body).toMatchObject({ code: 'not_found' });
      const stock = await call(prod.app, { method: 'PUT', url: `/api/dev/products/${product.id}/stock`, payload: { stock: 1 } });
      expect(stock.status).toBe(404);
      expect(await productStock(prod, product.id)).toEqual({ stock: 10, reserved: 0 });
      expect(prod.app.hasRoute({ method: 'POST', url: '/api/dev/orders/:id/advance' })).toBe(false);
      expect(prod.app.hasRoute({ method: 'PUT', url: '/api/dev/products/:id/stock' })).toBe(false);
      // The OpenAPI document does not name them either.
      const openapi = await call(prod.app, { method: 'GET', url: '/api/openapi.json' });
      expect(Object.keys(openapi.body.paths as object).filter((path) => path.startsWith('/api/dev'))).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});

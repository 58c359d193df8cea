import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/db/schema.js';
import { runOrderCommand } from '../../../src/services/order-commands.js';
import { buildTestApp, testConfig, type TestApp } from '../../helpers.js';
import { api, makeShopper, productStock, readyDraft, stockedProduct } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const run = (command: string, ...args: string[]) =>
  runOrderCommand({ db: t.database.db, clock: t.clock, config: testConfig() }, command, args);

async function placedOrder(skip: number, pay: boolean) {
  const product = await stockedProduct(t, 'cl1', 10, 1000, skip);
  const shopper = await makeShopper(t);
  const as = api(t.app, shopper.token);
  const id = await readyDraft(t, shopper, product.id, 3);
  expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
  if (pay) {
    const paid = await as('POST', `/api/order/${id}/pay`, { code: 'trnsx', input: { card: '6035000000000001' } });
    expect(paid.status).toBe(200);
  }
  return { id, product, as };
}

describe('ops order commands', () => {
  it('order:advance walks packaging, shipped with a tracking number, delivered, then refuses', async () => {
    const { id, as } = await placedOrder(10, true);
    expect(await run('order:advance', String(id))).toMatch(/is now 10$/);
    expect(await run('order:advance', String(id))).toMatch(/is now 20 \(UPS 1Z\w+\)$/);
    expect(await run('order:advance', String(id))).toMatch(/is now 30$/);
    await expect(run('order:advance', String(id))).rejects.toThrow(/cannot advance/);
    const detail = await as('GET', `/api/order/${id}`);
    expect(detail.body).toMatchObject({ status: 30, tracking: { carrier: 'UPS' } });
    await expect(run('order:advance', 'abc')).rejects.toThrow(/order id/);
  });

  it('order:cancel releases an unpaid reservation and restocks a paid order', async () => {
    const unpaid = await placedOrder(11, false);
    expect(await productStock(t, unpaid.product.id)).toEqual({ stock: 10, reserved: 3 });
    expect(await run('order:cancel', String(unpaid.id))).toMatch(/cancelled/);
    expect(await productStock(t, unpaid.product.id)).toEqual({ stock: 10, reserved: 0 });

    const paid = await placedOrder(12, true);
    expect(await productStock(t, paid.product.id)).toEqual({ stock: 7, reserved: 0 });
    await run('order:cancel', String(paid.id));
    expect(await productStock(t, paid.product.id)).toEqual({ stock: 10, reserved: 0 });
    await expect(run('order:cancel', String(paid.id))).rejects.toThrow(/cannot be cancelled/);
    const list = await paid.as('GET', '/api/order');
    expect(list.body).toMatchObject({ items: [{ id: paid.id, status: -20 }] });
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

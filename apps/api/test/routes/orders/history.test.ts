import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { api, makeShopper, readyDraft, stockedProduct } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('order history', () => {
  it('counts the units of each order in the list, as the detail does', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const small = await stockedProduct(t, 'cl1', 50, 3000, 0);
    const other = await stockedProduct(t, 'cl1', 50, 3000, 1);

    const first = await readyDraft(t, shopper, small.id, 2);
    expect((await as('PATCH', `/api/order/${first}/complete`)).status).toBe(200);
    // One unpaid order per customer (issue 16): the first is paid before the second is placed.
    const pay = { code: 'trnsx', input: { card: '6035000000000001', code: '123' } };
    expect((await as('POST', `/api/order/${first}/pay`, pay)).status).toBe(200);

    const second = await readyDraft(t, shopper, small.id, 3);
    expect((await as('PATCH', `/api/order/${second}/sku-amount`, { sku_id: other.id, amount: 4 })).status).toBe(200);
    expect((await as('PATCH', `/api/order/${second}/complete`)).status).toBe(200);

    const list = await as('GET', '/api/order');
    expect(list.status).toBe(200);
    const counts = Object.fromEntries((list.body.items as { id: number; itemCount: number }[]).map((o) => [o.id, o.itemCount]));
    expect(counts).toEqual({ [first]: 2, [second]: 7 });
    for (const id of [first, second]) {
      const detail = await as('GET', `/api/order/${id}`);
      expect(detail.body.itemCount).toBe(counts[id]);
    }
  });
});

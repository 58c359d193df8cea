/**
 * The id-less draft writes (issue 16): adding units in one request (two tabs adding at once keep
 * both units), and the guest cart merged at sign-in on the server (never lowers or drops a draft
 * row, limits to what can be ordered, says what it did).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftMergeAnswerSchema, orderDraftSchema } from '@otc/sdk/schemas';
import { orders, products } from '../../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { api, makeShopper, readyDraft, stockedProduct } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { holdSweepMs: 0 } });
});
afterAll(async () => t?.close());

const rowsOf = (draft: { rows: { sku: { id: number }; amount: number }[] }) => draft.rows.map((r) => [r.sku.id, r.amount]);

async function drafts(customerId: number) {
  return t.database.db.select().from(orders).where(eq(orders.customerId, customerId));
}

describe('reading the cart', () => {
  it('writes nothing when nothing changed (every member page reads it), and stores a new price when one did', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 5, 0, 0);
    expect((await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 2 })).status).toBe(200);
    // Row versions (PostgreSQL's xmin moves with every UPDATE, even one that writes the same values).
    const versions = async () => {
      const [draft] = await drafts(shopper.id);
      const result = await t.database.db.execute(
        sql`select xmin::text as v from orders where id = ${draft!.id} union all select xmin::text from order_rows where order_id = ${draft!.id}`,
      );
      return ((result as unknown as { rows?: { v: string }[] }).rows ?? (result as unknown as { v: string }[])).map((row) => row.v);
    };
    const before = await versions();
    expect(before.length).toBe(2);
    // Reads that change nothing write nothing.
    for (let i = 0; i < 3; i += 1) expect((await as('GET', '/api/cart')).status).toBe(200);
    await as('POST', '/api/order/prepare-draft', {});
    expect(await versions()).toEqual(before);
    // A new price is the draft's at the next read.
    await t.database.db.update(products).set({ priceCents: product.priceCents + 100 }).where(eq(products.id, product.id));
    const read = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
    const [stored] = await drafts(shopper.id);
    expect(stored!.subtotalCents).toBe((product.priceCents + 100) * 2);
    expect(read.totals.subtotal).toBe(((product.priceCents + 100) * 2 / 100).toFixed(2));
  });
});

describe('add to the draft', () => {
  it('creates the draft when none, adds on top of what it has, refuses past what can be ordered', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 5, 0, 0);
    const first = await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 2, agentId: 'agent-1' });
    expect(first.status).toBe(200);
    const draft = orderDraftSchema.parse(first.body);
    expect(rowsOf(draft)).toEqual([[product.id, 2]]);
    expect(draft.pendingOrder).toBeNull();
    const second = orderDraftSchema.parse((await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 3 })).body);
    expect(second.id).toBe(draft.id);
    expect(rowsOf(second)).toEqual([[product.id, 5]]);
    expect((await drafts(shopper.id))[0]!.agentId).toBe('agent-1');

    const over = await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 1 });
    expect(over.status).toBe(422);
    expect(over.body.fields).toEqual({ amount: [{ code: 'cannot_add_more' }] });
    const unknown = await as('POST', '/api/order/draft/items', { sku_id: 99_999_999, amount: 1 });
    expect(unknown.body.fields).toEqual({ sku_id: [{ code: 'product_not_found' }] });
    const zero = await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 0 });
    expect(zero.status).toBe(422);
    expect(rowsOf(orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body))).toEqual([[product.id, 5]]);
  });

  it('keeps every unit when tabs add at once (also while the draft is being created)', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 100, 0, 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 1 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const again = await Promise.all(
      Array.from({ length: 6 }, () => as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 2 })),
    );
    expect(again.map((a) => a.status)).toEqual(Array(6).fill(200));
    const draft = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
    // 20: MAX_UNITS_PER_ITEM, every unit of both rounds kept.
    expect(rowsOf(draft)).toEqual([[product.id, 20]]);
    expect(await drafts(shopper.id)).toHaveLength(1);

    // At the edge of stock, parallel adds take exactly what is left.
    const scarce = await stockedProduct(t, 'cl1', 5, 0, 2);
    const race = await Promise.all(
      Array.from({ length: 8 }, () => as('POST', '/api/order/draft/items', { sku_id: scarce.id, amount: 1 })),
    );
    expect(race.filter((a) => a.status === 200)).toHaveLength(5);
    expect(race.filter((a) => a.status === 422)).toHaveLength(3);
    const after = orderDraftSchema.parse((await as('POST', '/api/order/prepare-draft', {})).body);
    expect(after.rows.find((r) => r.sku.id === scarce.id)?.amount).toBe(5);
  });

  it("answers the customer's unpaid order with the draft", async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 20, 1000, 3);
    const id = await readyDraft(t, shopper, product.id, 3);
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status).toBe(200);
    expect(placed.body.pendingOrder).toBeNull();
    const added = orderDraftSchema.parse((await as('POST', '/api/order/draft/items', { sku_id: product.id, amount: 1 })).body);
    expect(added.pendingOrder).toMatchObject({ id, number: placed.body.number, itemCount: 3, total: placed.body.price });
    // Every draft answer carries it, the id-based writes too.
    const set = orderDraftSchema.parse((await as('PATCH', `/api/order/${added.id}/sku-amount`, { sku_id: product.id, amount: 2 })).body);
    expect(set.pendingOrder?.id).toBe(id);
  });
});

describe('merge the guest cart into the draft', () => {
  it('never lowers or drops a draft row, limits to stock, drops what cannot be ordered, says what it did', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const kept = await stockedProduct(t, 'cl1', 10, 0, 10);
    const scarce = await stockedProduct(t, 'cl1', 10, 0, 11);
    const inactive = await stockedProduct(t, 'cl1', 10, 0, 12);
    const fresh = await stockedProduct(t, 'cl1', 10, 0, 13);
    const empty = await stockedProduct(t, 'cl1', 0, 0, 14);
    const draft = orderDraftSchema.parse((await as('POST', '/api/order/draft/items', { sku_id: kept.id, amount: 5 })).body);
    await as('POST', '/api/order/draft/items', { sku_id: scarce.id, amount: 1 });
    // Since then: only 2 of `kept` left (the draft holds more: it stays), 4 of `scarce`, one inactive.
    await t.database.db.update(products).set({ stock: 2 }).where(eq(products.id, kept.id));
    await t.database.db.update(products).set({ stock: 4 }).where(eq(products.id, scarce.id));
    await t.database.db.update(products).set({ status: 0 }).where(eq(products.id, inactive.id));

    const res = await as('POST', '/api/order/draft/merge', {
      rows: [
        { sku_id: kept.id, amount: 8 },
        { sku_id: scarce.id, amount: 10 },
        { sku_id: inactive.id, amount: 1 },
        { sku_id: 99_999_999, amount: 2 },
        { sku_id: empty.id, amount: 1 },
        { sku_id: fresh.id, amount: 3 },
        { sku_id: fresh.id, amount: 2 },
      ],
    });
    expect(res.status).toBe(200);
    const merged = draftMergeAnswerSchema.parse(res.body);
    expect(merged.draft.id).toBe(draft.id);
    expect(rowsOf(merged.draft)).toEqual([
      [kept.id, 5],
      [scarce.id, 4],
      [fresh.id, 3],
    ]);
    expect(merged).toMatchObject({
      changed: true,
      added: [fresh.id],
      raised: [scarce.id],
      limited: [
        { sku_id: kept.id, amount: 5, wanted: 8 },
        { sku_id: scarce.id, amount: 4, wanted: 10 },
      ],
      dropped: [
        { sku_id: inactive.id, amount: 1, reason: 'cannot_add_more' },
        { sku_id: 99_999_999, amount: 2, reason: 'product_not_found' },
        { sku_id: empty.id, amount: 1, reason: 'cannot_add_more' },
      ],
    });
    // The draft row above stock shows as out of stock; the customer decides.
    expect(merged.draft.rows[0]!.badReasonCode).toBe(1);

    const nothing = draftMergeAnswerSchema.parse((await as('POST', '/api/order/draft/merge', { rows: [] })).body);
    expect(nothing).toMatchObject({ changed: false, added: [], raised: [], limited: [], dropped: [] });
    expect(rowsOf(nothing.draft)).toEqual(rowsOf(merged.draft));
  });

  it('creates the draft when none; a smaller guest amount changes nothing', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 10, 0, 20);
    const first = draftMergeAnswerSchema.parse(
      (await as('POST', '/api/order/draft/merge', { rows: [{ sku_id: product.id, amount: 4 }], agentId: 'agent-2' })).body,
    );
    expect(first).toMatchObject({ changed: true, added: [product.id], raised: [], limited: [], dropped: [] });
    expect(rowsOf(first.draft)).toEqual([[product.id, 4]]);
    const smaller = draftMergeAnswerSchema.parse(
      (await as('POST', '/api/order/draft/merge', { rows: [{ sku_id: product.id, amount: 1 }] })).body,
    );
    expect(smaller).toMatchObject({ changed: false, added: [], raised: [] });
    expect(rowsOf(smaller.draft)).toEqual([[product.id, 4]]);
    expect(await drafts(shopper.id)).toHaveLength(1);
  });
});

// GET /api/customer/suggested-basket (issue 31): coverage, stock, the allowance left, the minimum
// order, bought before first, the plan's staples, empty with a reason, and what is not covered any more.
import { eq } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import { basketReasonText } from '@otc/sdk/rules';
import { suggestedBasketSchema } from '@otc/sdk/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../src/db/schema.js';
import { bearer, buildTestApp, call, type TestApp } from '../../helpers.js';
import { makeMember, makeOrder, makeWorld, type ProductSpec } from './basket-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const PERIOD_END = '2026-12-31';

async function basketOf(customerId: number, lang: 'en' | 'es' = 'en') {
  const { token } = await t.app.services.tokens.issue(customerId, `m${customerId}@example.com`);
  const res = await call(t.app, {
    method: 'GET',
    url: '/api/customer/suggested-basket',
    headers: { ...bearer(token), 'accept-language': lang },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return suggestedBasketSchema.parse(res.body);
}

/** A: bought 3 times; B: once, last; C: bought, out of stock; D: bought, not covered; E: the plan's members buy it; F: a plan item; G: too dear. */
const SHOP: ProductSpec[] = [
  { key: 'A', priceCents: 500, stock: 10, covered: true },
  { key: 'B', priceCents: 800, stock: 10, covered: true },
  { key: 'C', priceCents: 400, stock: 0, covered: true },
  { key: 'D', priceCents: 600, stock: 10, covered: false },
  { key: 'E', priceCents: 300, stock: 10, covered: true },
  { key: 'F', priceCents: 200, stock: 10, covered: true },
  { key: 'G', priceCents: 10_000, stock: 10, covered: true },
];

async function shopWithHistory(balanceCents = 4_000) {
  const db = t.database.db;
  const world = await makeWorld(db, SHOP);
  const { A, B, C, D, E, G } = world.ids as Record<string, number>;
  const member = await makeMember(db, { planId: world.plan.id, card: { balanceCents, periodEndsAt: PERIOD_END } });
  await makeOrder(db, member, ORDER_STATUS.delivered, '2026-06-10', { [A!]: 2, [D!]: 1 });
  await makeOrder(db, member, ORDER_STATUS.delivered, '2026-07-05', { [A!]: 2, [C!]: 1 });
  await makeOrder(db, member, ORDER_STATUS.shipped, '2026-08-20', { [A!]: 2, [B!]: 1 });
  // Not bought: a cancelled order and the open draft.
  await makeOrder(db, member, ORDER_STATUS.cancelled, '2026-09-01', { [G!]: 1 });
  // Another member of the plan buys E most.
  const other = await makeMember(db, { planId: world.plan.id });
  await makeOrder(db, other, ORDER_STATUS.delivered, '2026-05-01', { [E!]: 5 });
  return { world, member };
}

describe('the suggested basket', () => {
  it('puts what the member bought first (most often, most recent), then the plan staples, within the allowance and up to the minimum order', async () => {
    const { world, member } = await shopWithHistory();
    const { A, B, E, F, D } = world.ids as Record<string, number>;
    const basket = await basketOf(member);
    expect(basket).toMatchObject({
      plan: { code: world.plan.code, name: world.plan.name },
      allowanceLeft: '40.00',
      periodEndsAt: PERIOD_END,
      minimumOrder: '25.00',
      empty: null,
    });
    // A (3 orders, 2 a time), B (1 order), then E (the plan's most bought), F (catalog order);
    // C is out of stock, D not covered, G does not fit. 23.00 is under the minimum: one more A.
    expect(basket.items.map((row) => [row.product.id, row.amount])).toEqual([
      [A, 3],
      [B, 1],
      [E, 1],
      [F, 1],
    ]);
    expect(basket.total).toBe('28.00');
    expect(basket.reachesMinimum).toBe(true);
    expect(basket.items.every((row) => row.product.coveredByPlan === true && row.product.inStock > 0)).toBe(true);
    expect(basket.items[0]?.reason).toEqual({ code: 'bought_before', params: { month: '2026-08', times: 3 } });
    expect(basket.items[2]?.reason).toEqual({ code: 'popular_with_plan', params: { plan: world.plan.name } });
    expect(basket.items[0]?.subtotal).toBe('15.00');
    expect(basket.notCovered).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ id: D, name: 'Item D', coveredByPlan: false }),
        lastBoughtOn: '2026-06-10',
        reason: { code: 'not_covered_by_plan', params: { plan: world.plan.name } },
      }),
    ]);
    // The SDK turns the codes into words.
    expect(basketReasonText(basket.items[0]!.reason, 'en', new Date('2026-12-01'))).toBe('You bought this in August');
  });

  it("answers in the request's language", async () => {
    const { world, member } = await shopWithHistory();
    const basket = await basketOf(member, 'es');
    expect(basket.items[0]?.product.name).toBe('Artículo A');
    expect(basket.notCovered[0]?.product.name).toBe('Artículo D');
    expect(basketReasonText(basket.items[0]!.reason, 'es', new Date('2026-12-01'))).toBe('Lo compró en agosto');
    expect(basket.plan?.code).toBe(world.plan.code);
  });

  it('never goes over the allowance left; below the minimum order it says so', async () => {
    const { world, member } = await shopWithHistory(1_400);
    const { A, B } = world.ids as Record<string, number>;
    const basket = await basketOf(member);
    // 2 × A (10.00), B (8.00) does not fit in the 4.00 left, E (3.00) does.
    expect(basket.items.map((row) => [row.product.id, row.amount])).toEqual([
      [A, 2],
      [world.ids.E, 1],
    ]);
    expect(basket.items.map((row) => row.product.id)).not.toContain(B);
    expect(basket.total).toBe('13.00');
    expect(basket.reachesMinimum).toBe(false);
  });

  it('follows stock: an item sold out since is left out, and amounts never pass what is available', async () => {
    const db = t.database.db;
    const world = await makeWorld(db, [
      { key: 'A', priceCents: 500, stock: 1, covered: true },
      { key: 'B', priceCents: 500, stock: 0, covered: true },
      { key: 'X', priceCents: 500, stock: 10, covered: true, status: 0 },
    ]);
    const member = await makeMember(db, { planId: world.plan.id, card: { balanceCents: 10_000, periodEndsAt: PERIOD_END } });
    await makeOrder(db, member, ORDER_STATUS.delivered, '2026-10-01', { [world.ids.A!]: 4, [world.ids.B!]: 2, [world.ids.X!]: 1 });
    const basket = await basketOf(member);
    expect(basket.items.map((row) => [row.product.id, row.amount])).toEqual([[world.ids.A, 1]]);
    expect(basket.reachesMinimum).toBe(false);
  });

  it("without any order of the plan yet, takes the plan's items category by category in turn", async () => {
    const db = t.database.db;
    const world = await makeWorld(db, [
      { key: 'X1', priceCents: 300, stock: 5, covered: true },
      { key: 'X2', priceCents: 300, stock: 5, covered: true },
      { key: 'X3', priceCents: 300, stock: 5, covered: true },
      { key: 'Y1', priceCents: 300, stock: 5, covered: true, second: true },
    ]);
    const member = await makeMember(db, { planId: world.plan.id, card: { balanceCents: 1_200, periodEndsAt: PERIOD_END } });
    const basket = await basketOf(member);
    const { X1, X2, X3, Y1 } = world.ids as Record<string, number>;
    expect(basket.items.map((row) => row.product.id)).toEqual([X1, Y1, X2, X3]);
  });

  it('is empty with a reason: no plan, no allowance, nothing in stock, nothing that fits', async () => {
    const db = t.database.db;
    const noPlan = await makeMember(db, { planId: null, card: { balanceCents: 5_000, periodEndsAt: PERIOD_END } });
    expect((await basketOf(noPlan)).empty).toEqual({ code: 'basket_no_plan', params: {} });

    const world = await makeWorld(db, [{ key: 'A', priceCents: 500, stock: 5, covered: true }]);
    const spent = await makeMember(db, { planId: world.plan.id, card: { balanceCents: 0, periodEndsAt: PERIOD_END } });
    expect(await basketOf(spent)).toMatchObject({ items: [], empty: { code: 'basket_no_allowance' }, allowanceLeft: '0.00' });

    const poor = await makeMember(db, { planId: world.plan.id, card: { balanceCents: 300, periodEndsAt: PERIOD_END } });
    expect(await basketOf(poor)).toMatchObject({ items: [], total: '0.00', empty: { code: 'basket_nothing_fits' } });

    const soldOut = await makeWorld(db, [{ key: 'A', priceCents: 500, stock: 0, covered: true }]);
    const waiting = await makeMember(db, { planId: soldOut.plan.id, card: { balanceCents: 5_000, periodEndsAt: PERIOD_END } });
    expect((await basketOf(waiting)).empty?.code).toBe('basket_nothing_available');
  });

  it('reads the store balance when there is no card (no period end), as the header does', async () => {
    const db = t.database.db;
    const world = await makeWorld(db, [{ key: 'A', priceCents: 500, stock: 5, covered: true }]);
    const member = await makeMember(db, { planId: world.plan.id });
    await db.update(customers).set({ balanceCents: 1200 }).where(eq(customers.id, member));
    const basket = await basketOf(member);
    expect(basket).toMatchObject({ allowanceLeft: '12.00', periodEndsAt: null, total: '5.00', reachesMinimum: false });
  });

  it('needs a signed-in member', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/customer/suggested-basket' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});

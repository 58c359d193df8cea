// A guest's cart says what the plan they chose does not cover (issue 33, item 1): the `otc_plan`
// cookie (issue 29) is the guest owner's plan, read by the one coverage rule of every draft.
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthPlans, productPlans, products } from '../../../src/db/schema.js';
import { buildTestApp, call, setCookieOf, type TestApp } from '../../helpers.js';
import { stockedProduct } from './fixtures.js';

let t: TestApp;
let covered: number;
let notCovered: number;
const SHOP = 'http://shop.test';

beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { publicUrl: SHOP } });
  covered = (await stockedProduct(t, 'cl1', 50)).id;
  // A product Clear Living One does not cover.
  const cl1 = t.database.db.select({ id: productPlans.productId }).from(productPlans)
    .innerJoin(healthPlans, eq(healthPlans.id, productPlans.planId)).where(eq(healthPlans.code, 'cl1'));
  const [row] = await t.database.db.select({ id: products.id }).from(products)
    .where(and(notInArray(products.id, cl1), sql`${products.status} IS NULL`)).orderBy(products.id).limit(1);
  notCovered = row!.id;
  await t.database.db.update(products).set({ stock: 50, reserved: 0 }).where(eq(products.id, notCovered));
});
afterAll(async () => t?.close());

type Row = { sku: { id: number }; badReasonCode: number | null };
const reasons = (draft: unknown) =>
  Object.fromEntries(((draft as { rows: Row[] }).rows ?? []).map((r) => [r.sku.id, r.badReasonCode]));

async function guestWith(plan: string | null) {
  const planCookie = plan ? `otc_plan=${plan}` : '';
  const first = await call(t.app, {
    method: 'POST',
    url: '/api/order/draft/items',
    headers: { origin: SHOP, ...(planCookie ? { cookie: planCookie } : {}) },
    payload: { sku_id: notCovered, amount: 1 },
  });
  expect(first.status).toBe(200);
  const cart = `otc_cart=${setCookieOf(first.response, 'otc_cart')!.value}`;
  const csrf = String(first.response.headers['x-csrf-token']);
  const add = await call(t.app, {
    method: 'POST',
    url: '/api/order/draft/items',
    headers: { origin: SHOP, cookie: [cart, planCookie].filter(Boolean).join('; '), 'x-csrf-token': csrf },
    payload: { sku_id: covered, amount: 1 },
  });
  expect(add.status).toBe(200);
  const read = (cookie: string) => call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: [cart, cookie].filter(Boolean).join('; ') } });
  return { first, add, read };
}

describe("a guest's cart and the plan they chose", () => {
  it('marks the rows the chosen plan does not cover, as a member cart does (2), and counts only the others', async () => {
    const { first, add, read } = await guestWith('cl1');
    expect(reasons(first.body)).toEqual({ [notCovered]: 2 });
    expect(reasons(add.body)).toEqual({ [notCovered]: 2, [covered]: null });
    const cart = await read('otc_plan=cl1');
    expect(reasons(cart.body.draft)).toEqual({ [notCovered]: 2, [covered]: null });
    const prices = (cart.body.draft as { rows: { sku: { id: number }; price: string }[]; totals: { subtotal: string } });
    expect(prices.totals.subtotal).toBe(prices.rows.find((r) => r.sku.id === covered)!.price);
  });

  it('marks nothing without a plan, and follows the cookie when it changes or goes', async () => {
    const { add, read } = await guestWith(null);
    expect(reasons(add.body)).toEqual({ [notCovered]: null, [covered]: null });
    expect(reasons((await read('otc_plan=cl1')).body.draft)).toEqual({ [notCovered]: 2, [covered]: null });
    expect(reasons((await read('')).body.draft)).toEqual({ [notCovered]: null, [covered]: null });
  });

  it('an unknown or malformed plan code is no plan', async () => {
    const { read } = await guestWith(null);
    expect(reasons((await read('otc_plan=nope')).body.draft)).toEqual({ [notCovered]: null, [covered]: null });
    expect(reasons((await read('otc_plan=%27x')).body.draft)).toEqual({ [notCovered]: null, [covered]: null });
  });
});

describe('chooseGuestPlan', () => {
  it('keeps a known plan in the otc_plan cookie (a year, SameSite=Lax, readable by the page)', async () => {
    const res = await call(t.app, { method: 'PUT', url: '/api/guest-plan', headers: { origin: SHOP }, payload: { code: ' CL1 ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'cl1' });
    const cookie = setCookieOf(res.response, 'otc_plan')!;
    expect(cookie.value).toBe('cl1');
    expect(cookie.attributes).toEqual(['Path=/', `Max-Age=${365 * 24 * 60 * 60}`, 'SameSite=Lax']);
  });

  it('refuses a plan the shop does not know (plan_not_found on the code) and sets nothing', async () => {
    const res = await call(t.app, { method: 'PUT', url: '/api/guest-plan', headers: { origin: SHOP }, payload: { code: 'nope' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('plan_not_found');
    expect(setCookieOf(res.response, 'otc_plan')).toBeFalsy();
  });

  it('an empty code forgets the plan', async () => {
    const res = await call(t.app, { method: 'PUT', url: '/api/guest-plan', headers: { origin: SHOP, cookie: 'otc_plan=cl1' }, payload: { code: '' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: null });
    expect(setCookieOf(res.response, 'otc_plan')!.attributes).toContain('Max-Age=0');
  });
});

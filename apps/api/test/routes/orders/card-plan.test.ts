/**
 * Coverage is decided by the money that pays (issue 32, item 5): a benefit card pays only for the
 * items its own plan covers, checked at pay; the customer's saved plan is what the shop shows and
 * unlocks nothing at pay. A refused pay names the items (`card_plan_does_not_cover`, params
 * `{ plan, items }`, each row under `rows.N.sku_id`), charges and changes nothing, and the order
 * stays payable another way. Credit cards and the store balance pay for anything.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@otc/sdk/rules';
import { payments, products, sandboxAccounts } from '../../../src/db/schema.js';
import { bearer, buildTestApp, call, type TestApp } from '../../helpers.js';
import { makeShopper, productStock, shopperApi, type Shopper } from './fixtures.js';

/** Sandbox cards of one plan each (SANDBOX_CARDS). */
const CL1_CARD = { code: 'trnsx', input: { card: '6035000000000209', code: '123' } };
const EP_CARD = { code: 'nationsbenefits', input: { card: '6036000000000209', code: '456' } };
const UHC_S3 = { type: 's3', number: '6037000000000209', code: '789' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    seed: true,
    config: { holdSweepMs: 0, paymentMethods: ['trnsx', 'nationsbenefits', 'prohealth', 'balance'] },
  });
});
afterAll(async () => t?.close());

const covered = (plan: string) =>
  sql`EXISTS (SELECT 1 FROM product_plans pp JOIN health_plans hp ON hp.id = pp.plan_id WHERE pp.product_id = ${products.id} AND hp.code = ${plan})`;

/** An active product (price at least $10) covered by the plans `yes` and by none of `no`, with 100 units. */
async function productOf(yes: string[], no: string[], skip = 0) {
  const [row] = await t.database.db
    .select({ id: products.id, nameEn: products.nameEn, nameEs: products.nameEs })
    .from(products)
    .where(
      and(
        isNull(products.status),
        sql`${products.priceCents} >= 1000`,
        ...yes.map((plan) => covered(plan)),
        ...no.map((plan) => sql`NOT ${covered(plan)}`),
      ),
    )
    .orderBy(products.id)
    .offset(skip)
    .limit(1);
  if (!row) throw new Error(`no product covered by ${yes.join()} and not by ${no.join()}`);
  await t.database.db.update(products).set({ stock: 100, reserved: 0 }).where(eq(products.id, row.id));
  return row;
}

async function ledger(digits: string) {
  const [account] = await t.database.db
    .select({ balanceCents: sandboxAccounts.balanceCents })
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.fingerprint, t.app.services.cardFingerprint(digits)));
  return account!.balanceCents;
}

/** Places an order of these rows (3 units each) for the shopper; answers its id and total in cents. */
async function placed(shopper: Shopper, rows: { id: number }[]) {
  const as = shopperApi(t, shopper);
  const draft = await as('POST', '/api/order/prepare-draft', {});
  const id = Number(draft.body.id);
  const put = await as('PUT', `/api/order/${id}/items`, { rows: rows.map((row) => ({ sku_id: row.id, amount: 3 })) });
  expect(put.status).toBe(200);
  expect((await as('PUT', '/api/order/delivery', { addressId: shopper.addressId })).status).toBe(200);
  const done = await as('PATCH', `/api/order/${id}/complete`);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { id, totalCents: toCents((done.body.totals as { total: string }).total), as };
}

const paymentRows = async (orderId: number) =>
  (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId)))[0]!.n;

describe('a benefit card pays only for what its own plan covers', () => {
  it('refuses naming the items it does not cover; nothing is charged or changed; another card pays', async () => {
    const shopper = await makeShopper(t, { plan: 'cl1' });
    const both = await productOf(['cl1', 'ep'], []);
    const cl1Only = await productOf(['cl1'], ['ep']);
    const order = await placed(shopper, [both, cl1Only]);
    const before = { ep: await ledger(EP_CARD.input.card), stock: await productStock(t, cl1Only.id) };

    const refused = await order.as('POST', `/api/order/${order.id}/pay`, EP_CARD);
    expect(refused.status).toBe(422);
    const params = { plan: 'Evergreen Plus', items: cl1Only.nameEn };
    expect(refused.body).toMatchObject({
      code: 'card_plan_does_not_cover',
      params,
      message: `Your card's plan (Evergreen Plus) does not cover: ${cl1Only.nameEn}. Nothing was charged. Pay another way or remove them.`,
    });
    expect(refused.body.fields).toEqual({ 'rows.1.sku_id': [{ code: 'card_plan_does_not_cover', params }] });
    expect(await ledger(EP_CARD.input.card)).toBe(before.ep);
    expect(await productStock(t, cl1Only.id)).toEqual(before.stock);
    expect(await paymentRows(order.id)).toBe(0);
    expect((await order.as('GET', `/api/order/${order.id}`)).body).toMatchObject({ status: -10, payment: null });

    // In Spanish, with the names in Spanish.
    const es = await call(t.app, {
      method: 'POST',
      url: `/api/order/${order.id}/pay`,
      headers: { ...bearer((await t.app.services.tokens.issue(shopper.id, 'x@example.com')).token), 'accept-language': 'es' },
      payload: EP_CARD,
    });
    expect(es.body).toMatchObject({
      code: 'card_plan_does_not_cover',
      message: `El plan de su tarjeta (Evergreen Plus) no cubre: ${cl1Only.nameEs}. No se cobró nada. Pague de otra forma o quítelos.`,
    });

    const cl1Before = await ledger(CL1_CARD.input.card);
    const paid = await order.as('POST', `/api/order/${order.id}/pay`, CL1_CARD);
    expect(paid.status).toBe(200);
    expect(await ledger(CL1_CARD.input.card)).toBe(cl1Before - order.totalCents);
  });

  it("an account with no plan gets the card's plan: what it covers is paid, nothing else", async () => {
    const shopper = await makeShopper(t, { plan: 'none' });
    const epOnly = await productOf(['ep'], ['cl1']);
    const order = await placed(shopper, [epOnly]);
    const refused = await order.as('POST', `/api/order/${order.id}/pay`, CL1_CARD);
    expect(refused.body).toMatchObject({ code: 'card_plan_does_not_cover', params: { plan: 'Clear Living One', items: epOnly.nameEn } });
    expect(refused.body.fields).toEqual({ 'rows.0.sku_id': [{ code: 'card_plan_does_not_cover', params: { plan: 'Clear Living One', items: epOnly.nameEn } }] });
    expect((await order.as('POST', `/api/order/${order.id}/pay`, EP_CARD)).status).toBe(200);
  });

  it("switching the profile's plan before paying changes nothing about what the card pays", async () => {
    // Placed under ep with an item cl1 does not cover; the profile switched to cl1: the ep card still pays.
    const first = await makeShopper(t, { plan: 'ep' });
    const epOnly = await productOf(['ep'], ['cl1'], 1);
    const one = await placed(first, [epOnly]);
    expect((await one.as('PUT', '/api/customer/health-plan', { code: 'cl1' })).status).toBe(200);
    expect((await one.as('POST', `/api/order/${one.id}/pay`, EP_CARD)).status).toBe(200);

    // Placed under cl1 with an item ep does not cover; the profile switched to ep: the ep card still refuses it.
    const second = await makeShopper(t, { plan: 'cl1' });
    const cl1Only = await productOf(['cl1'], ['ep'], 1);
    const two = await placed(second, [cl1Only]);
    expect((await two.as('PUT', '/api/customer/health-plan', { code: 'ep' })).status).toBe(200);
    expect((await two.as('POST', `/api/order/${two.id}/pay`, EP_CARD)).body.code).toBe('card_plan_does_not_cover');
    expect((await two.as('POST', `/api/order/${two.id}/pay`, CL1_CARD)).status).toBe(200);
  });

  it("prohealth pays by the active insurance card's plan; the store balance pays for anything", async () => {
    const shopper = await makeShopper(t, { plan: 'none', balanceCents: 100_000 });
    const as = shopperApi(t, shopper);
    expect((await as('POST', '/api/insurance-card', UHC_S3)).status).toBe(200);
    const inPlan = await productOf(['uhc'], []);
    const outside = await productOf([], ['uhc']);
    const order = await placed(shopper, [inPlan, outside]);
    const refused = await as('POST', `/api/order/${order.id}/pay`, { code: 'prohealth', input: {} });
    expect(refused.body).toMatchObject({ code: 'card_plan_does_not_cover', params: { plan: 'Union Health Choice', items: outside.nameEn } });
    expect(Object.keys(refused.body.fields as object)).toEqual(['rows.1.sku_id']);
    const paid = await as('POST', `/api/order/${order.id}/pay`, { code: 'balance', input: {} });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 1 });
  });
});

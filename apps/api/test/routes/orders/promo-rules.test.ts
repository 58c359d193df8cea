/**
 * Promo codes with rules (issue 17): once per customer (Welcome10), given back when the order
 * goes back to the cart or is cancelled, a last use raced by two customers, start and end dates,
 * and a placed order keeping its discount after the code ends. On PostgreSQL
 * (TEST_DATABASE_URL) the race runs through the pool.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@otc/sdk/rules';
import { orders, products, promoCodes, promoRedemptions } from '../../../src/db/schema.js';
import { testDatabaseUrl } from '../../../src/env.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { makeShopper, productStock, readyDraft, shopperApi, stockedProduct, type Shopper } from './fixtures.js';

const MINUTE = 60_000;
/** Customers racing for a code's last use: through the pool on PostgreSQL, fewer on PGlite. */
const RACERS = testDatabaseUrl() ? 8 : 2;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { holdSweepMs: 0 } });
});
afterAll(async () => t?.close());

/** Sets a code on the shopper's draft in a language; answers the response. */
async function setCode(shopper: Shopper, orderId: number, promoCode: string | null, lang: 'en' | 'es' = 'en') {
  const { token } = await t.app.services.tokens.issue(shopper.id, `shopper${shopper.id}@example.com`);
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    payload: { promoCode },
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** A shopper's ready draft (one unit of a 30.00 product) with `code` on it. */
async function draftWithCode(shopper: Shopper, productId: number, code: string) {
  const id = await readyDraft(t, shopper, productId, 1);
  const set = await setCode(shopper, id, code);
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return id;
}

async function product(skip: number) {
  const p = await stockedProduct(t, 'cl1', 50, 0, skip);
  await t.database.db.update(products).set({ priceCents: 3000 }).where(eq(products.id, p.id));
  return p;
}

async function redemptions(promoCode: string) {
  const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, promoCode));
  const [row] = await t.database.db
    .select({ n: count() })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoId, promo!.id));
  return Number(row?.n ?? 0);
}

describe('Welcome10: once per customer', () => {
  it('refuses it on a second order (en, es), gives it back when the first is cancelled', async () => {
    const p = await product(0);
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const first = await draftWithCode(shopper, p.id, 'welcome10');
    const placed = await as('PATCH', `/api/order/${first}/complete`);
    expect(placed.status).toBe(200);
    expect(toCents((placed.body.totals as Record<string, string>).discount!)).toBe(300);

    const second = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    expect(second).not.toBe(first);
    const en = await setCode(shopper, second, 'Welcome10');
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({
      code: 'promo_code_used',
      message: 'You have already used this code.',
      data: { promoCode: ['You have already used this code.'] },
      fields: { promoCode: [{ code: 'promo_code_used' }] },
    });
    const es = await setCode(shopper, second, 'Welcome10', 'es');
    expect(es.status).toBe(422);
    expect(es.body).toMatchObject({ code: 'promo_code_used', data: { promoCode: ['Ya usó este código.'] } });

    // Another customer still may.
    const other = await makeShopper(t);
    const theirs = Number((await shopperApi(t, other)('POST', '/api/order/prepare-draft', {})).body.id);
    expect((await setCode(other, theirs, 'Welcome10')).status).toBe(200);

    // The first order cancelled: the code is this customer's again.
    expect((await as('POST', `/api/order/${first}/cancel`)).status).toBe(200);
    expect((await setCode(shopper, second, 'Welcome10')).status).toBe(200);
  });

  it('is refused at complete too when a use was recorded meanwhile, and nothing is placed', async () => {
    const p = await product(1);
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const id = await draftWithCode(shopper, p.id, 'Welcome10');
    // Another tab placed an order with the code: its use is recorded (as complete records it).
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'Welcome10'));
    const [elsewhere] = await t.database.db
      .insert(orders)
      .values({ customerId: shopper.id, status: 1, promoCode: 'Welcome10', number: `9${shopper.id}` })
      .returning();
    await t.database.db.insert(promoRedemptions).values({ orderId: elsewhere!.id, promoId: promo!.id, customerId: shopper.id });
    const before = await productStock(t, p.id);

    const refused = await as('PATCH', `/api/order/${id}/complete`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'promo_code_used', fields: { promoCode: [{ code: 'promo_code_used' }] } });
    expect(await productStock(t, p.id)).toEqual(before);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(still!.status).toBe(0);
    // The draft keeps the code but takes nothing off while it cannot be used.
    const draft = await as('PATCH', `/api/order/${id}/recalculate`);
    expect(draft.body.promoCode).toBe('Welcome10');
    expect(toCents((draft.body.totals as Record<string, string>).discount!)).toBe(0);
  });

  it('is given back when the hold ends (and by back to draft), and taken again when placed again', async () => {
    const p = await product(2);
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const id = await draftWithCode(shopper, p.id, 'Welcome10');
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    expect(await redemptions('Welcome10')).toBeGreaterThan(0);
    const mine = async () =>
      Number(
        (
          await t.database.db.select({ n: count() }).from(promoRedemptions).where(eq(promoRedemptions.customerId, shopper.id))
        )[0]?.n ?? 0,
      );
    expect(await mine()).toBe(1);

    // The hold ends: back in the cart with its code, the discount shown, the use given back.
    t.clock.advance(t.app.services.config.unpaidOrderMs);
    const back = await as('POST', '/api/order/prepare-draft', {});
    expect(back.body).toMatchObject({ id, status: 0, promoCode: 'Welcome10' });
    expect(toCents((back.body.totals as Record<string, string>).discount!)).toBe(300);
    expect(await mine()).toBe(0);

    // Placed again (after the cooldown of its ended hold, issue 32) it uses the code again; back to
    // draft gives it back again.
    t.clock.advance(t.app.services.config.holdCooldownMs);
    const again = await as('PATCH', `/api/order/${id}/complete`);
    expect(again.status).toBe(200);
    expect(toCents((again.body.totals as Record<string, string>).discount!)).toBe(300);
    expect(await mine()).toBe(1);
    expect((await as('PATCH', `/api/order/${id}/back-to-draft`)).status).toBe(200);
    expect(await mine()).toBe(0);
  });
});

describe('a code with a limit in all', () => {
  it(`${RACERS} customers completing at once with its last use: exactly one gets it`, async () => {
    await t.database.db.insert(promoCodes).values({ code: 'LAST1', percentOff: 25, maxUses: 1 });
    // Listed (the row was written behind the service's back: its cache is told), and that list is kept.
    t.app.services.settings.invalidate();
    expect((await t.app.services.settings.get()).promotions.map((x) => x.code)).toContain('LAST1');
    const p = await product(3);
    const racers: Shopper[] = [];
    for (let i = 0; i < RACERS; i += 1) racers.push(await makeShopper(t));
    const drafts: number[] = [];
    for (const shopper of racers) drafts.push(await draftWithCode(shopper, p.id, 'LAST1'));
    const before = await productStock(t, p.id);
    const results = await Promise.all(
      racers.map((shopper, i) => shopperApi(t, shopper)('PATCH', `/api/order/${drafts[i]}/complete`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(RACERS - 1);
    for (const r of refused) {
      expect(r.body).toMatchObject({
        code: 'promo_code_used_up',
        data: { promoCode: ['This code has been used as many times as it can be.'] },
      });
    }
    expect(await redemptions('LAST1')).toBe(1);
    expect(await productStock(t, p.id)).toEqual({ stock: before.stock, reserved: before.reserved + 1 });

    // A third customer is told at once; the settings no longer list it.
    const c = await makeShopper(t);
    const theirs = await readyDraft(t, c, p.id, 1);
    expect((await setCode(c, theirs, 'last1', 'es')).body).toMatchObject({
      code: 'promo_code_used_up',
      data: { promoCode: ['Este código ya se usó todas las veces permitidas.'] },
    });
    // The last use taken is announced: the settings stop listing it at once, not when their cache ends.
    expect((await t.app.services.settings.get()).promotions.map((x) => x.code)).not.toContain('LAST1');

    // The use given back (the order back to the cart) lists it again, at once.
    const winner = racers[results.findIndex((r) => r.status === 200)]!;
    expect((await shopperApi(t, winner)('PATCH', `/api/order/${drafts[results.findIndex((r) => r.status === 200)]}/back-to-draft`)).status).toBe(200);
    expect((await t.app.services.settings.get()).promotions.map((x) => x.code)).toContain('LAST1');
  });
});

describe('dates', () => {
  it('refuses a code before its start as an unknown one (no date: it would reveal the code) and after its end', async () => {
    const now = t.clock.now().getTime();
    const from = new Date(now + 2 * DAY);
    const to = new Date(now + 4 * DAY);
    await t.database.db.insert(promoCodes).values({ code: 'SOON15', percentOff: 15, validFrom: from, validTo: to });
    const p = await product(4);
    const shopper = await makeShopper(t);
    const id = await readyDraft(t, shopper, p.id, 1);

    const early = await setCode(shopper, id, 'SOON15');
    const unknown = await setCode(shopper, id, 'NOSUCH15');
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: 'promo_code_invalid', fields: { promoCode: [{ code: 'promo_code_invalid' }] } });
    // Word for word what an unknown code answers, in both languages.
    expect(early.body).toEqual(unknown.body);
    expect((await setCode(shopper, id, 'SOON15', 'es')).body).toEqual((await setCode(shopper, id, 'NOSUCH15', 'es')).body);

    t.clock.advance(3 * DAY);
    const ok = await setCode(shopper, id, 'SOON15');
    expect(ok.status).toBe(200);
    expect(toCents((ok.body.totals as Record<string, string>).discount!)).toBe(450);

    t.clock.advance(2 * DAY);
    // The draft's code has ended: nothing taken off, and complete refuses it.
    const as = shopperApi(t, shopper);
    const draft = await as('PATCH', `/api/order/${id}/recalculate`);
    expect(toCents((draft.body.totals as Record<string, string>).discount!)).toBe(0);
    const completed = await as('PATCH', `/api/order/${id}/complete`);
    expect(completed.status).toBe(422);
    expect(completed.body).toMatchObject({ code: 'promo_code_expired', data: { promoCode: ['This code has expired.'] } });
    expect((await setCode(shopper, id, 'SOON15', 'es')).body).toMatchObject({
      code: 'promo_code_expired',
      data: { promoCode: ['Este código ha vencido.'] },
    });
  });

  it('a placed order keeps its discount after the code ends or is deactivated', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'KEEP20', percentOff: 20 });
    const p = await product(5);
    const shopper = await makeShopper(t);
    const as = shopperApi(t, shopper);
    const id = await draftWithCode(shopper, p.id, 'KEEP20');
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status).toBe(200);
    expect(placed.body.totals).toMatchObject({ discount: expect.any(String) });
    expect(toCents((placed.body.totals as Record<string, string>).discount!)).toBe(600);
    expect(toCents((placed.body.totals as Record<string, string>).total!)).toBe(2400);

    await t.database.db.update(promoCodes).set({ validTo: t.clock.now() }).where(eq(promoCodes.code, 'KEEP20'));
    t.clock.advance(MINUTE);
    const ended = await as('PATCH', `/api/order/${id}/recalculate`);
    expect(ended.body.totals).toMatchObject(placed.body.totals as object);
    expect(ended.body.price).toBe(placed.body.price);

    await t.database.db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, 'KEEP20'));
    const off = await as('PATCH', `/api/order/${id}/recalculate`);
    expect(off.body.totals).toMatchObject(placed.body.totals as object);
    const detail = await as('GET', `/api/order/${id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).toContain((placed.body.totals as Record<string, string>).discount!);
  });
});

/**
 * The promo percentage has one truth, the `promo_codes` row: the order's discount and the
 * settings' list of active promotions both read it (no SDK constant is used by the API).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@otc/sdk/rules';
import { products, promoCodes, promoRedemptions } from '../../src/db/schema.js';
import { runOrderCommand } from '../../src/services/order-commands.js';
import { parsePromoDate, runPromoCommand } from '../../src/services/orders/promo-commands.js';
import { TEST_SECRET, buildTestApp, testConfig, type TestApp } from '../helpers.js';
import { api, makeShopper, readyDraft, stockedProduct } from '../routes/orders/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('promotions', () => {
  it('lists the active promotions with the percent of their row, and follows a change after the cache', async () => {
    expect((await t.app.services.settings.get()).promotions).toEqual([{ code: 'Welcome10', percent: 10 }]);
    await t.database.db.update(promoCodes).set({ percentOff: 15 }).where(eq(promoCodes.code, 'Welcome10'));
    await t.database.db.insert(promoCodes).values({ code: 'Gone5', percentOff: 5, active: false });
    t.clock.advance(31_000);
    expect((await t.app.services.settings.get()).promotions).toEqual([{ code: 'Welcome10', percent: 15 }]);
  });

  it('prices a draft with the percent of the row', async () => {
    await t.database.db.update(promoCodes).set({ percentOff: 20 }).where(eq(promoCodes.code, 'Welcome10'));
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const product = await stockedProduct(t, 'cl1', 10, 1000);
    await t.database.db.update(products).set({ priceCents: 1250 }).where(eq(products.id, product.id));
    const id = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 2 });
    const draft = await as('PATCH', `/api/order/${id}`, { promoCode: 'WELCOME10' });
    expect(draft.status).toBe(200);
    const totals = draft.body.totals as Record<string, string>;
    expect(toCents(totals.subtotal!)).toBe(2500);
    expect(toCents(totals.discount!)).toBe(500);
    expect(toCents(totals.total!)).toBe(2000);
  });
});

describe('ops promo commands', () => {
  const promo = (command: string, ...args: string[]) => runPromoCommand({ db: t.database.db, clock: t.clock }, command, args);

  it('parses UTC days (to the end of a --to day) and date-times with a zone only', () => {
    expect(parsePromoDate('2026-12-01', '--from')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(parsePromoDate('2026-12-31', '--to', true)?.toISOString()).toBe('2026-12-31T23:59:59.999Z');
    expect(parsePromoDate('2026-12-01T09:00:00-05:00', '--from')?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(parsePromoDate(undefined, '--from')).toBeNull();
    for (const bad of ['2026-02-30', '2026-12-01T09:00', 'tomorrow']) expect(() => parsePromoDate(bad, '--from')).toThrow();
  });

  it('adds a code with its rules, lists it with its uses, ends it; ops order:cancel gives a use back', async () => {
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await expect(promo('promo:add', 'Spring5')).rejects.toThrow(/--percent/);
    await expect(promo('promo:add', 'Spring5', '--percent', '101')).rejects.toThrow(/--percent/);
    await expect(promo('promo:add', 'has space', '--percent', '5')).rejects.toThrow(/without spaces/);
    await expect(promo('promo:add', 'Spring5', '--percent', '5', '--from', day(3), '--to', day(1))).rejects.toThrow(/before/);
    expect(await promo('promo:add', 'Spring5', '--percent', '5', '--to', day(10), '--per-customer', '2', '--max-uses', '3')).toMatch(
      /^added: Spring5 {2}5 % {2}active .* per customer 2 {2}uses 0\/3$/,
    );
    await expect(promo('promo:add', 'SPRING5', '--percent', '5')).rejects.toThrow(/exists/);
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'Spring5'));
    expect(row).toMatchObject({ percentOff: 5, validFrom: null, maxUsesPerCustomer: 2, maxUses: 3 });
    expect(row!.validTo!.toISOString()).toBe(`${day(10)}T23:59:59.999Z`);

    // One use by a placed order, listed; cancelled with ops order:cancel, the use is given back.
    const shopper = await makeShopper(t);
    const product = await stockedProduct(t, 'cl1', 10, 3000, 2);
    const id = await readyDraft(t, shopper, product.id, 1);
    const as = api(t.app, shopper.token);
    expect((await as('PATCH', `/api/order/${id}`, { promoCode: 'spring5' })).status).toBe(200);
    expect((await as('PATCH', `/api/order/${id}/complete`)).status).toBe(200);
    expect(await promo('promo:list')).toMatch(/^Spring5 {2}5 % {2}active .* uses 1\/3$/m);
    await runOrderCommand({ db: t.database.db, clock: t.clock, config: testConfig(), secret: TEST_SECRET }, 'order:cancel', [String(id)]);
    const [left] = await t.database.db.select({ n: count() }).from(promoRedemptions).where(eq(promoRedemptions.orderId, id));
    expect(left?.n).toBe(0);

    expect(await promo('promo:end', 'SPRING5')).toMatch(/^ended: Spring5 {2}5 % {2}ended /);
    expect(await promo('promo:end', 'Spring5')).toMatch(/had ended/);
    await expect(promo('promo:end', 'Nope')).rejects.toThrow(/not found/);
    const draft = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    expect((await as('PATCH', `/api/order/${draft}`, { promoCode: 'Spring5' })).body.code).toBe('promo_code_expired');
  });
});

/**
 * The shop's contract as scenarios, written once against the SDK client and run against both the
 * test kit (scenarios.test.ts beside it, msw) and the real API in process (apps/api/test/
 * kit-scenarios.test.ts, PGlite or PostgreSQL). Whatever the kit answers differently from the API
 * fails one of the two runs, so the kit cannot drift from the API unseen (issue 32, item 12).
 *
 * The scenarios compare what both shops must agree on: statuses, error codes, which fields an
 * answer carries, money arithmetic. Never ids, timestamps or catalog contents, which differ
 * between the kit's demo data and the API's seed: products are found through the catalog.
 */
import { expect, it } from 'vitest';
import type { Client } from '../../client/index.js';
import type { ApiError, ValidationError } from '../../errors/index.js';
import { fromCents, percentOfCents, toCents } from '../../money/index.js';
import type { ProductDetail } from '../../schemas/index.js';

/** A promo code as the operations command adds it (`ops promo:add`) or a kit seed does. */
export interface ScenarioPromoCode {
  code: string;
  percent: number;
  validFrom?: Date | null;
  validTo?: Date | null;
  maxUsesPerCustomer?: number | null;
  maxUses?: number | null;
}

/** The shop under test: its clients, and the operator's hands the contract has no route for. */
export interface ScenarioTarget {
  /**
   * A new client of the shop (its own token storage); `authMode: 'session'`, a web session's
   * client with its own cookies, as one browser (the kit's `cookieJarFetch`).
   */
  client(options?: { locale?: 'en' | 'es'; authMode?: 'tokens' | 'session' }): Client;
  /** Adds a promo code, as an operator would. */
  addPromoCode(promo: ScenarioPromoCode): Promise<void>;
  /** The shop's clock. */
  now(): Date;
  /** Moves the shop's clock on (a hold's end and its cooldown, without waiting them out). */
  advance(ms: number): void;
}

/** Sandbox cards both shops carry (apps/api/README.md, `SANDBOX_CARDS` of the kit): plan `dev`. */
export const SCENARIO_CARDS = {
  approves: { card: '6035000000000001', code: '123' },
  declines: { card: '6035000000000002', code: '123' },
} as const;

const CARD_PLAN = 'dev';
let accounts = 0;

/** A new account, signed up and in by the code of the development outbox. */
export async function signUp(target: ScenarioTarget, locale: 'en' | 'es' = 'en'): Promise<Client> {
  const c = target.client({ locale });
  const login = `scenario.${Date.now().toString(36)}.${++accounts}@example.com`;
  await c.auth.registerCode(login);
  const outbox = await c.settings.outbox(login);
  const code = outbox.messages[0]?.code;
  expect(code, 'the registration code is in the development outbox').toMatch(/^\d{6}$/);
  await c.auth.register({ login, code: code!, firstName: 'Scenario', lastName: 'Buyer' });
  // The profile the default settings ask for before an order (first and last name, birthdate).
  await c.customer.update({ birthdate: '1980-04-12' });
  return c;
}

/** A product the approving sandbox card's plan covers, with room for `units` units. */
async function orderableProduct(c: Client, units: number): Promise<ProductDetail> {
  const page = await c.catalog.products({ sort: 'price-asc' });
  for (const p of page.products) {
    if (p.status !== null || p.inStock < units) continue; // null: fine to order
    const { product } = await c.catalog.product(p.id);
    if (product.plans.includes(CARD_PLAN)) return product;
  }
  throw new Error('the catalog has no orderable product the sandbox card covers');
}

/** Units of a product whose total is at least the minimum order and within the card's balance. */
async function unitsForAnOrder(c: Client, price: string): Promise<number> {
  const minimum = toCents((await c.settings.get()).minimumOrder);
  return Math.max(1, Math.ceil((minimum + 100) / toCents(price)));
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call is refused').toMatchObject({ status: expect.any(Number), code: expect.any(String) });
  return error as ApiError;
}

/** Registers the scenarios as vitest tests; `target()` is read when a test runs. */
export function shopScenarios(target: () => ScenarioTarget): void {
  it('browses the catalog: a page, an item, a search', async () => {
    const c = target().client();
    const page = await c.catalog.products({ sort: 'price-asc' });
    expect(page.products.length).toBeGreaterThan(0);
    const prices = page.products.map((p) => toCents(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const first = page.products[0]!;
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'name', 'price', 'inStock', 'status', 'categoryId']));

    const detail = await c.catalog.product(first.id);
    expect(detail.product).toMatchObject({ id: first.id, name: first.name, price: first.price, eligible: null, favorite: false });
    expect(Array.isArray(detail.similar)).toBe(true);
    expect((await failure(c.catalog.product(2_000_000_000))).status).toBe(404);

    const word = first.name.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w));
    expect(word, 'a searchable word in the first name').toBeDefined();
    const found = await c.search.products(word!);
    expect(found.products.map((p) => p.id)).toContain(first.id);
  });

  it('keeps a guest without a cart, and merges the guest rows at sign-in', async () => {
    const guest = target().client();
    expect((await guest.orders.readCart()).draft).toBeNull();
    const c = await signUp(target());
    const product = await orderableProduct(c, 3);
    const merged = await c.orders.mergeIntoDraft([
      { sku_id: product.id, amount: 2 },
      { sku_id: 2_000_000_000, amount: 1 },
    ]);
    expect(merged).toMatchObject({
      added: [product.id],
      dropped: [{ sku_id: 2_000_000_000, reason: 'product_not_found' }],
    });
    const cart = await c.orders.readCart();
    expect(cart.draft?.rows.map((r) => [r.sku.id, r.amount])).toEqual([[product.id, 2]]);
  });

  it("keeps a guest's server cart (session mode): made by its first add, merged at a web sign-up", async () => {
    const t = target();
    const product = await orderableProduct(t.client(), 3);
    const guest = t.client({ authMode: 'session' });
    expect((await guest.orders.readCart()).draft).toBeNull();
    // A first add refused makes no cart; a cart write other than an add needs one.
    const unknown = await failure(guest.orders.addToDraft(2_000_000_000, 1));
    expect({ status: unknown.status, fields: (unknown as ValidationError).fieldCodes }).toEqual({
      status: 422,
      fields: { sku_id: 'product_not_found' },
    });
    expect((await guest.orders.readCart()).draft).toBeNull();
    expect((await failure(guest.orders.recalculate(1))).status).toBe(401);

    const first = await guest.orders.addToDraft(product.id, 2);
    const again = await guest.orders.addToDraft(product.id, 1);
    expect(again.id).toBe(first.id);
    const cart = await guest.orders.readCart();
    expect(cart.draft?.rows.map((r) => [r.sku.id, r.amount])).toEqual([[product.id, 3]]);
    const changed = await guest.orders.setSkuAmount(first.id, product.id, 2);
    expect(changed.rows.map((r) => [r.sku.id, r.amount])).toEqual([[product.id, 2]]);
    // Another browser has no cart; a token client is never answered the cookie's cart.
    expect((await t.client({ authMode: 'session' }).orders.readCart()).draft).toBeNull();
    expect((await t.client().orders.readCart()).draft).toBeNull();

    // A web sign-up carrying the cart: its rows go into the new member's draft, the cart goes.
    const login = `scenario.web.${Date.now().toString(36)}.${++accounts}@example.com`;
    await guest.auth.registerCode(login);
    const code = (await guest.settings.outbox(login)).messages[0]?.code;
    const signedUp = await guest.auth.register({ login, code: code!, firstName: 'Scenario', lastName: 'Guest' });
    expect(signedUp).toMatchObject({
      session: 'cookie',
      csrf_token: expect.any(String),
      merge: { changed: true, added: [product.id], raised: [], limited: [], dropped: [] },
    });
    const merged = 'merge' in signedUp ? signedUp.merge : null;
    expect(merged?.draft.rows.map((r) => [r.sku.id, r.amount])).toEqual([[product.id, 2]]);
    expect(guest.isSignedIn()).toBe(true);
    const member = await guest.orders.readCart();
    expect(member.draft?.id).toBe(merged?.draft.id);
    expect(member.draft?.id).not.toBe(first.id);
    expect(member.draft?.rows.map((r) => [r.sku.id, r.amount])).toEqual([[product.id, 2]]);
    expect((await guest.auth.me()).emails.map((e) => e.address)).toEqual([login]);

    // Signing out ends the cookie's session: the member's rows are no guest's.
    await guest.auth.logout();
    expect((await failure(guest.auth.me())).status).toBe(401);
    expect((await guest.orders.readCart()).draft).toBeNull();
  });

  it('answers 401 without a session and 422 with field codes for bad input', async () => {
    const guest = target().client();
    // The client names a 401 of a call without a session `session_ended`, whatever the shop's code.
    const me = await failure(guest.auth.me());
    expect(me.status).toBe(401);
    const orders = await failure(guest.orders.list());
    expect(orders.status).toBe(401);

    const c = await signUp(target());
    const address = await failure(c.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: 'nope' }));
    expect(address.status).toBe(422);
    expect((address as ValidationError).fieldCodes).toEqual({ zip: 'wrong_format' });
    const wrongCode = await failure(c.auth.verifyCode('nobody.here@example.com', '000000'));
    expect(wrongCode.status).toBeGreaterThanOrEqual(400);
    // More than the stock: two units left (the dev route), three asked. The most expensive
    // product, which the other scenarios (cheapest first) do not take.
    const page = await c.catalog.products({ sort: 'price-desc' });
    const scarce = page.products.find((p) => p.status === null)!;
    const stocked = await c.call('devSetStock', { params: { id: scarce.id }, body: { stock: 2 } });
    expect(stocked).toMatchObject({ id: scarce.id, stock: 2, inStock: 2 });
    const tooMany = await failure(c.orders.addToDraft(scarce.id, 3));
    expect({ status: tooMany.status, fields: (tooMany as ValidationError).fieldCodes }).toEqual({
      status: 422,
      fields: { amount: 'cannot_add_more' },
    });
  });

  it('changes the cart: add, change the amount, remove', async () => {
    const c = await signUp(target());
    const product = await orderableProduct(c, 3);
    const added = await c.orders.addToDraft(product.id, 2);
    expect(added.totals.subtotal).toBe(fromCents(2 * toCents(product.price)));
    const again = await c.orders.addToDraft(product.id, 1);
    expect(again.rows.find((r) => r.sku.id === product.id)?.amount).toBe(3);
    const changed = await c.orders.setSkuAmount(added.id, product.id, 1);
    expect(changed.totals.subtotal).toBe(product.price);
    const removed = await c.orders.setSkuAmount(added.id, product.id, 0);
    expect(removed.rows).toEqual([]);
    expect(removed.totals.total).toBe('0.00');
  });

  it('takes promo codes as the operator set them: unknown, not yet on offer, ended, limits', async () => {
    const t = target();
    const now = t.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    const tag = (++accounts).toString(36).toUpperCase();
    await t.addPromoCode({ code: `SOON${tag}`, percent: 20, validFrom: new Date(now + day) });
    await t.addPromoCode({ code: `OVER${tag}`, percent: 20, validTo: new Date(now - day) });
    await t.addPromoCode({ code: `ONCE${tag}`, percent: 15, maxUsesPerCustomer: 1 });
    await t.addPromoCode({ code: `LAST${tag}`, percent: 5, maxUses: 1 });

    const c = await signUp(t);
    const product = await orderableProduct(c, 20);
    const units = await unitsForAnOrder(c, product.price);
    const draft = await c.orders.addToDraft(product.id, units);
    const refusal = async (code: string) => {
      const e = await failure(c.orders.setPromoCode(draft.id, code));
      return { status: e.status, code: e.code, field: (e as ValidationError).fieldCodes?.promoCode };
    };
    expect(await refusal(`NOPE${tag}`)).toEqual({ status: 422, code: 'promo_code_invalid', field: 'promo_code_invalid' });
    // A code not on offer yet answers as an unknown one (its existence is not revealed).
    expect(await refusal(`SOON${tag}`)).toEqual({ status: 422, code: 'promo_code_invalid', field: 'promo_code_invalid' });
    expect(await refusal(`OVER${tag}`)).toEqual({ status: 422, code: 'promo_code_expired', field: 'promo_code_expired' });

    const listed = (await c.settings.get()).promotions.map((p) => p.code);
    expect(listed).toEqual(expect.arrayContaining([`ONCE${tag}`, `LAST${tag}`]));
    expect(listed).not.toContain(`SOON${tag}`);
    expect(listed).not.toContain(`OVER${tag}`);

    // Case does not matter; the discount is the percent of the subtotal, in cents.
    const discounted = await c.orders.setPromoCode(draft.id, `once${tag}`);
    const subtotal = toCents(discounted.totals.subtotal);
    const discount = percentOfCents(subtotal, 15);
    expect(discounted.totals.discount).toBe(fromCents(discount));
    expect(toCents(discounted.totals.total)).toBe(
      subtotal - discount + toCents(discounted.totals.shipping) + toCents(discounted.totals.tax),
    );

    const home = await c.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' });
    await c.orders.setDelivery(home.id);
    const placed = await c.orders.complete(draft.id);
    expect(placed.promoCode?.toLowerCase()).toBe(`once${tag}`);

    // One use per customer: the next draft is refused it while the placed order holds it.
    const next = await c.orders.addToDraft(product.id, units);
    const used = await failure(c.orders.setPromoCode(next.id, `ONCE${tag}`));
    expect({ status: used.status, code: used.code }).toEqual({ status: 422, code: 'promo_code_used' });
    // Paid, then cancelled (refunded): the use is given back. (An unpaid order cancelled would
    // make its items wait the API's hold cooldown before this customer holds them again.)
    const paid = await c.orders.pay(placed.id, { code: 'trnsx', input: SCENARIO_CARDS.approves });
    expect(paid.amount).toBe(discounted.totals.total);
    await c.orders.cancel(placed.id);
    const reused = await c.orders.setPromoCode(next.id, `ONCE${tag}`);
    expect(reused.totals.discount).not.toBe('0.00');
    await c.orders.setPromoCode(next.id, null);

    // One use in all: once another customer placed an order with it, it is used up.
    await c.orders.setPromoCode(next.id, `LAST${tag}`);
    await c.orders.setDelivery(home.id);
    await c.orders.complete(next.id);
    const other = await signUp(t);
    const theirs = await other.orders.addToDraft(product.id, 1);
    const usedUp = await failure(other.orders.setPromoCode(theirs.id, `LAST${tag}`));
    expect({ status: usedUp.status, code: usedUp.code }).toEqual({ status: 422, code: 'promo_code_used_up' });
  });

  it('checks out to an order, refuses a declined card, pays, and cancels with a refund', async () => {
    const c = await signUp(target());
    const product = await orderableProduct(c, 20);
    const units = await unitsForAnOrder(c, product.price);
    const draft = await c.orders.addToDraft(product.id, units);
    const noAddress = await failure(c.orders.complete(draft.id));
    expect({ status: noAddress.status, code: noAddress.code }).toEqual({ status: 422, code: 'delivery_address_required' });

    const home = await c.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' });
    await c.orders.setDelivery(home.id);
    const placed = await c.orders.complete(draft.id);
    expect(placed.status).toBe(-10);
    expect(placed.number).toMatch(/^\d+$/);
    expect(placed.totals.total).toBe(draft.totals.total);
    const again = await failure(c.orders.complete(draft.id));
    expect(again.code).toBe('order_not_draft');

    const declined = await failure(c.orders.pay(placed.id, { code: 'trnsx', input: SCENARIO_CARDS.declines }));
    expect({ status: declined.status, code: declined.code }).toEqual({ status: 422, code: 'card_number_or_code_is_not_correct' });
    const badInput = await failure(c.orders.pay(placed.id, { code: 'trnsx', input: { card: '123' } }));
    expect((badInput as ValidationError).fieldCodes).toEqual({ 'input.card': 'enter_card_number' });

    const paid = await c.orders.pay(placed.id, { code: 'trnsx', input: SCENARIO_CARDS.approves });
    expect(paid).toMatchObject({ status: -5, amount: placed.totals.total });
    const twice = await c.orders.pay(placed.id, { code: 'trnsx', input: SCENARIO_CARDS.approves });
    expect(twice).toEqual(paid);

    const history = await c.orders.list();
    expect(history.items.map((o) => o.number)).toContain(placed.number);
    const detail = await c.orders.get(placed.id);
    expect(detail.payment).toMatchObject({ code: 'trnsx', last4: '0001' });

    const cancelled = await c.orders.cancel(placed.id);
    expect(cancelled.refund).toMatchObject({ amount: placed.totals.total, code: 'trnsx', last4: '0001' });
    const gone = await failure(c.orders.cancel(placed.id));
    expect(gone.status).toBeGreaterThanOrEqual(400);
  });

  it('holds at most what one customer may: units of one item, and a hold that ended is not renewed at once (issue 32)', async () => {
    const c = await signUp(target());
    const { maxUnitsPerItem: max, unpaidOrderMinutes } = await c.settings.get();
    expect(max).toBeGreaterThan(0);
    const product = await orderableProduct(c, 1);
    const tooMany = await failure(c.orders.addToDraft(product.id, max + 1));
    expect({ status: tooMany.status, code: tooMany.code, fields: (tooMany as ValidationError).fieldCodes }).toEqual({
      status: 422,
      code: 'max_units_per_item',
      fields: { amount: 'max_units_per_item' },
    });
    // A guest cart brought in at sign-in keeps at most that many (or the stock), told as limited.
    const merged = await c.orders.mergeIntoDraft([{ sku_id: product.id, amount: max + 5 }]);
    expect(merged.limited).toEqual([{ sku_id: product.id, amount: Math.min(max, product.inStock), wanted: max + 5 }]);

    // Placed, back to the cart, placed again: the hold goes on to its first end, not renewed.
    const units = await unitsForAnOrder(c, product.price);
    const draft = await c.orders.setSkuAmount(merged.draft.id, product.id, Math.min(units, max));
    const home = await c.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' });
    await c.orders.setDelivery(home.id);
    const placed = await c.orders.complete(draft.id);
    const firstEnd = (await c.orders.get(placed.id)).payableUntil;
    expect(firstEnd).not.toBeNull();
    target().advance(60_000);
    await c.orders.backToDraft(placed.id);
    const again = await c.orders.complete(placed.id);
    expect((await c.orders.get(again.id)).payableUntil).toBe(firstEnd);

    // The hold ends unpaid: the items are back in the cart, and placing them again waits the cooldown.
    target().advance(unpaidOrderMinutes * 60_000);
    const cart = await c.orders.readCart();
    expect(cart.draft?.rows.map((r) => r.sku.id)).toEqual([product.id]);
    const waits = await failure(c.orders.complete(cart.draft!.id));
    expect({ status: waits.status, code: waits.code }).toEqual({ status: 422, code: 'hold_cooldown' });
  });
}

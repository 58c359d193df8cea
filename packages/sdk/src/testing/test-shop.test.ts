// The test shop of @otc/sdk/testing driven by the SDK's own client, as another team would use it.
import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_VERSION_HEADER, DEFAULT_HOLD_COOLDOWN_MINUTES } from '../constants/index.js';
import { CONTRACT_VERSION, contract, type RouteName } from '../contract/index.js';
import { ApiError, ValidationError, isApiError } from '../errors/index.js';
import { createClient } from '../client/index.js';
import { createMemoryStorage } from '../storage/index.js';
import { createTestShop, missingTestShopRoutes } from './index.js';

const baseUrl = 'https://shop.test';
const { handlers, shop } = createTestShop({ baseUrl });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  shop.reset();
});
afterAll(() => server.close());

function client(locale: 'en' | 'es' = 'en') {
  return createClient({ baseUrl, tokens: createMemoryStorage(), locale });
}

async function signedIn(login = 's3.demo@example.com', locale: 'en' | 'es' = 'en') {
  const c = client(locale);
  await c.auth.requestCode(login);
  await c.auth.verifyCode(login, shop.outbox.lastCode(login));
  return c;
}

describe('@otc/sdk/testing', () => {
  it('has a handler for every contract route', () => {
    expect(missingTestShopRoutes()).toEqual([]);
    // One msw handler per contract row, plus the product pictures.
    expect(handlers).toHaveLength(Object.keys(contract).length + 1);
  });

  it('answers 501 naming a route it has no handler for', async () => {
    const partial = createTestShop({ baseUrl, routes: { settings: null } });
    server.use(...partial.handlers);
    const error = await client()
      .settings.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 501, code: 'not_implemented' });
    expect((error as ApiError).message).toContain('"settings" (GET /api/constants)');
    expect(missingTestShopRoutes({ health: () => ({ status: 'ok' }) })).toContain('settings');
  });

  it('is not imported by the main entry (msw stays optional)', () => {
    const main = readFileSync(new URL('../index.ts', import.meta.url), 'utf8');
    expect(main).not.toMatch(/testing/);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, unknown>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
      dependencies?: Record<string, string>;
    };
    expect(pkg.exports['./testing']).toBeDefined();
    expect(pkg.peerDependencies?.msw).toBeDefined();
    expect(pkg.peerDependenciesMeta?.msw?.optional).toBe(true);
    expect(pkg.dependencies?.msw).toBeUndefined();
  });

  it('browses a bilingual catalog: categories, filters, product, search', async () => {
    const en = client('en');
    const categories = await en.catalog.categories();
    expect(categories.map((c) => c.name)).toContain('Pain Relief');
    const es = await client('es').catalog.categories();
    expect(es.map((c) => c.name)).toContain('Alivio del dolor');

    const page = await en.catalog.products({ category: 2, sort: 'price-asc' });
    expect(page.products.map((p) => p.id)).toEqual([5, 4, 6]);
    expect(page.brands).toEqual(['CalmSkin', 'ReliefRx']);
    const inactive = page.products.find((p) => p.id === 6);
    expect(inactive?.status).toBe(0);
    const cl1 = await en.catalog.products({ plan: 'cl1' });
    expect(cl1.products.map((p) => p.id)).not.toContain(13);
    const covered = await en.catalog.products({ category: 5, coveragePlan: 'ep' });
    expect(covered.coveragePlan).toBe('ep');
    expect(covered.products.map((p) => p.coveredByPlan)).toEqual([false, false]);
    const words = await en.catalog.products({ q: 'relief' });
    expect(words.products.map((p) => p.id)).toEqual([4, 5, 6]);

    const detail = await en.catalog.product(4, { locale: 'es' });
    expect(detail.product.name).toBe('Ibuprofeno 200 mg, 100 tabletas');
    expect(detail.similar.every((p) => p.categoryId === 2)).toBe(true);
    const missing = await en.catalog.product(999).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });

    const found = await en.search.products('ibupro');
    expect(found.products.map((p) => p.id)).toEqual([4]);
    const acentos = await en.search.products('acetaminofen', undefined, { locale: 'es' });
    expect(acentos.products.map((p) => p.name)).toEqual(['Acetaminofén 500 mg, 100 comprimidos']);
  });

  it('runs a whole purchase: code sign-in, cart, address, complete, a decline, pay', async () => {
    const c = await signedIn();
    const me = await c.auth.me();
    expect(me.name).toBe('Linda Nguyen');

    const draft = await c.orders.addToDraft(4, 5); // 5 x 6.49 = 32.45
    expect(draft.totals.total).toBe('32.45');
    const promo = await c.orders.setPromoCode(draft.id, 'Welcome10');
    expect(promo.totals).toMatchObject({ discount: '3.25', total: '29.20' });

    const home = await c.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' });
    await c.orders.setDelivery(home.id);
    const placed = await c.orders.complete(draft.id);
    expect(placed).toMatchObject({ status: -10, number: String(100000 + draft.id) });
    expect(shop.state.products.find((p) => p.id === 4)?.reserved).toBe(5);

    const declined = await c.orders
      .pay(placed.id, { code: 'trnsx', input: { card: '6035000000000002', code: '123' } })
      .catch((e: unknown) => e);
    expect(isApiError(declined, 'card_number_or_code_is_not_correct')).toBe(true);
    expect(declined).toMatchObject({ status: 422 });

    const paid = await c.orders.pay(placed.id, {
      code: 'trnsx',
      input: { card: '6035 0000 0000 0001', code: '123' },
    });
    expect(paid).toMatchObject({ status: -5, amount: '29.20', paidBy: 'Linda Nguyen' });
    // Paying again answers the first payment; nothing is charged twice.
    const again = await c.orders.pay(placed.id, { code: 'trnsx', input: { card: '6035000000000001', code: '123' } });
    expect(again).toEqual(paid);
    expect(shop.state.sandboxCards.find((s) => s.number === '6035000000000001')?.balanceCents).toBe(25000 - 2920);

    const history = await c.orders.list();
    expect(history.items.map((o) => o.number)).toEqual([placed.number]);
    const detail = await c.orders.get(placed.id);
    expect(detail.payment).toMatchObject({ code: 'trnsx', last4: '0001' });
    const cancelled = await c.orders.cancel(placed.id);
    expect(cancelled.refund).toMatchObject({ amount: '29.20', code: 'trnsx', last4: '0001' });
  });

  it('answers errors in the API shape, in the language asked', async () => {
    const c = await signedIn('s3.demo@example.com', 'es');
    const error = await c.addresses
      .add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldCodes).toEqual({ zip: 'wrong_format' });
    expect((error as ValidationError).message).toBe('Los datos enviados no son válidos.');

    const tooMany = await c.orders.addToDraft(8, 9).catch((e: unknown) => e);
    expect((tooMany as ValidationError).fieldCodes).toEqual({ amount: 'cannot_add_more' });
    expect((tooMany as ValidationError).fieldErrors).toEqual({ amount: 'No puede añadir más' });

    const res = await fetch(`${baseUrl}/api/auth/me`, { headers: { 'Accept-Language': 'es' } });
    expect(res.status).toBe(401);
    expect(res.headers.get(CONTRACT_VERSION_HEADER)).toBe(CONTRACT_VERSION);
    expect(await res.json()).toEqual({ message: 'Inicie sesión para continuar.', code: 'unauthorized' });

    const below = await c.orders.addToDraft(14, 1);
    const placed = await c.orders.complete(below.id).catch((e: unknown) => e);
    expect(placed).toMatchObject({ status: 422, code: 'minimum_order', message: 'Pedido mínimo de $25.00.' });
  });

  it('signs up by code, refreshes an expired token, and ends sessions', async () => {
    let clock = new Date('2026-03-02T10:00:00Z');
    const timed = createTestShop({ baseUrl, now: () => clock, oneTimeCode: '246810' });
    server.use(...timed.handlers);
    const c = createClient({ baseUrl, tokens: createMemoryStorage(), now: () => clock.getTime() });
    await c.auth.registerCode('new.buyer@example.com');
    expect(timed.shop.outbox.last('New.Buyer@example.com')).toMatchObject({ code: '246810', channel: 'email' });
    const resend = await c.auth.registerCode('new.buyer@example.com').catch((e: unknown) => e);
    expect(resend).toMatchObject({ status: 429, code: 'resend_too_soon' });
    await c.auth.register({ login: 'new.buyer@example.com', code: '246810', firstName: 'Ana' });
    expect((await c.auth.me()).name).toBe('Ana');

    clock = new Date(clock.getTime() + 20 * 60_000); // the access token (15 min) has expired
    expect((await c.auth.me()).hasPassword).toBe(false);
    const sessions = await c.auth.sessions();
    expect(sessions.sessions).toHaveLength(1);
    // A change that could take the account needs a recent proof; the sign-in was 20 minutes ago.
    const proof = await c.emails.add('other@example.com').catch((e: unknown) => e);
    expect(proof).toMatchObject({ status: 403, code: 'recent_proof_required' });
    await c.auth.signOutEverywhere();
    expect(c.isSignedIn()).toBe(false);
  });

  it('answers the rest of the contract as the API does', async () => {
    let clock = new Date('2026-05-04T09:00:00Z');
    const timed = createTestShop({
      baseUrl,
      now: () => clock,
      seed: { settings: { paymentMethods: ['trnsx', 'prohealth', 'nationsbenefits', 'credit', 'balance'] } },
    });
    server.use(...timed.handlers);
    const later = (minutes: number) => {
      clock = new Date(clock.getTime() + minutes * 60_000);
    };
    const c = createClient({ baseUrl, tokens: createMemoryStorage(), now: () => clock.getTime() });
    const login = 'national.demo@example.com';

    // Password sign-in, a wrong password, recovery by code, the proof.
    await expect(c.auth.login(login, 'nope')).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
    await c.auth.login(login, 'Demo1234');
    await expect(c.auth.requestCode('nobody@example.com')).rejects.toMatchObject({ code: 'account_not_found' });
    await expect(c.auth.registerCode(login)).rejects.toMatchObject({ status: 409, code: 'account_exists' });
    await c.auth.recoveryCode(login);
    await expect(
      c.auth.recover({ login, code: '000000', password: 'Better123', passwordConfirmation: 'Better123' }),
    ).rejects.toMatchObject({ code: 'invalid_code' });
    await c.auth.recover({
      login,
      code: timed.shop.outbox.lastCode(login),
      password: 'Better123',
      passwordConfirmation: 'Better123',
    });
    later(6);
    expect((await c.auth.proofStatus()).provenUntil).toBeNull();
    await expect(c.auth.prove({ password: 'Demo1234' })).rejects.toMatchObject({ status: 422 });
    await c.auth.requestProofCode();
    const proven = await c.auth.prove({ code: timed.shop.outbox.lastCode(login) });
    expect(proven.provenUntil).not.toBeNull();
    expect((await c.auth.prove({ password: 'Better123' })).methods).toEqual(['password', 'code']);

    // Contacts: a phone added, its code sent again, verified; the primary stays.
    const withPhone = await c.phones.add('(202) 555-0199');
    const phone = withPhone.phones.find((p) => p.number === '2025550199')!;
    later(2);
    await c.phones.resendCode(phone.id);
    await c.phones.verify(phone.id, timed.shop.outbox.lastCode('2025550199'));
    await c.phones.update(phone.id, { receiveSms: false });
    await expect(c.phones.verify(phone.id, '123456')).rejects.toMatchObject({ code: 'contact_already_verified' });
    const primary = (await c.customer.me()).phones.find((p) => p.reg)!;
    await expect(c.phones.remove(primary.id)).rejects.toMatchObject({ code: 'primary_phone_cannot_be_removed' });
    expect((await c.phones.remove(phone.id)).phones.map((p) => p.id)).not.toContain(phone.id);
    await expect(c.emails.add('rosa')).rejects.toBeInstanceOf(ValidationError);
    await expect(c.emails.add('network.demo@example.com')).rejects.toMatchObject({ code: 'contact_taken' });
    const me = await c.customer.me();
    await expect(c.emails.remove(me.emails[0]!.id)).rejects.toMatchObject({ code: 'primary_email_cannot_be_removed' });
    await c.emails.update(me.emails[0]!.id, { receiveMarketingMailing: true });

    // Cards and addresses.
    await expect(c.cards.add({ type: 'network', number: '6035000000001001', code: '321' })).rejects.toMatchObject({
      code: 'card_already_in_system',
    });
    await expect(c.cards.add({ type: 'national', number: '6036000000001001', code: '654' })).rejects.toMatchObject({
      code: 'card_already_added',
    });
    await expect(c.cards.checkBalance({ type: 'network', number: '6035000000000001', code: '999' })).rejects.toMatchObject({
      code: 'card_number_or_code_is_not_correct',
    });
    // A good network card checked as a national one: its type is named on the number (issue 33).
    await expect(c.cards.checkBalance({ type: 'national', number: '6035000000000001', code: '123' })).rejects.toMatchObject({
      fieldCodes: { number: 'card_number_is_network' },
    });
    await expect(c.addresses.add({ address: 'x', city: 'y', state: 'ZZ', zip: '12345' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const extra = await c.addresses.add({ address: '9 Elm St', city: 'Dallas', state: 'tx', zip: '75201' });
    expect(extra.state).toBe('TX');
    await c.addresses.remove(extra.id);
    await expect(c.addresses.update(extra.id, { city: 'Waco' })).rejects.toMatchObject({ status: 404 });

    // The cart: rows replaced, refused rows named, the merge limited and dropped.
    const draft = await c.orders.prepareDraft();
    await expect(
      c.orders.setItems(draft.id, [
        { sku_id: 1, amount: 2 },
        { sku_id: 999, amount: 1 },
        { sku_id: 8, amount: 50 },
      ]),
    ).rejects.toMatchObject({ fieldIssues: { rows: expect.any(Array) } });
    await c.orders.setItems(draft.id, [{ sku_id: 1, amount: 2 }]);
    const merged = await c.orders.mergeIntoDraft([
      { sku_id: 1, amount: 1 },
      { sku_id: 8, amount: 20 },
      { sku_id: 3, amount: 1 },
      { sku_id: 999, amount: 1 },
    ]);
    expect(merged).toMatchObject({
      added: [8],
      raised: [],
      limited: [{ sku_id: 8, amount: 8, wanted: 20 }],
      dropped: [
        { sku_id: 3, reason: 'cannot_add_more' },
        { sku_id: 999, reason: 'product_not_found' },
      ],
    });
    await c.orders.setSkuAmount(draft.id, 8, 1);
    await c.orders.recalculate(draft.id);
    await expect(c.orders.setPromoCode(draft.id, 'Nope10')).rejects.toMatchObject({ code: 'promo_code_invalid' });
    await expect(c.orders.complete(draft.id)).rejects.toMatchObject({ code: 'delivery_address_required' });
    await c.orders.setDelivery(me.addresses[0]!.id);
    expect((await c.orders.delivery()).address?.id).toBe(me.addresses[0]!.id);

    // Placed: back to the cart, placed again; its hold ends; placed again and paid by balance.
    const placed = await c.orders.complete(draft.id);
    await expect(c.orders.complete(draft.id)).rejects.toMatchObject({ code: 'order_not_draft' });
    const back = await c.orders.backToDraft(placed.id);
    expect(back.status).toBe(0);
    await c.orders.complete(placed.id);
    later(31);
    expect((await c.orders.prepareDraft()).id).toBe(placed.id);
    await expect(c.orders.pay(placed.id, { code: 'balance', input: {} })).rejects.toMatchObject({
      code: 'order_payment_time_over',
    });
    // The items of a hold that ended unpaid wait the cooldown before they are held again (issue 32).
    await expect(c.orders.complete(placed.id)).rejects.toMatchObject({ code: 'hold_cooldown', status: 422 });
    later(DEFAULT_HOLD_COOLDOWN_MINUTES);
    await c.orders.complete(placed.id);
    await expect(c.orders.pay(placed.id, { code: 'balance', input: {} })).rejects.toMatchObject({ code: 'notEnoughBalance' });
    await expect(c.orders.pay(placed.id, { code: 'credit', input: { card: '4000000000000002' } })).rejects.toMatchObject({
      code: 'card_number_or_code_is_not_correct',
    });
    await expect(c.orders.pay(placed.id, { code: 'trnsx', input: { card: '123' } })).rejects.toMatchObject({
      fieldCodes: { 'input.card': 'enter_card_number' },
    });
    // The customer's own card pays without its security code.
    const paid = await c.orders.pay(placed.id, { code: 'nationsbenefits', input: { card: '6036000000001001' } });
    expect(paid.status).toBe(-5);

    // Operations move it on; it can no longer be cancelled.
    const res = await fetch(`${baseUrl}/api/dev/orders/${placed.id}/advance`, { method: 'POST' });
    expect(await res.json()).toMatchObject({ status: 1 });
    await fetch(`${baseUrl}/api/dev/orders/${placed.id}/advance`, { method: 'POST' });
    const shipped = await (await fetch(`${baseUrl}/api/dev/orders/${placed.id}/advance`, { method: 'POST' })).json();
    expect(shipped).toMatchObject({ status: 20, trackingCarrier: 'UPS' });
    await expect(c.orders.cancel(placed.id)).rejects.toMatchObject({ code: 'order_not_cancellable' });
    expect((await c.orders.get(placed.id)).tracking?.carrier).toBe('UPS');
    const stock = await fetch(`${baseUrl}/api/dev/products/8/stock`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stock: 3 }),
    });
    expect(await stock.json()).toMatchObject({ id: 8, stock: 3, inStock: 3 });

    // Sessions: one device signed out; the refresh token reused after rotation ends the session.
    const other = createClient({ baseUrl, tokens: createMemoryStorage(), now: () => clock.getTime() });
    await other.auth.login(login, 'Better123');
    const listed = await c.auth.sessions();
    const notMine = listed.sessions.find((s) => !s.current)!;
    await c.auth.endSession(notMine.id);
    await expect(other.auth.me()).rejects.toMatchObject({ code: 'session_ended' });
    const pair = c.tokens()!;
    later(20);
    await c.auth.me(); // refreshed: the old refresh token is spent
    const reuse = await fetch(`${baseUrl}/api/auth/token-refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: pair.refresh_token }),
    });
    expect(reuse.status).toBe(401);
    await expect(c.auth.me()).rejects.toMatchObject({ code: 'session_ended' });
    const logout = await fetch(`${baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(logout.status).toBe(400);
  });

  it('answers every call of the client with a body its contract row accepts', async () => {
    const c = await signedIn('network.demo@example.com');
    const me = await c.customer.me();
    const calls: Array<[RouteName, () => Promise<unknown>]> = [
      ['settings', () => c.settings.get()],
      ['health', () => c.settings.health()],
      ['listHealthPlans', () => c.customer.healthPlans()],
      ['chooseHealthPlan', () => c.customer.chooseHealthPlan('ep')],
      ['updateCustomer', () => c.customer.update({ middleName: 'M' })],
      ['changePassword', () => c.customer.changePassword({ currentPassword: 'Demo1234', password: 'Newpass123', passwordConfirmation: 'Newpass123' })],
      ['listAddresses', () => c.addresses.list()],
      ['updateAddress', () => c.addresses.update(me.addresses[0]!.id, { city: 'Tampa' })],
      ['listCards', () => c.cards.list()],
      ['addCard', () => c.cards.add({ type: 'network', number: '6035000000000001', code: '123' })],
      ['makeCardActive', () => c.cards.makeActive(me.insuranceCards[0]!.id)],
      ['checkBalance', () => c.cards.checkBalance({ type: 's3', number: '6037000000000001', code: '789' })],
      ['addFavorite', () => c.favorites.add(1)],
      ['listFavorites', () => c.favorites.list()],
      ['removeFavorite', () => c.favorites.remove(1)],
      ['addEmail', () => c.emails.add('rosa.work@example.com')],
      ['sendContactMessage', () => c.contact.send({ firstName: 'Rosa', lastName: 'M', phone: '2025550101', message: 'Hi' })],
      ['requestProduct', () => c.productRequests.create({ name: 'Zinc' })],
      ['listSessions', () => c.auth.sessions()],
      ['proofStatus', () => c.call('proofStatus')],
      ['getDelivery', () => c.orders.delivery()],
      ['prepareDraft', () => c.orders.prepareDraft()],
      ['devOutbox', () => c.settings.outbox('network.demo@example.com')],
    ];
    for (const [name, call] of calls) {
      await expect(call(), name).resolves.toBeDefined();
    }
    const added = (await c.customer.me()).emails.find((e) => e.address === 'rosa.work@example.com')!;
    await c.emails.verify(added.id, shop.outbox.lastCode('rosa.work@example.com'));
    const primary = await c.emails.makePrimary(added.id);
    expect(primary.emails.find((e) => e.reg)?.address).toBe('rosa.work@example.com');
    // Making a contact primary signs every device out, as the API does.
    await expect(c.auth.me()).rejects.toMatchObject({ code: 'session_ended' });
  });
});

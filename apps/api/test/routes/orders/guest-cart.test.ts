// The guest cart on the server (issue 29, docs/web-session.md): a guest's cart is a draft of a
// guest owner named by the signed `otc_cart` cookie, created at the first add and never at a
// look; it reaches the cart's routes only; at a web sign-in it is merged into the member's draft.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftMergeAnswerSchema } from '@otc/sdk/schemas';
import { customers, emails, phones } from '../../../src/db/schema.js';
import { bearer, buildTestApp, call, registerCustomer, setCookieOf, type TestApp } from '../../helpers.js';
import { stockedProduct } from './fixtures.js';

let t: TestApp;
let productA: number;
let productB: number;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { publicUrl: 'http://shop.test' } });
  productA = (await stockedProduct(t, 'cl1', 50, 500)).id;
  productB = (await stockedProduct(t, 'cl1', 50, 500, 1)).id;
});
afterAll(async () => t?.close());

const SHOP = 'http://shop.test';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  call(t.app, { method, url, headers: { origin: SHOP, ...headers }, ...(payload ? { payload } : {}) });
const guestOwners = async () =>
  (await t.database.db.select({ n: count() }).from(customers).where(eq(customers.isGuest, true)))[0]!.n;

interface Guest {
  cookie: string;
  csrf: string;
  ownerId: number;
}

/** A guest's first add: the cart cookie and its CSRF token come with the answer. */
async function firstAdd(sku: number, amount: number): Promise<Guest & { res: Awaited<ReturnType<typeof send>> }> {
  const res = await send('POST', '/api/order/draft/items', {}, { sku_id: sku, amount });
  expect(res.status).toBe(200);
  const cart = setCookieOf(res.response, 'otc_cart')!;
  return { cookie: `otc_cart=${cart.value}`, csrf: String(res.response.headers['x-csrf-token']), ownerId: Number(cart.value.split('.')[0]), res };
}
const asGuest = (guest: Guest, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  send(method, url, { cookie: guest.cookie, 'x-csrf-token': guest.csrf, ...headers }, payload);
const rowsOf = (draft: unknown) =>
  ((draft as { rows: { sku: { id: number }; amount: number }[] }).rows ?? []).map((r) => ({ sku: r.sku.id, amount: r.amount }));

describe('a guest who only looks gets no cart', () => {
  it('readCart without a cookie answers { draft: null } and creates nothing', async () => {
    const before = await guestOwners();
    const res = await call(t.app, { method: 'GET', url: '/api/cart' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ draft: null });
    expect(res.response.headers['set-cookie']).toBeUndefined();
    expect(await guestOwners()).toBe(before);
  });

  it('a draft write other than an add, without a cart, is 401', async () => {
    expect((await send('POST', '/api/order/prepare-draft', {}, {})).status).toBe(401);
  });
});

describe('the first add', () => {
  it('creates the guest owner (no contact, no password) and sets the signed otc_cart cookie with its CSRF token', async () => {
    const guest = await firstAdd(productA, 2);
    const cart = setCookieOf(guest.res.response, 'otc_cart')!;
    expect(cart.value).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(cart.attributes).toEqual(['Path=/', `Max-Age=${30 * 24 * 60 * 60}`, 'HttpOnly', 'SameSite=Lax']);
    expect(guest.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(guest.res.response.headers['cache-control']).toBe('no-store');
    expect(rowsOf(guest.res.body)).toEqual([{ sku: productA, amount: 2 }]);
    const [owner] = await t.database.db.select().from(customers).where(eq(customers.id, guest.ownerId));
    expect(owner).toMatchObject({ isGuest: true, passwordHash: null });
    expect(await t.database.db.select().from(emails).where(eq(emails.customerId, guest.ownerId))).toEqual([]);
    expect(await t.database.db.select().from(phones).where(eq(phones.customerId, guest.ownerId))).toEqual([]);

    const read = await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie } });
    expect(rowsOf(read.body.draft)).toEqual([{ sku: productA, amount: 2 }]);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/csrf', headers: { cookie: guest.cookie } })).body).toEqual({ csrf_token: guest.csrf });
  });

  it('a refused first add (unknown product) leaves no owner and no cookie', async () => {
    const before = await guestOwners();
    const res = await send('POST', '/api/order/draft/items', {}, { sku_id: 2_000_000_000, amount: 1 });
    expect(res.status).toBe(422);
    expect(res.response.headers['set-cookie']).toBeUndefined();
    expect(await guestOwners()).toBe(before);
  });

  it('mergeIntoDraft of rows the browser held creates the cart too', async () => {
    const res = await send('POST', '/api/order/draft/merge', {}, { rows: [{ sku_id: productB, amount: 1 }] });
    expect(res.status).toBe(200);
    expect(setCookieOf(res.response, 'otc_cart')?.value).toMatch(/^\d+\./);
    expect(rowsOf(draftMergeAnswerSchema.parse(res.body).draft)).toEqual([{ sku: productB, amount: 1 }]);
  });
});

describe('the cart cookie on the cart routes', () => {
  it('changes amounts and the promo code with its CSRF token; without it, or from elsewhere, changes nothing', async () => {
    const guest = await firstAdd(productA, 1);
    const draftId = Number(guest.res.body.id);
    const noToken = await send('PATCH', `/api/order/${draftId}/sku-amount`, { cookie: guest.cookie }, { sku_id: productA, amount: 5 });
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('csrf_token_invalid');
    const elsewhere = await asGuest(guest, 'PATCH', `/api/order/${draftId}/sku-amount`, { sku_id: productA, amount: 5 }, { origin: 'https://evil.example' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe('cross_site_request');
    const read = await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie } });
    expect(rowsOf(read.body.draft)).toEqual([{ sku: productA, amount: 1 }]);

    expect((await asGuest(guest, 'PATCH', `/api/order/${draftId}/sku-amount`, { sku_id: productA, amount: 3 })).status).toBe(200);
    expect((await asGuest(guest, 'POST', '/api/order/draft/items', { sku_id: productB, amount: 1 })).status).toBe(200);
    const promo = await asGuest(guest, 'PATCH', `/api/order/${draftId}`, { promoCode: 'Welcome10' });
    expect(promo.status).toBe(200);
    expect(promo.body.promoCode).toBe('Welcome10');
    expect(rowsOf(promo.body)).toEqual([
      { sku: productA, amount: 3 },
      { sku: productB, amount: 1 },
    ]);
  });

  it('a forged or tampered cookie is treated as none', async () => {
    const guest = await firstAdd(productA, 1);
    const [id, signature] = guest.cookie.slice('otc_cart='.length).split('.');
    const tampered = `otc_cart=${Number(id) + 1}.${signature}`;
    const forged = `otc_cart=${id}.${'A'.repeat(43)}`;
    for (const cookie of [tampered, forged, 'otc_cart=1']) {
      expect((await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie } })).body).toEqual({ draft: null });
      const write = await send('PATCH', `/api/order/${guest.res.body.id}/sku-amount`, { cookie, 'x-csrf-token': guest.csrf }, { sku_id: productA, amount: 4 });
      expect(write.status).toBe(401);
    }
    // An add with a forged cookie starts a cart of its own, never the named one.
    const add = await send('POST', '/api/order/draft/items', { cookie: forged }, { sku_id: productB, amount: 1 });
    expect(add.status).toBe(200);
    expect(Number(setCookieOf(add.response, 'otc_cart')!.value.split('.')[0])).not.toBe(guest.ownerId);
    const read = await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie } });
    expect(rowsOf(read.body.draft)).toEqual([{ sku: productA, amount: 1 }]);
  });

  it('reaches no route but the cart’s: checkout, orders, the profile answer 401', async () => {
    const guest = await firstAdd(productA, 1);
    const draftId = Number(guest.res.body.id);
    for (const [method, url] of [
      ['PATCH', `/api/order/${draftId}/complete`],
      ['GET', '/api/auth/me'],
      ['GET', '/api/order'],
      ['GET', '/api/order/delivery'],
      ['GET', '/api/auth/sessions'],
      ['GET', '/api/favorites'],
    ] as const) {
      const res = await asGuest(guest, method, url, method === 'PATCH' ? {} : undefined);
      expect({ url, status: res.status }).toEqual({ url, status: 401 });
    }
  });

  it('a guest owner can never start a session', async () => {
    const guest = await firstAdd(productA, 1);
    await expect(t.app.services.auth.session(guest.ownerId, { web: true })).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(t.app.services.auth.session(guest.ownerId)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('merge at a web sign-in', () => {
  it("merges the guest cart into the member's draft (never lowering a row), takes the promo code over, clears the cookie and deletes the owner", async () => {
    const member = await registerCustomer(t.app, 'merge-web@example.com', { password: 'Secret123' });
    const mine = await call(t.app, { method: 'POST', url: '/api/order/draft/items', headers: bearer(member.token), payload: { sku_id: productA, amount: 3 } });
    expect(mine.status).toBe(200);
    const guest = await firstAdd(productA, 1);
    await asGuest(guest, 'POST', '/api/order/draft/items', { sku_id: productB, amount: 2 });
    await asGuest(guest, 'PATCH', `/api/order/${guest.res.body.id}`, { promoCode: 'Welcome10' });

    // Without the cart's CSRF token the sign-in is refused: no session, the cart untouched.
    const refused = await send('POST', '/api/auth/login', { cookie: guest.cookie, 'x-auth-mode': 'session' }, { username: 'merge-web@example.com', password: 'Secret123' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('csrf_token_invalid');
    expect(setCookieOf(refused.response, 'otc_session')).toBeNull();

    const login = await asGuest(guest, 'POST', '/api/auth/login', { username: 'merge-web@example.com', password: 'Secret123' }, { 'x-auth-mode': 'session' });
    expect(login.status).toBe(200);
    expect(login.body.session).toBe('cookie');
    const merge = draftMergeAnswerSchema.parse(login.body.merge);
    expect(merge.draft.id).toBe(Number(mine.body.id));
    expect(rowsOf(merge.draft)).toEqual([
      { sku: productA, amount: 3 },
      { sku: productB, amount: 2 },
    ]);
    expect(merge).toMatchObject({ changed: true, added: [productB], raised: [] });
    expect(merge.draft.promoCode).toBe('Welcome10');
    expect(setCookieOf(login.response, 'otc_cart')).toEqual({ value: '', attributes: expect.arrayContaining(['Max-Age=0']) });
    expect(await t.database.db.select().from(customers).where(and(eq(customers.id, guest.ownerId), eq(customers.isGuest, true)))).toEqual([]);

    const session = `otc_session=${setCookieOf(login.response, 'otc_session')!.value}`;
    const cart = await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: session } });
    expect(cart.body.draft).toMatchObject({ id: Number(mine.body.id), promoCode: 'Welcome10' });
    // The old cart cookie names nothing any more.
    expect((await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie } })).body).toEqual({ draft: null });
  });

  it('a sign-in in tokens mode leaves the guest cart alone', async () => {
    await registerCustomer(t.app, 'merge-tokens@example.com', { password: 'Secret123' });
    const guest = await firstAdd(productB, 1);
    const login = await asGuest(guest, 'POST', '/api/auth/login', { username: 'merge-tokens@example.com', password: 'Secret123' });
    expect(login.body).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
    expect(setCookieOf(login.response, 'otc_cart')).toBeNull();
    const cart = await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie } });
    expect(rowsOf(cart.body.draft)).toEqual([{ sku: productB, amount: 1 }]);
  });
});

describe('the sweep of unused guest carts', () => {
  it('removes owners unused for 30 days with their carts, and keeps the ones in use', async () => {
    const old = await firstAdd(productA, 1);
    t.clock.advance(20 * 24 * 60 * 60_000);
    const recent = await firstAdd(productA, 1);
    t.clock.advance(11 * 24 * 60 * 60_000);
    expect(await t.app.services.guestCarts.sweep()).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: old.cookie } })).body).toEqual({ draft: null });
    const kept = await call(t.app, { method: 'GET', url: '/api/cart', headers: { cookie: recent.cookie } });
    expect(rowsOf(kept.body.draft)).toEqual([{ sku: productA, amount: 1 }]);
  });
});

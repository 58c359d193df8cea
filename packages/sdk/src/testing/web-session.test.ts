// The test shop's web session and guest server cart (web-session.ts), in what the shop scenarios
// (run against the API too) do not reach: the checks of a cookie-carried write, a token sign-in
// beside a cart, the promo code going over, the plan cookie, a cart unused for 30 days.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client/index.js';
import { createMemoryStorage } from '../storage/index.js';
import { cookieJarFetch, createTestShop } from './index.js';

const baseUrl = 'https://shop.test';
let shift = 0;
const { handlers, shop } = createTestShop({ baseUrl, now: () => new Date(Date.now() + shift) });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  shift = 0;
  shop.reset();
});
afterAll(() => server.close());

const member = 's3.demo@example.com';
const product = () => shop.state.products.find((p) => p.status === null && p.stock - p.reserved >= 5)!;

/** A browser: its own cookies; `send` a raw request through them. */
function browser() {
  const fetch = cookieJarFetch();
  const client = createClient({ baseUrl, authMode: 'session', fetch });
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { client, send };
}

describe('the test shop web session', () => {
  it("sets the guest cart's cookie at the first add, with its CSRF token; a look sets none", async () => {
    const { send } = browser();
    const look = await send('GET', '/api/cart');
    expect(await look.json()).toEqual({ draft: null });
    expect(look.headers.getSetCookie()).toEqual([]);
    const added = await send('POST', '/api/order/draft/items', { sku_id: product().id, amount: 1 });
    expect(added.status).toBe(200);
    expect(added.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^otc_cart=\d+\.[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/),
    ]);
    const token = added.headers.get('X-CSRF-Token');
    expect(token).toBeTruthy();
    expect(added.headers.get('Cache-Control')).toBe('no-store');
    expect(await (await send('GET', '/api/auth/csrf')).json()).toEqual({ csrf_token: token });
    expect(shop.state.customers.filter((c) => c.guest)).toHaveLength(1);
  });

  it('refuses a write its cookie carries without the CSRF token, or from another site', async () => {
    const { send } = browser();
    const first = await send('POST', '/api/order/draft/items', { sku_id: product().id, amount: 1 });
    const token = first.headers.get('X-CSRF-Token')!;
    const missing = await send('POST', '/api/order/draft/items', { sku_id: product().id, amount: 1 });
    expect({ status: missing.status, code: (await missing.json()).code }).toEqual({ status: 403, code: 'csrf_token_invalid' });
    const wrong = await send('POST', '/api/order/draft/items', { sku_id: product().id, amount: 1 }, { 'X-CSRF-Token': 'nope' });
    expect(wrong.status).toBe(403);
    const elsewhere = await send('POST', '/api/order/draft/items', { sku_id: product().id, amount: 1 }, {
      'X-CSRF-Token': token,
      Origin: 'https://evil.example',
    });
    expect({ status: elsewhere.status, code: (await elsewhere.json()).code }).toEqual({ status: 403, code: 'cross_site_request' });
    const fine = await send('POST', '/api/order/draft/items', { sku_id: product().id, amount: 1 }, { 'X-CSRF-Token': token });
    expect((await fine.json()).rows[0].amount).toBe(2);
    // A web sign-in from another site is refused even without a cookie.
    const signIn = await browser().send('POST', '/api/auth/login', { username: member, password: 'x' }, {
      'X-Auth-Mode': 'session',
      Origin: 'https://evil.example',
    });
    expect(signIn.status).toBe(403);
  });

  it('a token sign-in leaves the guest cart alone; a web sign-in takes its rows and its promo code', async () => {
    const guest = browser();
    const p = product();
    await guest.client.orders.addToDraft(p.id, 2);
    const cart = (await guest.client.orders.readCart()).draft!;
    await guest.client.orders.setPromoCode(cart.id, 'Welcome10');

    const tokens = createClient({ baseUrl, tokens: createMemoryStorage() });
    await tokens.auth.requestCode(member);
    await tokens.auth.verifyCode(member, shop.outbox.lastCode(member));
    expect((await guest.client.orders.readCart()).draft?.id).toBe(cart.id);

    await guest.client.auth.requestCode(member);
    const answer = await guest.client.auth.verifyCode(member, shop.outbox.lastCode(member));
    expect(answer).toMatchObject({ session: 'cookie', merge: { changed: true, added: [p.id] } });
    const draft = (await guest.client.orders.readCart()).draft!;
    expect(draft.promoCode).toBe('Welcome10');
    expect(draft.rows.find((r) => r.sku.id === p.id)?.amount).toBe(2);
    expect(shop.state.customers.some((c) => c.guest)).toBe(false);
    // The token client's draft is the same member's.
    expect((await tokens.orders.readCart()).draft?.id).toBe(draft.id);
  });

  it('a web sign-in ends the earlier web session of its browser', async () => {
    const { client } = browser();
    await client.auth.requestCode(member);
    await client.auth.verifyCode(member, shop.outbox.lastCode(member));
    const first = shop.state.sessions.find((s) => s.webToken && !s.ended)!;
    await client.auth.requestCode(member);
    await client.auth.verifyCode(member, shop.outbox.lastCode(member));
    expect(first.ended).toBe(true);
    expect(shop.state.sessions.filter((s) => s.webToken && !s.ended)).toHaveLength(1);
  });

  it("marks what the guest's chosen plan does not cover, and forgets a cart unused for 30 days", async () => {
    const { send } = browser();
    const uncovered = shop.state.products.find((p) => p.status === null && p.stock - p.reserved > 0 && !p.plans.includes('cl1'))!;
    const added = await send('POST', '/api/order/draft/items', { sku_id: uncovered.id, amount: 1 });
    const [cartCookie = ''] = added.headers.getSetCookie()[0]!.split(';');
    const withPlan = await fetch(`${baseUrl}/api/cart`, { headers: { cookie: `${cartCookie}; otc_plan=cl1` } });
    expect((await withPlan.json()).draft.rows[0].badReasonCode).toBe(2);
    shift = 30 * 24 * 60 * 60 * 1000;
    expect(await (await send('GET', '/api/cart')).json()).toEqual({ draft: null });
    expect(shop.state.customers.some((c) => c.guest)).toBe(false);
  });
});

// The cart facade in session mode: the guest's cart is the server's (its cart cookie), the rows
// this browser kept in storage before are merged once and removed, and the merge at sign-in is
// the one the API did in the sign-in request.
import { describe, expect, it } from 'vitest';
import { BASE, product } from '../../test/fixtures.js';
import { server } from '../../test/msw-server.js';
import { webSessionApi } from '../../test/web-session-api.js';
import { createClient } from '../client/index.js';
import { STORAGE_KEYS } from '../constants/index.js';
import { ApiError } from '../errors/index.js';
import { createMemoryStorage, createPromoCodeStore } from '../storage/index.js';
import { createCart } from './cart.js';
import { createGuestCart } from './guest-cart.js';

/** A session-mode client and its cart over `storage`, with rows kept there before, if any. */
async function webCart(storedRows: Array<[id: number, amount: number]> = []) {
  const storage = createMemoryStorage();
  const guestCart = createGuestCart({ storage });
  for (const [id, amount] of storedRows) await guestCart.add(product(id), amount);
  const client = createClient({ baseUrl: BASE, authMode: 'session' });
  const promoCode = createPromoCodeStore(storage);
  const cart = createCart({ client, guestCart, promoCode });
  return { storage, client, cart, promoCode };
}

const writes = (calls: string[]) => calls.filter((call) => !call.startsWith('GET'));

describe('cart in session mode', () => {
  it("is the server's cart for a guest: an empty state until the first add, nothing stored", async () => {
    const api = webSessionApi(server);
    const { storage, cart } = await webCart();

    const before = await cart.read();
    const after = await cart.add(product(4), 2);
    const read = await cart.read();

    expect(before).toEqual({ kind: 'guest', rows: [], promoCode: null });
    expect(after).toMatchObject({ kind: 'server', draft: { id: 7, rows: [{ amount: 2 }] } });
    expect(read).toEqual(after);
    expect(api.cartsCreated).toBe(1);
    expect(storage.get(STORAGE_KEYS.guestCart)).toBeNull();
    expect(api.calls).toEqual([
      'GET /api/cart',
      'GET /api/auth/csrf', // none yet (no cookie): the add needs none
      'POST /api/order/draft/items',
      'GET /api/cart',
    ]);
    // A server cart needs only the product's id (what a form post carries).
    expect(await cart.add({ id: 4 })).toMatchObject({ kind: 'server', draft: { rows: [{ amount: 3 }] } });
  });

  it('changes, removes and clears on the server; a guest without a cart has nothing to change', async () => {
    const api = webSessionApi(server);
    const { cart } = await webCart();

    expect(await cart.setAmount(4, 3)).toEqual({ kind: 'guest', rows: [], promoCode: null });
    expect(await cart.remove(4)).toEqual({ kind: 'guest', rows: [], promoCode: null });
    expect(writes(api.calls)).toEqual([]);

    await cart.add(product(4), 1);
    await cart.add(product(5), 1);
    const raised = await cart.setAmount(4, 3);
    const removed = await cart.remove(5);
    const cleared = await cart.clear();

    expect(raised).toMatchObject({
      kind: 'server',
      draft: { rows: [{ amount: 3 }, { amount: 1 }] },
    });
    expect(removed).toMatchObject({ kind: 'server', draft: { rows: [{ amount: 3 }] } });
    expect(cleared).toMatchObject({ kind: 'server', draft: { id: 7, rows: [] } });
    expect(writes(api.calls)).toEqual([
      'POST /api/order/draft/items',
      'POST /api/order/draft/items',
      'PATCH /api/order/7/sku-amount',
      'PATCH /api/order/7/sku-amount',
      'PUT /api/order/7/items',
    ]);
  });

  it('merges rows kept in storage before once, creating the guest cart, then removes them', async () => {
    const api = webSessionApi(server);
    const { storage, cart } = await webCart([
      [4, 2],
      [5, 1],
    ]);

    const [first, second] = await Promise.all([cart.read(), cart.read()]);
    const later = await cart.read();

    expect(first).toMatchObject({
      kind: 'server',
      draft: { id: 7, rows: [{ amount: 2 }, { amount: 1 }] },
    });
    expect(second).toEqual(first);
    expect(later).toEqual(first);
    expect(api.bodies).toEqual([
      {
        rows: [
          { sku_id: 4, amount: 2 },
          { sku_id: 5, amount: 1 },
        ],
      },
    ]);
    expect(api.cartsCreated).toBe(1);
    expect(storage.get(STORAGE_KEYS.guestCart)).toBeNull();
    expect(api.calls).toEqual([
      'GET /api/auth/csrf',
      'POST /api/order/draft/merge',
      'GET /api/cart',
    ]);
  });

  it('keeps the stored rows when the merge got no answer, and merges them on the next call', async () => {
    const api = webSessionApi(server, { mergeDown: true });
    const { storage, cart } = await webCart([[4, 2]]);
    const stored = storage.get(STORAGE_KEYS.guestCart);

    const error = await cart.add(product(5), 1).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(storage.get(STORAGE_KEYS.guestCart)).toBe(stored);
    expect(api.guestRows).toEqual([]); // the add waited for the rows before it

    api.mergeDown = false;
    const after = await cart.add(product(5), 1);

    expect(after).toMatchObject({
      kind: 'server',
      draft: { rows: [{ amount: 2 }, { amount: 1 }] },
    });
    expect(storage.get(STORAGE_KEYS.guestCart)).toBeNull();
  });

  it('reports the merge the sign-in did, without sending the rows again', async () => {
    const api = webSessionApi(server, { memberRows: [{ sku_id: 4, amount: 1 }] });
    const { client, cart } = await webCart();
    await cart.add(product(4), 3);
    await cart.add(product(6), 1);

    await client.auth.login('ana@example.com', 'Demo1234');
    const calls = api.calls.length;
    const merge = await cart.mergeAtSignIn();

    expect(merge).toMatchObject({
      draft: { id: 9, rows: [{ amount: 3 }, { amount: 1 }] },
      changed: true,
      added: [6],
      raised: [4],
      promoCode: null,
    });
    expect(writes(api.calls.slice(calls))).toEqual([]);
    // Reported once: a second call finds no merge to report.
    expect(await cart.mergeAtSignIn()).toMatchObject({ changed: false, added: [], raised: [] });
  });

  it('merges rows still in storage at sign-in into the member draft, once', async () => {
    const api = webSessionApi(server);
    const { storage, client, cart } = await webCart([[5, 2]]);

    await client.auth.login('ana@example.com', 'Demo1234');
    const merge = await cart.mergeAtSignIn();

    expect(merge).toMatchObject({
      draft: { id: 9, rows: [{ amount: 2 }] },
      changed: true,
      added: [5],
    });
    expect(api.memberRows).toEqual([{ sku_id: 5, amount: 2 }]);
    expect(storage.get(STORAGE_KEYS.guestCart)).toBeNull();
    expect(api.cartsCreated).toBe(0);
  });

  it('holds a guest code until the first add creates the server cart, then puts it there', async () => {
    const api = webSessionApi(server);
    const { cart, promoCode } = await webCart();

    const held = await cart.applyPromoCode(' Welcome10 ');
    const after = await cart.add(product(4), 1);

    expect(held).toEqual({ kind: 'guest', rows: [], promoCode: 'Welcome10' });
    expect(after).toMatchObject({ kind: 'server', draft: { promoCode: 'Welcome10' } });
    expect(api.guestPromoCode).toBe('Welcome10');
    expect(promoCode.get()).toBeNull();
  });
});

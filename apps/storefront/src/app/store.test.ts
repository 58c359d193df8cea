import { http, HttpResponse } from 'msw';
import { API, server } from '../test/server';
import { createVisitorStore, signIn } from '../test/render-app';
import { testVisitor } from '../test/visitor';
import { unitsOf, useGuestCartApi } from '../test/fake-cart-api';
import { getSdk } from '../lib/sdk';
import { api } from '../lib/api';
import { cartApi } from '../features/cart/cart-api';
import { catalogApi } from '../features/catalog/catalog-api';
import { detailOf, productsFixture } from '../features/catalog/catalog-fixtures';
import { connectStore, createAppStore } from './store';
import type { AppStore } from '../kernel/store';
import { signInWith, signOut, signedOut } from '../kernel/session-slice';
import { draftOf } from '../test/fixtures';

const vitaminC = {
  id: 7,
  name: 'Vitamin C 500 mg',
  price: '4.99',
  inStock: 3,
  status: null,
  brand: 'Acme',
  manufacturer: 'Acme Labs',
  categoryId: 2,
  categoryName: 'Vitamins',
  mainImage: '/images/7.jpg',
};

/** A web sign-in's answer (session mode): the API set its session cookie; no guest cart merged. */
const webSession = { session: 'cookie' as const, csrf_token: 'csrf-member', merge: null };

/** The visitor's store (its own SDK) wired as main.tsx wires it; disconnected when the test ends. */
function connectedStore(): AppStore {
  const store = createVisitorStore();
  onTestFinished(connectStore(store));
  return store;
}

/** Another tab of this browser: its own store and SDK, told of sign-in and sign-out by the channel. */
function otherTab(): AppStore {
  const store = createAppStore();
  onTestFinished(connectStore(store));
  return store;
}

/** What another tab says on the session channel (store.ts): true signed in, false signed out. */
function announceFromAnotherTab(signedInNow: boolean) {
  const channel = new BroadcastChannel('otc-session');
  channel.postMessage(signedInNow);
  channel.close();
}

/**
 * The cart as the header reads it: RTK Query's `getCart`, kept subscribed like a mounted header
 * (`refetchOnFocus` as the cart page asks it).
 */
function watchCart(store: AppStore, options: { refetchOnFocus?: boolean } = {}) {
  const subscription = store.dispatch(cartApi.endpoints.getCart.initiate(undefined, { subscriptionOptions: options }));
  onTestFinished(() => subscription.unsubscribe());
  return () => cartApi.endpoints.getCart.select()(store.getState()).data?.lines;
}

const units = (rows: { amount: number }[] | undefined) => (rows ?? []).reduce((sum, row) => sum + row.amount, 0);
// A cart line as the SDK's cart facade draws it (no per-period limit on these products).
const line = (product: typeof vitaminC, amount: number) => ({ product, amount, lineTotal: (Number(product.price) * amount).toFixed(2), badReasonCode: null, periodLimit: null });

/** The server draft of a signed-in customer, with one row of `product`. */
function serveDraft(product: typeof vitaminC, amount: number) {
  const reads: number[] = [];
  const draft = draftOf([{ product, amount }]);
  server.use(
    http.post(`${API}/api/order/prepare-draft`, () => {
      reads.push(Date.now());
      return HttpResponse.json(draft);
    }),
  );
  return reads;
}

/** The product answer with the favorite flag of whoever is signed in (as the API sees the cookie). */
function serveProductBySession() {
  const vitaminA = productsFixture[0]!;
  const requests: string[] = [];
  server.use(
    http.get(`${API}/api/catalog/products/:id`, () => {
      const who = testVisitor.signedIn ? 'customer' : 'guest';
      requests.push(who);
      return HttpResponse.json({ product: detailOf(vitaminA, { favorite: who === 'customer' }), similar: [] });
    }),
  );
  return { requests, id: vitaminA.id };
}

describe('store and SDK stay in step', () => {
  it("starts from the SDK: the cart of a guest is the guest's server cart, read through RTK Query", async () => {
    const guest = useGuestCartApi({ rows: [{ product: vitaminC, amount: 2 }] });
    const store = createVisitorStore();
    expect(store.getState().session.signedIn).toBe(false);
    const cart = watchCart(store);
    await vi.waitFor(() => expect(cart()).toEqual([line(vitaminC, 2)]));
    expect(guest.calls).toEqual(['GET /api/cart']);
  });

  it('rows this browser kept in storage before the cart moved to the server are merged into it once, then gone', async () => {
    const bandages = { ...vitaminC, id: 8, name: 'Bandages' };
    const guest = useGuestCartApi({ rows: [{ product: vitaminC, amount: 1 }], products: [bandages] });
    localStorage.setItem('guest-cart', JSON.stringify([{ product: bandages, amount: 2 }]));
    const store = createVisitorStore();
    const cart = watchCart(store);
    await vi.waitFor(() => expect(cart()).toEqual([line(vitaminC, 1), line(bandages, 2)]));
    expect(guest.merged).toEqual([[{ sku_id: 8, amount: 2 }]]);
    expect(store.dispatch(getSdk).storedGuestCart.rows()).toEqual([]);
    // Read again: nothing is merged twice.
    await store.dispatch(cartApi.endpoints.getCart.initiate(undefined, { forceRefetch: true, subscribe: false }));
    expect(guest.merged).toHaveLength(1);
    expect(unitsOf(guest)).toBe(3);
  });

  it('starts from the SDK: the cart of a signed-in customer is the server draft (cart facade)', async () => {
    signIn();
    serveDraft(vitaminC, 2);
    const store = createVisitorStore();
    expect(store.getState().session.signedIn).toBe(true);
    const cart = watchCart(store);
    await vi.waitFor(() => expect(cart()).toEqual([line(vitaminC, 2)]));
  });

  it('adding goes through the addToCart mutation, which refuses more than the stock', async () => {
    const guest = useGuestCartApi({ products: [vitaminC] });
    const store = connectedStore();
    const cart = watchCart(store);
    const added = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: { id: 7 }, amount: 2 }));
    expect(added.data?.lines).toEqual([line(vitaminC, 2)]);
    await vi.waitFor(() => expect(units(cart())).toBe(2));
    const refused = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: { id: 7 }, amount: 2 }));
    expect(refused.error).toMatchObject({ status: 422, code: 'cannot_add_more' });
    expect(unitsOf(guest)).toBe(2);
    expect(units(cart())).toBe(2);
  });

  it('follows guest cart changes made through the cart mutations, and counts units', async () => {
    const bandages = { ...vitaminC, id: 8, name: 'Bandages' };
    const guest = useGuestCartApi({ products: [vitaminC, bandages] });
    const store = connectedStore();
    const cart = watchCart(store);
    await vi.waitFor(() => expect(cart()).toEqual([]));
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: { id: 7 }, amount: 2 })).unwrap();
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: { id: 8 }, amount: 1 })).unwrap();
    await vi.waitFor(() => expect(cart()).toHaveLength(2));
    expect(units(cart())).toBe(3);
    await store.dispatch(cartApi.endpoints.removeFromCart.initiate({ productId: 7 })).unwrap();
    await vi.waitFor(() => expect(units(cart())).toBe(1));
    expect(guest.rows.map((row) => [row.product.id, row.amount])).toEqual([[8, 1]]);
  });

  it('reads the guest server cart again when the tab comes back (changed in another tab)', async () => {
    const guest = useGuestCartApi({ products: [vitaminC] });
    const store = connectedStore();
    const cart = watchCart(store, { refetchOnFocus: true });
    await vi.waitFor(() => expect(cart()).toEqual([]));
    // Another tab of this browser adds to the same server cart (one cart cookie).
    guest.rows.push({ product: vitaminC, amount: 3 });
    guest.cartCookie = true;
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(units(cart())).toBe(3));
  });

  it('follows sign-in and sign-out made in another tab (the session channel)', async () => {
    // The member's draft, which both tabs read once signed in.
    server.use(http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(draftOf([], { id: 900 }))));
    const first = connectedStore();
    const second = otherTab();
    expect(second.getState().session.signedIn).toBe(false);
    testVisitor.signedIn = true;
    await first.dispatch(signInWith(webSession));
    expect(first.getState().session.signedIn).toBe(true);
    await vi.waitFor(() => expect(second.getState().session.signedIn).toBe(true));

    let logouts = 0;
    server.use(
      http.post(`${API}/api/auth/logout`, () => {
        logouts += 1;
        testVisitor.signedIn = false;
        return HttpResponse.json({ ok: true });
      }),
    );
    await first.dispatch(signOut());
    expect(first.getState().session.signedIn).toBe(false);
    await vi.waitFor(() => expect(second.getState().session.signedIn).toBe(false));
    // The sign-out ended the cookie's session at the API (one cookie for both tabs).
    expect(logouts).toBeGreaterThanOrEqual(1);
    expect(first.dispatch(getSdk).client.isSignedIn()).toBe(false);
    // No session-ended notice: a sign-out is not an end the visitor did not ask for.
    expect(second.getState().ui.notifications).toEqual([]);
  });

  it('signs out and says so when the API ends the session (a 401 on me)', async () => {
    signIn();
    server.use(
      http.get(`${API}/api/auth/me`, () => HttpResponse.json({ message: 'Unauthenticated.', code: 'unauthorized' }, { status: 401 })),
    );
    const store = connectedStore();
    expect(store.getState().session.signedIn).toBe(true);
    const { client } = store.dispatch(getSdk);
    await expect(client.call('me')).rejects.toThrow();
    expect(store.getState().session.signedIn).toBe(false);
    expect(store.dispatch(getSdk).client.isSignedIn()).toBe(false);
    expect(store.getState().ui.notifications).toEqual([
      expect.objectContaining({ id: 'session-ended', title: 'Your session has ended. Please sign in again.' }),
    ]);
    expect(localStorage.getItem('session-tokens')).toBeNull();
  });
});

describe('RTK Query cache follows who is signed in (Session tag)', () => {
  it('a sign-in in another tab refetches customer data on screen (a product favorite)', async () => {
    const { requests, id } = serveProductBySession();
    const store = connectedStore();
    const subscription = store.dispatch(catalogApi.endpoints.getProduct.initiate({ id, locale: 'en' }));
    onTestFinished(() => subscription.unsubscribe());
    const product = () => catalogApi.endpoints.getProduct.select({ id, locale: 'en' })(store.getState()).data;
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(false));

    // Another tab signed in: the cookie is this tab's too, and the channel says so.
    testVisitor.signedIn = true;
    announceFromAnotherTab(true);
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(true));
    expect(store.getState().session.signedIn).toBe(true);

    testVisitor.signedIn = false;
    announceFromAnotherTab(false);
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(false));
    expect(store.getState().session.signedIn).toBe(false);
    expect(requests).toEqual(['guest', 'customer', 'guest']);
  });

  it('sign-in and sign-out in this tab refetch customer data on screen, the cart too', async () => {
    const { requests, id } = serveProductBySession();
    // The API ends the cookie's session at the sign-out.
    server.use(
      http.post(`${API}/api/auth/logout`, () => {
        testVisitor.signedIn = false;
        return HttpResponse.json({ ok: true });
      }),
    );
    const store = connectedStore();
    const subscription = store.dispatch(catalogApi.endpoints.getProduct.initiate({ id, locale: 'en' }));
    onTestFinished(() => subscription.unsubscribe());
    const draftReads = serveDraft(vitaminC, 1);
    const cart = watchCart(store);
    const product = () => catalogApi.endpoints.getProduct.select({ id, locale: 'en' })(store.getState()).data;
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(false));
    await vi.waitFor(() => expect(cart()).toEqual([]));
    expect(draftReads).toHaveLength(0);

    // The sign-in's answer: the API set the session cookie.
    testVisitor.signedIn = true;
    const report = await store.dispatch(signInWith(webSession));
    expect(store.getState().session.signedIn).toBe(true);
    // Nothing of a guest cart to merge: nothing said about it.
    expect(report).toMatchObject({ changed: false, added: [] });
    expect(store.getState().ui.notifications).toEqual([]);
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(true));
    // The cart now is the customer's server draft.
    await vi.waitFor(() => expect(cart()).toEqual([line(vitaminC, 1)]));
    expect(draftReads.length).toBeGreaterThan(0);
    // Every read since the sign-in was the customer's (the merge's report refetches once more).
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    const signedInReads = requests.slice(1);
    expect(signedInReads.length).toBeGreaterThan(0);
    expect(signedInReads.every((who) => who === 'customer')).toBe(true);

    await store.dispatch(signOut());
    expect(store.getState().session.signedIn).toBe(false);
    expect(store.dispatch(getSdk).client.isSignedIn()).toBe(false);
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(false));
    expect(requests).toEqual(['guest', ...signedInReads, 'guest']);
  });

  it('customer data no longer on screen is dropped at sign-out, not kept for the next person', async () => {
    signIn();
    const { id } = serveProductBySession();
    const store = connectedStore();
    const subscription = store.dispatch(catalogApi.endpoints.getProduct.initiate({ id, locale: 'en' }));
    await subscription.unwrap();
    subscription.unsubscribe();
    const cached = () => catalogApi.endpoints.getProduct.select({ id, locale: 'en' })(store.getState()).data;
    expect(cached()?.product.favorite).toBe(true);

    store.dispatch(signedOut());
    await vi.waitFor(() => expect(cached()).toBeUndefined());
  });
});

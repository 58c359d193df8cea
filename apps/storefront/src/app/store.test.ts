import { http, HttpResponse } from 'msw';
import { API, server } from '../test/server';
import { signIn } from '../test/render-app';
import { client, guestCart } from '../lib/sdk';
import { cartApi } from '../features/cart/cart-api';
import { catalogApi } from '../features/catalog/catalog-api';
import { detailOf, productsFixture } from '../features/catalog/catalog-fixtures';
import { connectStore, createAppStore, type AppStore } from './store';
import { signInWith, signOut, signedOut } from './session-slice';
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

function expiredToken(): string {
  const payload = btoa(JSON.stringify({ exp: 1_000, username: 'ana@example.com' })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`;
}

/** A store wired to the SDK as main.tsx wires it; disconnected when the test ends. */
function connectedStore(): AppStore {
  const store = createAppStore();
  onTestFinished(connectStore(store));
  return store;
}

/** The cart as the header reads it: RTK Query's `getCart`, kept subscribed like a mounted header. */
function watchCart(store: AppStore) {
  const subscription = store.dispatch(cartApi.endpoints.getCart.initiate());
  onTestFinished(() => subscription.unsubscribe());
  return () => cartApi.endpoints.getCart.select()(store.getState()).data?.lines;
}

const units = (rows: { amount: number }[] | undefined) => (rows ?? []).reduce((sum, row) => sum + row.amount, 0);
const line = (product: typeof vitaminC, amount: number) => ({ product, amount, lineTotal: (Number(product.price) * amount).toFixed(2), badReasonCode: null });

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

/** The product answer with the favorite flag of whoever is signed in (by the token sent). */
function serveProductBySession() {
  const vitaminA = productsFixture[0]!;
  const requests: string[] = [];
  server.use(
    http.get(`${API}/api/catalog/products/:id`, ({ request }) => {
      const who = request.headers.get('authorization') ? 'customer' : 'guest';
      requests.push(who);
      return HttpResponse.json({ product: detailOf(vitaminA, { favorite: who === 'customer' }), similar: [] });
    }),
  );
  return { requests, id: vitaminA.id };
}

describe('store and SDK stay in step', () => {
  it('starts from the SDK: the cart of a guest is the local one, read through RTK Query', async () => {
    localStorage.setItem('guest-cart', JSON.stringify([{ product: vitaminC, amount: 2 }]));
    const store = createAppStore();
    expect(store.getState().session.signedIn).toBe(false);
    const cart = watchCart(store);
    await vi.waitFor(() => expect(cart()).toEqual([line(vitaminC, 2)]));
  });

  it('starts from the SDK: the cart of a signed-in customer is the server draft (cart facade)', async () => {
    signIn();
    serveDraft(vitaminC, 2);
    localStorage.setItem('guest-cart', JSON.stringify([{ product: { ...vitaminC, id: 8 }, amount: 5 }]));
    const store = createAppStore();
    expect(store.getState().session.signedIn).toBe(true);
    const cart = watchCart(store);
    await vi.waitFor(() => expect(cart()).toEqual([line(vitaminC, 2)]));
  });

  it('adding goes through the addToCart mutation, which refuses more than the stock', async () => {
    const store = connectedStore();
    const cart = watchCart(store);
    const added = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: vitaminC, amount: 2 }));
    expect(added.data?.lines).toEqual([line(vitaminC, 2)]);
    await vi.waitFor(() => expect(units(cart())).toBe(2));
    const refused = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: vitaminC, amount: 2 }));
    expect(refused.error).toMatchObject({ status: 422, code: 'cannot_add_more' });
    expect(guestCart.count()).toBe(2);
  });

  it('follows guest cart changes made through the SDK (Cart tag invalidated), and counts units', async () => {
    const store = connectedStore();
    const cart = watchCart(store);
    await guestCart.add(vitaminC, 2);
    await guestCart.add({ ...vitaminC, id: 8 });
    await vi.waitFor(() => expect(cart()).toHaveLength(2));
    expect(units(cart())).toBe(3);
    await guestCart.remove(7);
    await vi.waitFor(() => expect(units(cart())).toBe(1));
  });

  it('follows the guest cart changed in another tab (storage event)', async () => {
    const store = connectedStore();
    const cart = watchCart(store);
    await vi.waitFor(() => expect(cart()).toEqual([]));
    localStorage.setItem('guest-cart', JSON.stringify([{ product: vitaminC, amount: 3 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'guest-cart' }));
    await vi.waitFor(() => expect(units(cart())).toBe(3));
  });

  it('follows sign-in and sign-out made in another tab', () => {
    const store = connectedStore();
    expect(store.getState().session.signedIn).toBe(false);
    signIn();
    window.dispatchEvent(new StorageEvent('storage', { key: 'session-tokens' }));
    expect(store.getState().session.signedIn).toBe(true);
    localStorage.removeItem('session-tokens');
    window.dispatchEvent(new StorageEvent('storage', { key: 'session-tokens' }));
    expect(store.getState().session.signedIn).toBe(false);
  });

  it('signs out when the SDK ends the session (refresh refused)', async () => {
    localStorage.setItem('session-tokens', JSON.stringify({ token: expiredToken(), refresh_token: 'old' }));
    server.use(
      http.post(`${API}/api/auth/token-refresh`, () => HttpResponse.json({ message: 'revoked' }, { status: 401 })),
      http.get(`${API}/api/auth/me`, () => HttpResponse.json({ message: 'no' }, { status: 401 })),
    );
    const store = connectedStore();
    expect(store.getState().session.signedIn).toBe(true);
    await expect(client.call('me')).rejects.toThrow();
    expect(store.getState().session.signedIn).toBe(false);
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

    signIn();
    window.dispatchEvent(new StorageEvent('storage', { key: 'session-tokens' }));
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(true));

    localStorage.removeItem('session-tokens');
    window.dispatchEvent(new StorageEvent('storage', { key: 'session-tokens' }));
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(false));
    expect(requests).toEqual(['guest', 'customer', 'guest']);
  });

  it('sign-in and sign-out in this tab refetch customer data on screen, the cart too', async () => {
    const { requests, id } = serveProductBySession();
    server.use(http.post(`${API}/api/auth/logout`, () => HttpResponse.json({})));
    const store = connectedStore();
    const subscription = store.dispatch(catalogApi.endpoints.getProduct.initiate({ id, locale: 'en' }));
    onTestFinished(() => subscription.unsubscribe());
    const draftReads = serveDraft(vitaminC, 1);
    const cart = watchCart(store);
    const product = () => catalogApi.endpoints.getProduct.select({ id, locale: 'en' })(store.getState()).data;
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(false));
    await vi.waitFor(() => expect(cart()).toEqual([]));
    expect(draftReads).toHaveLength(0);

    const payload = btoa(JSON.stringify({ exp: 4_102_444_800 })).replace(/=+$/, '');
    store.dispatch(signInWith({ token: `eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`, refresh_token: 'r' }));
    expect(store.getState().session.signedIn).toBe(true);
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(true));
    // The cart now is the customer's server draft.
    await vi.waitFor(() => expect(cart()).toEqual([line(vitaminC, 1)]));
    expect(draftReads.length).toBeGreaterThan(0);

    await store.dispatch(signOut());
    expect(store.getState().session.signedIn).toBe(false);
    expect(client.isSignedIn()).toBe(false);
    await vi.waitFor(() => expect(product()?.product.favorite).toBe(false));
    expect(requests).toEqual(['guest', 'customer', 'guest']);
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

import { http, HttpResponse } from 'msw';
import { API, server } from '../test/server';
import { signIn } from '../test/render-app';
import { client, guestCart } from '../lib/sdk';
import { connectStore, createAppStore } from './store';
import { selectGuestCartCount } from '../features/cart/guest-cart-slice';

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

describe('store and SDK stay in step', () => {
  it('starts from the SDK: session and guest cart', () => {
    signIn();
    localStorage.setItem(
      'guest-cart',
      JSON.stringify([{ product: vitaminC, amount: 2 }]),
    );
    const store = createAppStore();
    expect(store.getState().session.signedIn).toBe(true);
    expect(store.getState().guestCart.rows).toEqual([{ product: vitaminC, amount: 2 }]);
  });

  it('mirrors guest cart changes made through the SDK, and counts units', async () => {
    const store = createAppStore();
    const disconnect = connectStore(store);
    await guestCart.add(vitaminC, 2);
    await guestCart.add({ ...vitaminC, id: 8 });
    expect(store.getState().guestCart.rows).toHaveLength(2);
    expect(selectGuestCartCount(store.getState())).toBe(3);
    await guestCart.remove(7);
    expect(selectGuestCartCount(store.getState())).toBe(1);
    disconnect();
  });

  it('follows sign-in and sign-out made in another tab', () => {
    const store = createAppStore();
    const disconnect = connectStore(store);
    expect(store.getState().session.signedIn).toBe(false);
    signIn();
    window.dispatchEvent(new StorageEvent('storage', { key: 'session-tokens' }));
    expect(store.getState().session.signedIn).toBe(true);
    localStorage.removeItem('session-tokens');
    window.dispatchEvent(new StorageEvent('storage', { key: 'session-tokens' }));
    expect(store.getState().session.signedIn).toBe(false);
    disconnect();
  });

  it('signs out when the SDK ends the session (refresh refused)', async () => {
    localStorage.setItem('session-tokens', JSON.stringify({ token: expiredToken(), refresh_token: 'old' }));
    server.use(
      http.post(`${API}/api/auth/token-refresh`, () => HttpResponse.json({ message: 'revoked' }, { status: 401 })),
      http.get(`${API}/api/auth/me`, () => HttpResponse.json({ message: 'no' }, { status: 401 })),
    );
    const store = createAppStore();
    const disconnect = connectStore(store);
    expect(store.getState().session.signedIn).toBe(true);
    await expect(client.call('me')).rejects.toThrow();
    expect(store.getState().session.signedIn).toBe(false);
    expect(localStorage.getItem('session-tokens')).toBeNull();
    disconnect();
  });
});

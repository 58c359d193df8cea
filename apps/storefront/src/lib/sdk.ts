// The ONE SDK client of the storefront, and the SDK stores it shares (same localStorage port).
import {
  createAgentIdStore,
  createCart,
  createCheckout,
  createClient,
  createGuestCart,
  createLocalStorage,
  createPromoCodeStore,
} from '@otc/sdk';
import { env } from '../env';

export const storage = createLocalStorage();
/** `promo-code` in localStorage: a single text value, set from `?personalcode=`. */
export const promoCodeStore = createPromoCodeStore(storage);
/** The agent id from `?agentId=`, sent by the client with order calls. */
export const agentIdStore = createAgentIdStore(storage);
export const guestCart = createGuestCart({ storage });

let serverFetch: typeof fetch | undefined;

/**
 * The server render's way to the API (src/entry-server.tsx): set once per process by the API that
 * mounts the render, which answers in process. Never set in the browser.
 */
export function setServerFetch(fetchOnServer: typeof fetch): void {
  serverFetch = fetchOnServer;
}

const sessionEndListeners = new Set<() => void>();

/** Runs `listener` when the SDK ends the session (refresh failed, or 401 after the retry). */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export const client = createClient({
  baseUrl: env.apiBaseUrl,
  tokens: storage,
  // The server render answers the API's calls in its own process (setServerFetch).
  fetch: (input, init) => (serverFetch ?? globalThis.fetch)(input, init),
  agentId: () => agentIdStore.get(),
  onSessionEnd: () => sessionEndListeners.forEach((listener) => listener()),
});

export type SdkClient = typeof client;

/**
 * The ONE cart facade (guest cart in storage while nobody is signed in, the server draft once
 * someone is, and the merge at sign-in). Only RTK Query endpoints and the sign-in thunk call it.
 */
export const cart = createCart({ client, guestCart, promoCode: promoCodeStore });

/**
 * The ONE checkout facade beside the cart: the open draft (one read shared with the cart), the
 * step gate, place, pay (again), back to the cart and cancel. Only RTK Query endpoints call it.
 */
export const checkout = createCheckout({ client });

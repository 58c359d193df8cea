// The storefront's SDK: one client in `session` mode (docs/web-session.md: the session is the
// API's HttpOnly cookie, nothing of it is readable here) with the cart and checkout facades
// around it. Each store has its own (src/app/store.ts passes it to RTK Query and the thunks as
// their `extra`): the browser one, and one per request on the server, which draws and answers
// form posts for the visitor whose cookies the request carries. Nothing here is shared between
// two visitors.
import {
  createAgentIdStore,
  createCart,
  createCheckout,
  createClient,
  createGuestCart,
  createLocalStorage,
  createMemoryStorage,
  createPromoCodeStore,
  type Cart,
  type Checkout,
  type Client,
  type GuestCart,
  type TextValueStore,
} from '@otc/sdk';
import { env } from '../env';

export interface ShopSdk {
  client: Client<'session'>;
  /** The cart facade (the server cart, a guest's too); only RTK Query endpoints call it. */
  cart: Cart;
  /** The checkout facade beside the cart; only RTK Query endpoints call it. */
  checkout: Checkout;
  /** `promo-code` in storage: a code a guest typed before their cart existed, or `?personalcode=`. */
  promoCodes: TextValueStore;
  /** The agent id from `?agentId=`, sent by the client with order calls. */
  agentIds: TextValueStore;
  /** Rows this browser kept before the cart moved to the server: merged once, then gone. */
  storedGuestCart: GuestCart;
  /** Runs `listener` when the API ends the session (a 401): the store signs out. */
  onSessionEnd(listener: () => void): () => void;
}

export interface ShopSdkOptions {
  /** Whether the visitor is signed in (the server knows: ServerData). */
  signedIn: boolean;
  /** The CSRF token of the visitor's cookie; null: no cookie; undefined: ask before a write. */
  csrfToken?: string | null | undefined;
  /** The server render's way to the API, answered in its process; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** `browser`: localStorage; `request`: memory of this request only. */
  storage: 'browser' | 'request';
}

export function createShopSdk(options: ShopSdkOptions): ShopSdk {
  const storage = options.storage === 'browser' ? createLocalStorage() : createMemoryStorage();
  const promoCodes = createPromoCodeStore(storage);
  const agentIds = createAgentIdStore(storage);
  const storedGuestCart = createGuestCart({ storage });
  const sessionEndListeners = new Set<() => void>();
  const fetchOnServer = options.fetch;
  const client = createClient({
    baseUrl: env.apiBaseUrl,
    authMode: 'session',
    signedIn: options.signedIn,
    ...(options.csrfToken !== undefined ? { csrfToken: options.csrfToken } : {}),
    // Read at each call: tests replace the global fetch after the app has started.
    fetch: (input, init) => (fetchOnServer ?? globalThis.fetch)(input, init),
    agentId: () => agentIds.get(),
    onSessionEnd: () => sessionEndListeners.forEach((listener) => listener()),
  });
  return {
    client,
    cart: createCart({ client, guestCart: storedGuestCart, promoCode: promoCodes }),
    checkout: createCheckout({ client }),
    promoCodes,
    agentIds,
    storedGuestCart,
    onSessionEnd(listener) {
      sessionEndListeners.add(listener);
      return () => sessionEndListeners.delete(listener);
    },
  };
}

/** The visitor's SDK of the store an endpoint or a thunk runs in (the store's `extra`). */
export function sdkOf(api: { extra: unknown }): ShopSdk {
  return api.extra as ShopSdk;
}

/** A thunk answering the store's SDK: `dispatch(getSdk)` where a component or loader needs it. */
export const getSdk = (_dispatch: unknown, _getState: unknown, sdk: ShopSdk): ShopSdk => sdk;

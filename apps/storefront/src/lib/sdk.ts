// The ONE SDK client of the storefront, and the SDK stores it shares (same localStorage port).
import {
  createAgentIdStore,
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

const sessionEndListeners = new Set<() => void>();

/** Runs `listener` when the SDK ends the session (refresh failed, or 401 after the retry). */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export const client = createClient({
  baseUrl: env.apiBaseUrl,
  tokens: storage,
  agentId: () => agentIdStore.get(),
  onSessionEnd: () => sessionEndListeners.forEach((listener) => listener()),
});

export type SdkClient = typeof client;

import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { client, guestCart, onSessionEnd } from '../lib/sdk';
import { readColourMode } from '../lib/colour-mode';
import { sessionSlice, signedIn, signedOut } from '../features/session/session-slice';
import { STORAGE_KEYS } from '@otc/sdk';
import { guestCartChanged, guestCartSlice } from '../features/cart/guest-cart-slice';
import { uiSlice } from '../features/ui/ui-slice';
import { catalogViewSlice } from '../features/catalog/catalog-view-slice';

const rootReducer = combineSlices(api, sessionSlice, guestCartSlice, uiSlice, catalogViewSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** A store whose starting state is read from the SDK (session, guest cart) and localStorage. */
export function createAppStore() {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: { signedIn: client.isSignedIn() },
      guestCart: { rows: guestCart.rows() },
      ui: { searchOpen: false, colourMode: readColourMode(), notifications: [] },
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  activeStore = store;
  return store;
}

let activeStore: ReturnType<typeof createAppStore> | undefined;

/** The store of the running app, for route loaders that prefetch into it (`initiate`). */
export function getActiveStore(): AppStore | undefined {
  return activeStore;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/** Keeps the store in step with the SDK: session end, guest cart changes, refetch on focus. */
export function connectStore(store: AppStore): () => void {
  const unsubscribers = [
    onSessionEnd(() => {
      store.dispatch(signedOut());
      store.dispatch(api.util.resetApiState());
    }),
    guestCart.subscribe((rows) => store.dispatch(guestCartChanged(rows))),
    setupListeners(store.dispatch),
    watchOtherTabs(store),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** Sign-in and sign-out in another tab (tokens and guest cart live in shared localStorage). */
function watchOtherTabs(store: AppStore): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.tokens || event.key === null) {
      const now = client.isSignedIn();
      if (now !== store.getState().session.signedIn) {
        store.dispatch(now ? signedIn() : signedOut());
        if (!now) store.dispatch(api.util.resetApiState());
      }
    }
    if (event.key === STORAGE_KEYS.guestCart || event.key === null) {
      store.dispatch(guestCartChanged(guestCart.rows()));
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

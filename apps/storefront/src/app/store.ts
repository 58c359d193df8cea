import { combineSlices, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { client, guestCart, onSessionEnd } from '../lib/sdk';
import { readColourMode } from '../lib/colour-mode';
import { CUSTOMER_TAGS, followSdkSession, sessionSlice, signedIn, signedOut } from './session-slice';
import { STORAGE_KEYS, errorText } from '@otc/sdk';
import { i18n } from '../lib/i18n';
import { isLocale } from '../lib/locale';
import { notify } from './notify';
import { colourModeChanged, uiSlice } from './ui-slice';
import { onServer } from '../lib/on-server';
import { catalogViewSlice } from '../features/catalog/catalog-view-slice';

const rootReducer = combineSlices(api, sessionSlice, uiSlice, catalogViewSlice);
export type RootState = ReturnType<typeof rootReducer>;

/**
 * Who is signed in changed (here or in another tab, or the SDK ended the session): what RTK
 * Query holds for the customer (endpoints providing the `Session` tag) is refetched if on
 * screen and dropped otherwise, so nothing of the previous customer (or guest) is shown.
 */
function sessionListener() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(signedIn, signedOut),
    effect: (_action, { dispatch }) => {
      dispatch(api.util.invalidateTags([...CUSTOMER_TAGS]));
    },
  });
  return listener.middleware;
}

export interface AppStoreOptions {
  /**
   * The page arrived drawn by the server: start as the server drew it (nobody signed in, the
   * device's colour mode), so hydration matches; `followBrowserState` catches up right after.
   */
  asServerDrew?: boolean;
}

/** A store whose starting state is read from the SDK (session) and localStorage. */
export function createAppStore(options: AppStoreOptions = {}) {
  const asServer = onServer || options.asServerDrew === true;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: { signedIn: asServer ? false : client.isSignedIn() },
      ui: { searchOpen: false, colourMode: asServer ? 'system' : readColourMode(), notifications: [] },
    },
    middleware: (getDefault) => getDefault().prepend(sessionListener()).concat(api.middleware),
  });
  // On the server each request has its own store, found by `setActiveStoreSource`.
  if (!onServer) activeStore = store;
  return store;
}

let activeStore: ReturnType<typeof createAppStore> | undefined;
let activeStoreSource: (() => AppStore | undefined) | undefined;

/** The store of the running app, for route loaders that prefetch into it (`initiate`). */
export function getActiveStore(): AppStore | undefined {
  return activeStoreSource ? activeStoreSource() : activeStore;
}

/** The server render's per-request store (requests render side by side in one process). */
export function setActiveStoreSource(source: () => AppStore | undefined): void {
  activeStoreSource = source;
}

/**
 * After hydration: the state the server could not know (the session and the colour mode kept in
 * this browser, the guest cart in its storage) replaces what the page was drawn with.
 */
export function followBrowserState(store: AppStore): void {
  store.dispatch(colourModeChanged(readColourMode()));
  if (client.isSignedIn()) store.dispatch(followSdkSession());
  // The server drew the guest cart empty: only a cart with rows in this browser is asked again (a
  // refetch re-renders every product card at once, one long task on a phone).
  else if (guestCart.rows().length > 0) store.dispatch(api.util.invalidateTags(['Cart']));
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/** Keeps the store in step with the SDK: session end, guest cart changes, refetch on focus. */
export function connectStore(store: AppStore): () => void {
  const unsubscribers = [
    onSessionEnd(() => endSession(store)),
    guestCart.subscribe(() => store.dispatch(api.util.invalidateTags(['Cart']))),
    setupListeners(store.dispatch),
    watchOtherTabs(store),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/**
 * The SDK could not renew the session (refresh refused, or 401 after the retry): the store signs
 * out and says so; a protected page on screen sends the visitor to sign in (SessionWatch).
 */
function endSession(store: AppStore): void {
  if (!store.getState().session.signedIn) return;
  store.dispatch(signedOut());
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  notify(store.dispatch, {
    id: 'session-ended',
    title: errorText('session_ended', locale),
    icon: 'warning',
    color: 'warning',
    timeout: 0,
  });
}

/** Sign-in and sign-out in another tab (tokens and guest cart live in shared localStorage). */
function watchOtherTabs(store: AppStore): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.tokens || event.key === null) {
      store.dispatch(followSdkSession());
    }
    if (event.key === STORAGE_KEYS.guestCart || event.key === null) {
      store.dispatch(api.util.invalidateTags(['Cart']));
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

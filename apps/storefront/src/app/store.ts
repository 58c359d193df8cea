import { combineSlices, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { createShopSdk, getSdk, type ShopSdk } from '../lib/sdk';
import { readColourMode, type ColourMode } from '../lib/colour-mode';
import { CUSTOMER_TAGS, sessionSlice, signedIn, signedOut } from '../kernel/session-slice';
import { errorText } from '@otc/sdk';
import { i18n } from '../lib/i18n';
import { isLocale } from '../lib/locale';
import { notify } from '../kernel/notify';
import { uiSlice } from '../kernel/ui-slice';
import { onServer } from '../lib/on-server';
import { catalogViewSlice } from '../features/catalog/catalog-view-slice';
import { guestPlanSlice } from '../lib/guest-plan';
import type { AppStore } from '../kernel/store';

/**
 * The reducer map: the state every part of the shop reads (src/kernel/store.ts `RootState`) and a
 * feature's own slice, which only that feature reads (the catalog's view).
 */
const rootReducer = combineSlices(api, sessionSlice, uiSlice, catalogViewSlice, guestPlanSlice);

/**
 * Who is signed in changed (a sign-in, a sign-out, here or in another tab, or the API ended the
 * session): what RTK Query holds for the customer (endpoints providing the `Session` tag) is
 * refetched if on screen and dropped otherwise, so nothing of the previous customer (or guest) is
 * shown; other tabs of this browser are told (the cookie is theirs too).
 */
function sessionListener(announce: (signedInNow: boolean) => void) {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(signedIn, signedOut),
    effect: (action, { dispatch }) => {
      dispatch(api.util.invalidateTags([...CUSTOMER_TAGS]));
      announce(signedIn.match(action));
    },
  });
  return listener.middleware;
}

export interface AppStoreOptions {
  /**
   * The visitor's SDK (src/lib/sdk.ts): the browser's, or the server request's. The store starts
   * signed in as its client is. Default: a guest's, on this browser's storage (tests).
   */
  sdk?: ShopSdk;
  /** The colour preference to start with (the server cannot know it: `system`). */
  colourMode?: ColourMode;
}

/** Other tabs of this browser: a sign-in or sign-out here is theirs too (one cookie). */
const SESSION_CHANNEL = 'otc-session';

/**
 * A store for one visitor: RTK Query's endpoints and the thunks reach the visitor's SDK as their
 * `extra` argument (`sdkOf`, lib/sdk.ts), never through a module-wide client.
 */
export function createAppStore(options: AppStoreOptions = {}): AppStore {
  const sdk = options.sdk ?? createShopSdk({ signedIn: false, storage: onServer ? 'request' : 'browser' });
  const channel = !onServer && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  let following = false;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: { signedIn: sdk.client.isSignedIn(), csrfToken: sdk.client.csrfToken() },
      ui: { searchOpen: false, colourMode: options.colourMode ?? (onServer ? 'system' : readColourMode()), notifications: [], pageNoticeAreas: 0 },
    },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: sdk } })
        .prepend(sessionListener((now) => {
          if (!following) channel?.postMessage(now);
        }))
        .concat(api.middleware),
  });
  if (channel) {
    const follow = (now: boolean) => {
      following = true;
      store.dispatch(now ? signedIn() : signedOut());
      following = false;
    };
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'boolean' || event.data === store.getState().session.signedIn) return;
      if (!event.data) {
        // Signed out in another tab: this client forgets the session too (the cookie is gone).
        void sdk.client.signOut().catch(() => {});
        follow(false);
        return;
      }
      // Signed in in another tab: the cookie is this tab's too. The client takes the session (with
      // its CSRF token), so its cart is the member's and a later 401 ends it here as well.
      void sdk.client
        .call('csrfToken')
        .then(({ csrf_token }) => (csrf_token ? sdk.client.signIn({ session: 'cookie', csrf_token, merge: null }) : undefined))
        .catch(() => {})
        .finally(() => follow(true));
    };
  }
  return store;
}

/** Keeps the store in step with the SDK: the session's end, refetch on focus and reconnect. */
export function connectStore(store: AppStore): () => void {
  const sdk = store.dispatch(getSdk);
  const unsubscribers = [sdk.onSessionEnd(() => endSession(store)), setupListeners(store.dispatch)];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/**
 * The API no longer knows the session (a 401: it ended elsewhere, or expired): the store signs
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

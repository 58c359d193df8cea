// The store as every part of the shop sees it: the state it reads and the dispatch it calls.
// The store itself is assembled by the app's root (src/app/store.ts: the reducer map, the
// visitor's SDK, the session's listeners), which holds it to these types. A feature's own slice
// that the root adds (the catalog's view) is read by that feature through its slice's selectors,
// so no shared type names it.
import type { Dispatch, Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from '../lib/api';
import type { GuestPlanState } from '../lib/guest-plan';
import type { ShopSdk } from '../lib/sdk';
import type { SessionState } from './session-slice';
import type { UiState } from './ui-slice';

/** The state every part of the shop may read: RTK Query's cache, the session, the UI, the guest's plan. */
export interface RootState {
  api: ReturnType<typeof api.reducer>;
  session: SessionState;
  ui: UiState;
  guestPlan: GuestPlanState;
}

/** Plain actions, and thunks that get the visitor's SDK as their `extra` (lib/sdk.ts `sdkOf`). */
export type AppDispatch = ThunkDispatch<RootState, ShopSdk, UnknownAction> & Dispatch<UnknownAction>;

/** One visitor's store (`createAppStore`, src/app/store.ts). */
export type AppStore = Store<RootState, UnknownAction> & { dispatch: AppDispatch };

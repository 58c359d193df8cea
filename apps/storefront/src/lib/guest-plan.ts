// The health plan a guest chose to see what it covers (issues 19, 29): one plan code in the
// `otc_plan` cookie, set by the API (`chooseGuestPlan`, which knows the plans) and read by the
// server that draws the page, so a guest's catalog and cart come with their marks drawn. The store
// holds it for the page (`guestPlan`): from the request's cookie on the server
// (entry-server.tsx), from `document.cookie` in the browser. Carried into the account at sign-up
// (`useCarryGuestPlan`, mounted by the layout) and then forgotten.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { createLocalStorage, readGuestPlanCookie } from '@otc/sdk';
import { onServer } from './on-server';

/** Where a guest's plan was kept before issue 29 (this browser's storage): moved to the cookie once. */
export const LEGACY_GUEST_PLAN_KEY = 'guest-health-plan';

export interface GuestPlanState {
  /** The guest's chosen plan code, or null. */
  code: string | null;
}

/** The plan in the browser's cookie now (null on the server: it reads the request's). */
export function readGuestPlanNow(): string | null {
  return onServer || typeof document === 'undefined' ? null : readGuestPlanCookie(document.cookie);
}

export const guestPlanSlice = createSlice({
  name: 'guestPlan',
  initialState: (): GuestPlanState => ({ code: readGuestPlanNow() }),
  reducers: {
    guestPlanKnown(state, action: PayloadAction<string | null>) {
      state.code = action.payload;
    },
  },
  selectors: {
    selectGuestPlan: (state) => state.code,
  },
});

export const { guestPlanKnown } = guestPlanSlice.actions;
export const { selectGuestPlan } = guestPlanSlice.selectors;

/** The guest's chosen plan code (null when none), following changes. */
export function useGuestPlan(): string | null {
  return useSelector((state: { guestPlan: GuestPlanState }) => state.guestPlan.code);
}

/**
 * A plan still kept in this browser's storage (before issue 29), taken out once: the caller
 * chooses it again through the API (which checks it) when no cookie names one.
 */
export function takeLegacyGuestPlan(): string | null {
  if (onServer) return null;
  const storage = createLocalStorage();
  const value = storage.get(LEGACY_GUEST_PLAN_KEY)?.trim() ?? null;
  if (value !== null) storage.remove(LEGACY_GUEST_PLAN_KEY);
  return value ? value : null;
}

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LocalCartRow } from '@otc/sdk';

/** Mirror of the SDK's local guest cart (the SDK owns storage; the store follows its changes). */
export interface GuestCartState {
  rows: LocalCartRow[];
}

export const guestCartSlice = createSlice({
  name: 'guestCart',
  initialState: { rows: [] } as GuestCartState,
  reducers: {
    guestCartChanged(state, action: PayloadAction<LocalCartRow[]>) {
      state.rows = action.payload;
    },
  },
  selectors: {
    selectGuestCartRows: (state) => state.rows,
    selectGuestCartCount: (state) => state.rows.reduce((sum, row) => sum + row.amount, 0),
  },
});

export const { guestCartChanged } = guestCartSlice.actions;
export const { selectGuestCartRows, selectGuestCartCount } = guestCartSlice.selectors;

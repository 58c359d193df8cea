import { createSlice } from '@reduxjs/toolkit';

/** How the catalog is shown; filters and page live in the address, not here. */
export interface CatalogViewState {
  /** Two products per row on phones (on by default). */
  twoColumns: boolean;
}

export const catalogViewSlice = createSlice({
  name: 'catalogView',
  initialState: { twoColumns: true } as CatalogViewState,
  reducers: {
    twoColumnsToggled(state) {
      state.twoColumns = !state.twoColumns;
    },
  },
  selectors: {
    selectTwoColumns: (state) => state.twoColumns,
  },
});

export const { twoColumnsToggled } = catalogViewSlice.actions;
export const { selectTwoColumns } = catalogViewSlice.selectors;

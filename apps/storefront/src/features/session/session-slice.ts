import { createSlice } from '@reduxjs/toolkit';

/** Whether someone is signed in. The tokens themselves live in the SDK's storage. */
export interface SessionState {
  signedIn: boolean;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { signedIn: false } as SessionState,
  reducers: {
    signedIn(state) {
      state.signedIn = true;
    },
    signedOut(state) {
      state.signedIn = false;
    },
  },
  selectors: {
    selectSignedIn: (state) => state.signedIn,
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
export const { selectSignedIn } = sessionSlice.selectors;

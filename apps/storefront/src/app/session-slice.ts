import { createSlice, type Dispatch, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { t } from '@lingui/core/macro';
import {
  errorText,
  isErrorCode,
  type CartMergeReport,
  type Locale,
  type TokenPair,
} from '@otc/sdk';
import { api } from '../lib/api';
import { cart, client, guestCart } from '../lib/sdk';
import { notify } from './notify';

/**
 * Whether someone is signed in. The tokens themselves live in the SDK's storage. Every change
 * (`signedIn`, `signedOut`, from this tab or another) invalidates the `Session` tag, so what
 * RTK Query cached for the previous customer (or guest) is refetched or dropped (see store.ts).
 */
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

type SessionThunk<R = void> = ThunkAction<R, { session: SessionState }, unknown, UnknownAction>;

/**
 * Everything RTK Query may hold for one customer: invalidated together when the session changes
 * (store.ts), so it is dropped, or refetched once for whoever is signed in now.
 */
export const CUSTOMER_TAGS = [
  'Session',
  'Customer',
  'Cart',
  'Order',
  'Orders',
  'Favorites',
  'Addresses',
  'Cards',
] as const;

/** The names of the products a merge added and raised, from the guest rows it started with. */
function mergeNotice(report: CartMergeReport, names: ReadonlyMap<number, string>) {
  const list = (ids: number[]) => ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
  const lines: string[] = [];
  if (report.added.length > 0) {
    const products = list(report.added);
    lines.push(t`Added: ${products}.`);
  }
  if (report.raised.length > 0) {
    const products = list(report.raised);
    lines.push(t`More units of: ${products}.`);
  }
  if (report.dropped.length > 0) {
    const products = list(report.dropped.map((row) => row.sku_id));
    lines.push(t`Not available any more: ${products}.`);
  }
  return lines.join(' ');
}

/**
 * Merges the guest cart into the customer's server draft (the SDK facade's `mergeAtSignIn`:
 * new items added, differing amounts take the larger) and says what changed. On a failure the
 * guest cart stays on this device for the next try.
 */
async function mergeGuestCart(dispatch: Dispatch, locale: Locale): Promise<CartMergeReport | null> {
  const rows = guestCart.rows();
  if (rows.length === 0) return null;
  const names = new Map(rows.map((row) => [row.product.id, row.product.name]));
  try {
    const report = await cart.mergeAtSignIn({ locale });
    if (report.changed || report.dropped.length > 0) {
      notify(dispatch, {
        id: 'cart-merged',
        title: t`Your cart items were added to your account's cart`,
        description: mergeNotice(report, names),
        icon: 'success',
        color: 'success',
        timeout: 10_000,
      });
    }
    // The guest's promo code went to the draft with the merge; a refused one is said once.
    const promo = report.promoCode;
    if (promo && !promo.applied && promo.reason === 'refused') {
      notify(dispatch, {
        id: 'cart-merged-promo',
        title: t`Promo code ${promo.code} was not applied`,
        description: errorText(
          isErrorCode(promo.errorCode) ? promo.errorCode : 'promo_code_invalid',
          locale,
        ),
        icon: 'warning',
        color: 'warning',
      });
    }
    return report;
  } catch {
    notify(dispatch, {
      id: 'cart-merged',
      title: t`We could not add your cart items to your account`,
      description: t`They are kept on this device. Please try again later.`,
      icon: 'warning',
      color: 'warning',
    });
    return null;
  } finally {
    dispatch(api.util.invalidateTags(['Cart', 'Session']));
  }
}

/**
 * Signs in with the tokens of a sign-in answer (SDK storage), the store follows at once, then
 * the guest cart is merged into the server draft (the sign-in flow of the data layer, never a
 * component). Resolves with what the merge did (null: nothing to merge, or it failed).
 */
export const signInWith =
  (pair: TokenPair, locale: Locale = 'en'): SessionThunk<Promise<CartMergeReport | null>> =>
  (dispatch) => {
    client.signIn(pair);
    dispatch(signedIn());
    return mergeGuestCart(dispatch, locale);
  };

/**
 * Signs out: the SDK revokes the refresh token (best effort) and forgets the tokens; the store
 * follows, and everything cached for the customer is dropped (or refetched as a guest). Other
 * tabs follow through the storage event (store.ts).
 */
export const signOut = (): SessionThunk<Promise<void>> => async (dispatch) => {
  try {
    await client.signOut();
  } finally {
    // store.ts: `signedOut` invalidates every customer tag (CUSTOMER_TAGS) in one go.
    dispatch(signedOut());
  }
};

/** Follows the SDK's storage (a sign-in or sign-out in another tab): dispatches only on a change. */
export const followSdkSession = (): SessionThunk => (dispatch, getState) => {
  const now = client.isSignedIn();
  if (now !== getState().session.signedIn) dispatch(now ? signedIn() : signedOut());
};

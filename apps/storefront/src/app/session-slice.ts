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

/**
 * What a merge did, exactly, with the names of the guest rows it started with: added, raised,
 * limited ("Your cart now has 2 of Vitamin C, not 5: that is all we have.") and dropped. A limited row
 * is said once, as limited (not also as added or raised).
 */
export function mergeNotice(report: CartMergeReport, names: ReadonlyMap<number, string>): string {
  const name = (id: number) => names.get(id) ?? `#${id}`;
  const limitedIds = new Set(report.limited.map((row) => row.sku_id));
  const list = (ids: number[]) =>
    ids
      .filter((id) => !limitedIds.has(id))
      .map(name)
      .join(', ');
  const lines: string[] = [];
  const added = list(report.added);
  if (added) lines.push(t`Added: ${added}.`);
  const raised = list(report.raised);
  if (raised) lines.push(t`More units of: ${raised}.`);
  for (const row of report.limited) {
    const product = name(row.sku_id);
    const amount = row.amount;
    const wanted = row.wanted;
    lines.push(
      t`Your cart now has ${amount} of ${product}, not ${wanted}: that is all we have.`,
    );
  }
  const gone = report.dropped
    .filter((row) => row.reason === 'cannot_add_more')
    .map((row) => name(row.sku_id))
    .join(', ');
  if (gone) lines.push(t`Not available now, not added: ${gone}.`);
  const unknown = report.dropped
    .filter((row) => row.reason !== 'cannot_add_more')
    .map((row) => name(row.sku_id))
    .join(', ');
  if (unknown) lines.push(t`No longer sold, not added: ${unknown}.`);
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
    // Less than the guest cart had: said plainly, and kept until closed (it needs reading).
    const shortfall = report.limited.length > 0 || report.dropped.length > 0;
    if (report.changed || shortfall) {
      notify(dispatch, {
        id: 'cart-merged',
        title:
          report.added.length + report.raised.length + report.limited.length > 0
            ? t`Your cart items were added to your account's cart`
            : t`Your cart items could not be added to your account's cart`,
        description: mergeNotice(report, names),
        icon: shortfall ? 'warning' : 'success',
        color: shortfall ? 'warning' : 'success',
        timeout: shortfall ? 0 : 10_000,
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

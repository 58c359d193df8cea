import { createSlice, type Dispatch, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { t } from '@lingui/core/macro';
import {
  errorText,
  isErrorCode,
  type CartMergeReport,
  type Locale,
  type SignInAnswer,
} from '@otc/sdk';
import { api } from '../lib/api';
import type { ShopSdk } from '../lib/sdk';
import { draftApi } from './draft-api';
import { notify } from './notify';

/**
 * Whether someone is signed in. The tokens themselves live in the SDK's storage. Every change
 * (`signedIn`, `signedOut`, from this tab or another) invalidates the `Session` tag, so what
 * RTK Query cached for the previous customer (or guest) is refetched or dropped (see src/app/store.ts).
 */
export interface SessionState {
  signedIn: boolean;
  /**
   * The CSRF token of the visitor's cookie as the page was drawn (null: no cookie yet): the forms'
   * `_csrf` field, for their posts before or without the scripts. With the scripts, the SDK sends
   * the token it holds itself.
   */
  csrfToken: string | null;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { signedIn: false, csrfToken: null } as SessionState,
  reducers: {
    signedIn(state) {
      state.signedIn = true;
    },
    signedOut(state) {
      state.signedIn = false;
    },
    csrfTokenKnown(state, action: PayloadAction<string | null>) {
      state.csrfToken = action.payload;
    },
  },
  selectors: {
    selectSignedIn: (state) => state.signedIn,
    selectCsrfToken: (state) => state.csrfToken,
  },
});

export const { signedIn, signedOut, csrfTokenKnown } = sessionSlice.actions;
export const { selectSignedIn, selectCsrfToken } = sessionSlice.selectors;

type SessionThunk<R = void> = ThunkAction<R, { session: SessionState }, ShopSdk, UnknownAction>;

/**
 * Everything RTK Query may hold for one customer: invalidated together when the session changes
 * (src/app/store.ts), so it is dropped, or refetched once for whoever is signed in now.
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
 * Reports the merge of the guest's cart into the customer's draft: the API merged the guest's
 * server cart in the sign-in request itself, and the facade's `mergeAtSignIn` moves rows this
 * browser still kept from before, once (new items added, differing amounts take the larger), then
 * says what changed. `names`: the products of the guest cart as it was shown. On a failure the
 * kept rows stay on this device for the next try.
 */
async function mergeGuestCart(
  dispatch: Dispatch,
  { cart, storedGuestCart }: ShopSdk,
  names: Map<number, string>,
  locale: Locale,
): Promise<CartMergeReport | null> {
  for (const row of storedGuestCart.rows()) names.set(row.product.id, row.product.name);
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
 * Takes a sign-in's answer (the SDK keeps the web session it started: the cookie is the API's),
 * the store follows at once, then the guest cart's merge is reported (the sign-in flow of the data
 * layer, never a component). Resolves with what the merge did (null: it failed).
 */
export const signInWith =
  (answer: SignInAnswer, locale: Locale = 'en'): SessionThunk<Promise<CartMergeReport | null>> =>
  async (dispatch, getState, sdk) => {
    // The guest cart as it was shown, for the names in the merge's notice.
    const shown = draftApi.endpoints.getCart.select(locale)(getState() as never)?.data;
    const names = new Map((shown?.lines ?? []).map((line) => [line.product.id, line.product.name]));
    await sdk.client.signIn(answer);
    dispatch(signedIn());
    return mergeGuestCart(dispatch, sdk, names, locale);
  };

/**
 * Signs out: the API ends the cookie's session (best effort) and the SDK forgets it; the store
 * follows, and everything cached for the customer is dropped (or refetched as a guest). Other
 * tabs follow through the store's session channel (src/app/store.ts).
 */
export const signOut = (): SessionThunk<Promise<void>> => async (dispatch, _getState, sdk) => {
  try {
    await sdk.client.signOut();
  } finally {
    // src/app/store.ts: `signedOut` invalidates every customer tag (CUSTOMER_TAGS) in one go.
    dispatch(signedOut());
  }
};

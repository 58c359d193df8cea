// The open draft and the order waiting for payment, app-wide because the cart, checkout and the
// order pages all show them (features do not import each other):
// - `getCart`: THE cache entry of the cart: a guest's server cart (none yet: an empty guest view), or a customer's open
//   draft (read once through the checkout facade's `draft()`; checkout reads this same entry);
// - `backToCart` and `cancelOrder`: an unpaid order's rows back into the cart, or the order
//   cancelled (stock released; a paid one refunded), through the checkout facade.
// Tags: `Cart` and `Session`.
import {
  fromCents,
  itemAvailability,
  toCents,
  type CartState,
  type Locale,
  type Money,
  type OrderDetail,
  type OrderDraft,
  type PendingOrder,
  type ProductSummary,
  type Totals,
  type PeriodLimitView,
} from '@otc/sdk';
import { api, toQueryError, type SdkQueryError } from '../lib/api';
import { sdkOf } from '../lib/sdk';

export type BadReasonCode = 1 | 2 | 3;

/** One line of the cart, whichever cart it is. */
export interface CartLine {
  product: ProductSummary;
  amount: number;
  /** Unit price times amount. */
  lineTotal: Money;
  /** null fine, 1 out of stock, 2 not supported by the health plan, 3 not available. */
  badReasonCode: BadReasonCode | null;
  /** The plan's per-period limit of the item, what is left beyond this line (issue 31); null: none or a guest. */
  periodLimit?: PeriodLimitView | null;
}

/** The cart as the pages show it. */
export interface CartView {
  kind: 'guest' | 'server';
  /** The server draft's id (checkout goes to /checkout/{id}); null for a guest. */
  orderId: number | null;
  lines: CartLine[];
  promoCode: string | null;
  /** The server's totals (of the rows that can be ordered); null for a guest. */
  totals: Totals | null;
  /** The customer's placed order waiting for payment (its items are held there); null if none. */
  pendingOrder: PendingOrder | null;
  /** The open draft as the server answered it (checkout's steps show it); null for a guest. */
  draft: OrderDraft | null;
}

/** Unit price times amount, in integer cents (never a float sum). */
export function lineTotal(price: Money, amount: number): Money {
  return fromCents(toCents(price) * amount);
}

/** A guest row's bad reason, by the SDK's availability rule (the server says it for drafts). */
function guestBadReason(product: ProductSummary, amount: number): BadReasonCode | null {
  try {
    return itemAvailability({ status: product.status, stock: product.inStock, amount })
      .badReasonCode as BadReasonCode | null;
  } catch {
    return 3;
  }
}

export function toCartView(state: CartState): CartView {
  if (state.kind === 'guest') {
    return {
      kind: 'guest',
      orderId: null,
      promoCode: state.promoCode,
      totals: null,
      pendingOrder: null,
      draft: null,
      lines: state.rows.map((row) => ({
        product: row.product,
        amount: row.amount,
        lineTotal: lineTotal(row.product.price, row.amount),
        badReasonCode: guestBadReason(row.product, row.amount),
      })),
    };
  }
  const { draft } = state;
  return {
    kind: 'server',
    orderId: draft.id,
    promoCode: draft.promoCode,
    totals: draft.totals,
    pendingOrder: draft.pendingOrder,
    draft,
    lines: draft.rows.map((row) => ({
      product: row.sku,
      amount: row.amount,
      lineTotal: row.price,
      badReasonCode: row.badReasonCode,
      periodLimit: row.periodLimit ?? null,
    })),
  };
}

/** The cart view of a server draft (what checkout's and the cart's changes answer). */
export function draftView(draft: OrderDraft): CartView {
  return toCartView({ kind: 'server', draft });
}

/** What the cart query is keyed by: the language of product names in a server draft. */
export type CartKey = Locale | void;

export async function runCall<T>(
  call: () => Promise<T>,
): Promise<{ data: T } | { error: SdkQueryError }> {
  try {
    return { data: await call() };
  } catch (error) {
    return { error: toQueryError(error) };
  }
}

export const draftApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The cart: ONE entry for the header, the cart page and checkout (per language). */
    getCart: build.query<CartView, CartKey>({
      queryFn: (locale, queryApi) =>
        runCall(async () => {
          const sdk = sdkOf(queryApi);
          const options = locale ? { locale } : {};
          // A customer's cart is the open draft, read through checkout's one read of it.
          if (sdk.client.isSignedIn()) return draftView(await sdk.checkout.draft(options));
          return toCartView(await sdk.cart.read(options));
        }),
      // Whose cart it is follows the session (a guest's server cart, a customer's draft).
      providesTags: ['Cart', 'Session'],
    }),

    /**
     * An order waiting for payment back to the cart: its rows go into the open draft and its
     * stock is released (an order no longer waiting answers the draft as it is, `reloaded`).
     */
    backToCart: build.mutation<
      { draft: OrderDraft; reloaded: boolean },
      { orderId: number; locale: Locale }
    >({
      queryFn: ({ orderId, locale }, queryApi) => runCall(() => sdkOf(queryApi).checkout.backToCart(orderId, { locale })),
      onQueryStarted: async ({ locale }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(draftApi.util.upsertQueryData('getCart', locale, draftView(data.draft)));
        } catch {
          // The page says why.
        }
      },
      // Back in the cart, the order is no order any more (`GET /api/order/{id}` answers 404): its
      // checkout entry and the history are read again, its order page's entry is not (that page
      // moves to the cart; issue 33, item 11). An order that did not go back is read again.
      invalidatesTags: (result, _error, { orderId }) =>
        !result
          ? []
          : !result.reloaded || result.draft.id === orderId
            ? [{ type: 'Order', id: orderId }, { type: 'Orders', id: 'LIST' }]
            : [{ type: 'Order', id: orderId }, 'Orders'],
    }),

    /**
     * Cancels an order: unpaid (its stock released) or paid and not yet packaging within the
     * cancel window (the amount goes back to what paid). The cart (its `pendingOrder`), the
     * history and the allowance in the header follow.
     */
    cancelOrder: build.mutation<OrderDetail, { orderId: number; locale: Locale }>({
      queryFn: ({ orderId, locale }, queryApi) => runCall(() => sdkOf(queryApi).checkout.cancel(orderId, { locale })),
      invalidatesTags: (_result, error, { orderId }) =>
        // `order_not_cancellable`: the order changed meanwhile; show it as it is now.
        error && error.code !== 'order_not_cancellable'
          ? []
          : [{ type: 'Order', id: orderId }, 'Orders', 'Cart', 'Customer', 'Cards'],
    }),
  }),
});

export const { useGetCartQuery, useBackToCartMutation, useCancelOrderMutation } = draftApi;

// The open draft and the order waiting for payment, app-wide because the cart, checkout and the
// order pages all show them (features do not import each other):
// - `getCart`: THE cache entry of the cart: a visitor's guest cart in storage, or a customer's open
//   draft (read once through the checkout facade's `draft()`; checkout reads this same entry);
// - `backToCart` and `cancelOrder`: an unpaid order's rows back into the cart, or the order
//   cancelled (stock released; a paid one refunded), through the checkout facade.
// Tags: `Cart` (a guest-cart write in this or another tab invalidates it, store.ts) and `Session`.
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
} from '@otc/sdk';
import { api, toQueryError, type SdkQueryError } from '../lib/api';
import { cart, checkout, client } from '../lib/sdk';

export type BadReasonCode = 1 | 2 | 3;

/** One line of the cart, whichever cart it is. */
export interface CartLine {
  product: ProductSummary;
  amount: number;
  /** Unit price times amount. */
  lineTotal: Money;
  /** null fine, 1 out of stock, 2 not supported by the health plan, 3 not available. */
  badReasonCode: BadReasonCode | null;
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

/** Product names (and their category's) per language and id, as the catalog gave them. */
const localNames = new Map<string, Pick<ProductSummary, 'name' | 'categoryName'>>();

/**
 * A guest cart keeps each product as it was added, in that page's language: its names are read
 * again from the catalog by id in the language asked for (once per product and language). A
 * product the catalog no longer answers keeps the names it was stored with.
 */
export async function guestNamesIn(view: CartView, locale: Locale): Promise<CartView> {
  const lines = await Promise.all(
    view.lines.map(async (line) => {
      const key = `${locale}:${line.product.id}`;
      let names = localNames.get(key);
      if (!names) {
        try {
          const { product } = await client.catalog.product(line.product.id, { locale });
          names = { name: product.name, categoryName: product.categoryName };
          localNames.set(key, names);
        } catch {
          return line;
        }
      }
      return { ...line, product: { ...line.product, ...names } };
    }),
  );
  return { ...view, lines };
}

/** For tests: forget the names read so far. */
export function forgetLocalNames(): void {
  localNames.clear();
}

export const draftApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The cart: ONE entry for the header, the cart page and checkout (per language). */
    getCart: build.query<CartView, CartKey>({
      queryFn: (locale) =>
        runCall(async () => {
          const options = locale ? { locale } : {};
          // A customer's cart is the open draft, read through checkout's one read of it.
          if (client.isSignedIn()) return draftView(await checkout.draft(options));
          const view = toCartView(await cart.read(options));
          return locale ? guestNamesIn(view, locale) : view;
        }),
      // Whose cart it is follows the session (a guest's local cart, a customer's draft).
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
      queryFn: ({ orderId, locale }) => runCall(() => checkout.backToCart(orderId, { locale })),
      onQueryStarted: async ({ locale }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(draftApi.util.upsertQueryData('getCart', locale, draftView(data.draft)));
        } catch {
          // The page says why.
        }
      },
      invalidatesTags: (result, _error, { orderId }) =>
        result ? [{ type: 'Order', id: orderId }, 'Orders'] : [],
    }),

    /**
     * Cancels an order: unpaid (its stock released) or paid and not yet packaging within the
     * cancel window (the amount goes back to what paid). The cart (its `pendingOrder`), the
     * history and the allowance in the header follow.
     */
    cancelOrder: build.mutation<OrderDetail, { orderId: number; locale: Locale }>({
      queryFn: ({ orderId, locale }) => runCall(() => checkout.cancel(orderId, { locale })),
      invalidatesTags: (_result, error, { orderId }) =>
        // `order_not_cancellable`: the order changed meanwhile; show it as it is now.
        error && error.code !== 'order_not_cancellable'
          ? []
          : [{ type: 'Order', id: orderId }, 'Orders', 'Cart', 'Customer', 'Cards'],
    }),
  }),
});

export const { useGetCartQuery, useBackToCartMutation, useCancelOrderMutation } = draftApi;

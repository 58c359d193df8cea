// The cart's RTK Query endpoints: the header count, the item page, the cart page and every add
// button read and change the cart through these, never through the SDK directly. Every queryFn
// calls the visitor's SDK cart facade (`createCart`, lib/sdk.ts): a guest's cart is a server draft
// behind the cart cookie, a signed-in customer's the open draft; the facade picks by the session. The cart
// itself is ONE cache entry, `getCart` of src/kernel/draft-api.ts, which checkout reads too.
//
// Changes are optimistic: the cached cart changes at once and rolls back when the call fails.
// Tags: `Cart` and `Session` (sign-in and sign-out swap whose cart it is).
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import {
  promoPercent,
  promoPercentsFrom,
  type CartState,
  type CartProductRef,
  type Locale,
} from '@otc/sdk';
import { toQueryError, type SdkQueryError } from '../../lib/api';
import { settingsApi } from '../../kernel/settings-api';
import { draftApi, lineTotal, toCartView, type CartView } from '../../kernel/draft-api';
import { sdkOf } from '../../lib/sdk';

export {
  toCartView,
  useGetCartQuery,
  type BadReasonCode,
  type CartKey,
  type CartLine,
  type CartView,
} from '../../kernel/draft-api';

export interface AddToCartArgs {
  /** The product by its id: the cart is the server's (a guest's too). */
  product: CartProductRef;
  amount: number;
  locale?: Locale;
}

const promoInvalid: SdkQueryError = {
  status: 422,
  code: 'promo_code_invalid',
  message: 'The code you entered is not valid.',
};

/** One change of the cart through the facade. */
async function run(change: () => Promise<CartState>): Promise<{ data: CartView } | { error: SdkQueryError }> {
  try {
    return { data: toCartView(await change()) };
  } catch (error) {
    return { error: toQueryError(error) };
  }
}

interface LocaleArgs {
  locale?: Locale;
}

/** A row of an order the cart did not take back, and why (the catalogue's code). */
export interface BuyAgainRefusal {
  productId: number;
  name: string;
  error: SdkQueryError;
}

/** What "Buy again" did: the cart after it, the order's number, rows added and refused. */
export interface BuyAgainResult {
  cart: CartView;
  number: string;
  added: number;
  refused: BuyAgainRefusal[];
}

/** An order's number and its rows' names: what the cart's note after a Buy again names. */
export interface ReorderedOrder {
  number: string;
  rows: { productId: number; name: string }[];
}

/** The shop's promotions as the settings answered them (none before they load). */
function promotionsNow(getState: () => unknown) {
  return promoPercentsFrom(settingsApi.endpoints.getSettings.select()(getState() as never)?.data?.promotions);
}

/** The shop's promotions, asking for the settings first when they have not arrived yet. */
async function shopPromotions(dispatch: BaseQueryApi['dispatch'], getState: () => unknown) {
  if (!settingsApi.endpoints.getSettings.select()(getState() as never)?.data) {
    await dispatch(settingsApi.endpoints.getSettings.initiate(undefined, { subscribe: false }));
  }
  return promotionsNow(getState);
}

/** The newest amount change per product id (its RTK request id). */
const latestChange = new Map<number, string>();

export const cartApi = draftApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Adds units on top of what is in the cart, in ONE call of the facade (one request for a
     * customer); above what can be ordered the facade refuses with `cannot_add_more`.
     */
    addToCart: build.mutation<CartView, AddToCartArgs>({
      queryFn: ({ product, amount, locale }, queryApi) =>
        run(() => sdkOf(queryApi).cart.add({ id: product.id }, amount, { locale })),
      onQueryStarted: async ({ locale }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', locale, data));
        } catch {
          // Nothing was changed in the cache.
        }
      },
    }),

    /** Sets a line's amount (0 removes it); optimistic, rolled back on error. */
    setCartAmount: build.mutation<CartView, { productId: number; amount: number } & LocaleArgs>({
      queryFn: ({ productId, amount, locale }, queryApi) =>
        run(() => sdkOf(queryApi).cart.setAmount(productId, amount, { locale })),
      onQueryStarted: async (
        { productId, amount, locale },
        { dispatch, queryFulfilled, requestId },
      ) => {
        // Taps can be faster than the answers: only the newest change of a line is written back.
        latestChange.set(productId, requestId);
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', locale, (view) => {
            const line = view.lines.find((row) => row.product.id === productId);
            if (!line) return;
            if (amount === 0) {
              view.lines = view.lines.filter((row) => row.product.id !== productId);
            } else {
              line.amount = amount;
              line.lineTotal = lineTotal(line.product.price, amount);
            }
          }),
        );
        try {
          const { data } = await queryFulfilled;
          if (latestChange.get(productId) === requestId) {
            dispatch(cartApi.util.upsertQueryData('getCart', locale, data));
          }
        } catch {
          patch.undo();
        } finally {
          if (latestChange.get(productId) === requestId) latestChange.delete(productId);
        }
      },
    }),

    removeFromCart: build.mutation<CartView, { productId: number } & LocaleArgs>({
      queryFn: ({ productId, locale }, queryApi) => run(() => sdkOf(queryApi).cart.remove(productId, { locale })),
      onQueryStarted: async ({ productId, locale }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', locale, (view) => {
            view.lines = view.lines.filter((row) => row.product.id !== productId);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', locale, data));
        } catch {
          patch.undo();
        }
      },
    }),

    /** One promo code per order; a code with spaces or unknown to the shop is refused. */
    applyPromoCode: build.mutation<CartView, { code: string } & LocaleArgs>({
      queryFn: async ({ code, locale }, queryApi) => {
        const { dispatch, getState } = queryApi;
        const { cart, client } = sdkOf(queryApi);
        // A guest's code is kept on this device; only the promotions the shop is known to run
        // are taken (the server checks every code once the customer signs in).
        if (!client.isSignedIn() && promoPercent(code, await shopPromotions(dispatch, getState)) === 0) {
          return { error: promoInvalid };
        }
        return run(() => cart.applyPromoCode(code, { locale }));
      },
      onQueryStarted: async ({ code, locale }, { dispatch, getState, queryFulfilled }) => {
        // A promotion the shop is known to run is shown at once, estimated (Welcome10 at 10 %),
        // before the server confirms; any other code waits for the server's word.
        const known = !/\s/.test(code) && promoPercent(code, promotionsNow(getState)) > 0;
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', locale, (view) => {
            if (known) view.promoCode = code;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', locale, data));
        } catch {
          patch.undo();
        }
      },
    }),

    removePromoCode: build.mutation<CartView, LocaleArgs>({
      queryFn: ({ locale }, queryApi) => run(() => sdkOf(queryApi).cart.removePromoCode({ locale })),
      onQueryStarted: async ({ locale }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', locale, (view) => {
            view.promoCode = null;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', locale, data));
        } catch {
          patch.undo();
        }
      },
    }),

    /**
     * "Buy again": the order's products and amounts go back into the cart, each on top of what is
     * there. Answers the cart, the order's number, how many rows went in, and each row the cart
     * refused with why (stock, status, a limit: the catalogue's code and its figures).
     */
    buyAgain: build.mutation<BuyAgainResult, { orderId: number } & LocaleArgs>({
      queryFn: async ({ orderId, locale }, queryApi) => {
        const { cart, client } = sdkOf(queryApi);
        try {
          const order = await client.call('getOrder', { params: { id: orderId } }, { locale });
          let state = await cart.read({ locale });
          const refused: BuyAgainRefusal[] = [];
          let added = 0;
          for (const { sku_id: productId, qty, name } of order.products) {
            const now = toCartView(state).lines.find((l) => l.product.id === productId)?.amount ?? 0;
            try {
              state = await cart.setAmount(productId, now + qty, { locale });
              added += 1;
            } catch (error) {
              refused.push({ productId, name, error: toQueryError(error) });
            }
          }
          return { data: { cart: toCartView(state), number: order.number, added, refused } };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
      invalidatesTags: ['Cart'],
    }),

    /**
     * The order a Buy again without the scripts put back (`/cart?reordered=…&refused=…`): its
     * number and the names of its rows, which the address does not carry (buy-again-note.ts).
     */
    getReorderedOrder: build.query<ReorderedOrder, { orderId: number } & LocaleArgs>({
      queryFn: async ({ orderId, locale }, queryApi) => {
        try {
          const order = await sdkOf(queryApi).client.call('getOrder', { params: { id: orderId } }, { locale });
          return {
            data: { number: order.number, rows: order.products.map(({ sku_id: productId, name }) => ({ productId, name })) },
          };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
    }),

    /** Empties the cart (after an order is placed, the server draft is already a new one). */
    clearCart: build.mutation<CartView, LocaleArgs>({
      queryFn: ({ locale }, queryApi) => run(() => sdkOf(queryApi).cart.clear({ locale })),
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const {
  useAddToCartMutation,
  useSetCartAmountMutation,
  useRemoveFromCartMutation,
  useApplyPromoCodeMutation,
  useRemovePromoCodeMutation,
  useClearCartMutation,
  useGetReorderedOrderQuery,
} = cartApi;

// Checkout's RTK Query endpoints, in the only order the API accepts: delivery -> complete -> pay.
// The open draft is read through the SDK's order endpoints (they send the agent id); placing and
// paying are the contract's completeOrder and payOrder; leaving the payment step is backToDraft
// (a 422 there reloads the draft, `backToDraftOrReload`).
import type {
  Address,
  AddressInput,
  Locale,
  OrderDraft,
  PaymentAnswer,
  PaymentMethodCode,
} from '@otc/sdk';
import { api, toQueryError, type SdkQueryError } from '../../lib/api';
import { client } from '../../lib/sdk';

async function run<T>(call: () => Promise<T>): Promise<{ data: T } | { error: SdkQueryError }> {
  try {
    return { data: await call() };
  } catch (error) {
    return { error: toQueryError(error) };
  }
}

export interface PayArgs {
  orderId: number;
  code: PaymentMethodCode;
  /** What the method needs: `{ card, code? }` for a card method, `{}` otherwise. */
  input: Record<string, string>;
  locale: Locale;
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The open draft (created when none; the agent id goes with it). */
    getCheckoutDraft: build.query<OrderDraft, Locale>({
      queryFn: (locale) => run(() => client.orders.prepareDraft({ locale })),
      providesTags: ['Cart', 'Session'],
    }),

    getAddresses: build.query<Address[], void>({
      queryFn: () => run(() => client.addresses.list()),
      providesTags: ['Addresses', 'Session'],
    }),

    addAddress: build.mutation<Address, { input: AddressInput; locale: Locale }>({
      queryFn: ({ input, locale }) => run(() => client.addresses.add(input, { locale })),
      invalidatesTags: ['Addresses', 'Customer'],
    }),

    /** The delivery address of the open order (checkout step 2, /order/delivery). */
    setDeliveryAddress: build.mutation<OrderDraft, { addressId: number; locale: Locale }>({
      queryFn: ({ addressId, locale }) =>
        run(() => client.orders.setDelivery(addressId, { locale })),
      onQueryStarted: async ({ locale }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(checkoutApi.util.upsertQueryData('getCheckoutDraft', locale, data));
        } catch {
          // The page says why.
        }
      },
    }),

    /** Places the draft (stock reserved); it then waits for payment (-10). */
    completeOrder: build.mutation<OrderDraft, { orderId: number; locale: Locale }>({
      queryFn: ({ orderId, locale }) => run(() => client.orders.complete(orderId, { locale })),
    }),

    payOrder: build.mutation<PaymentAnswer, PayArgs>({
      queryFn: ({ orderId, code, input, locale }) =>
        run(() => client.orders.pay(orderId, { code, input }, { locale })),
      // The draft is a new, empty one now: the header count and the history follow.
      invalidatesTags: (result) => (result ? ['Cart', 'Orders', 'Customer', 'Cards'] : []),
    }),

    /** A placed, unpaid order back to the cart; a 422 (no longer waiting) reloads the draft. */
    backToDraft: build.mutation<
      { draft: OrderDraft; reloaded: boolean },
      { orderId: number; locale: Locale }
    >({
      queryFn: ({ orderId, locale }) =>
        run(() => client.orders.backToDraftOrReload(orderId, { locale })),
      onQueryStarted: async ({ locale }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(checkoutApi.util.upsertQueryData('getCheckoutDraft', locale, data.draft));
          dispatch(api.util.invalidateTags(['Cart']));
        } catch {
          // Nothing to undo.
        }
      },
    }),
  }),
});

export const {
  useGetCheckoutDraftQuery,
  useGetAddressesQuery,
  useAddAddressMutation,
  useSetDeliveryAddressMutation,
  useCompleteOrderMutation,
  usePayOrderMutation,
  useBackToDraftMutation,
} = checkoutApi;

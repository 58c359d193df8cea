// Checkout's RTK Query endpoints over the SDK's checkout facade (`checkout` of src/lib/sdk.ts):
// the order checkout was opened with, the delivery address, placing and paying. The open draft
// itself is the cart's ONE cache entry (`getCart` of src/kernel/draft-api.ts): what the facade answers
// about it is written there, never kept a second time here. Back to the cart and cancel are
// app-wide (draft-api.ts): the cart and the order pages offer them too.
import type {
  Address,
  AddressInput,
  CheckoutOrder,
  Locale,
  OrderDetail,
  PayInput,
  PaymentAnswer,
  PaymentMethodCode,
} from '@otc/sdk';
import { draftApi, draftView, runCall } from '../../kernel/draft-api';
import { api, toQueryError } from '../../lib/api';
import { sdkOf } from '../../lib/sdk';

/**
 * What `/checkout/{id}` shows (the facade's `open`), without a second copy of the draft: a draft
 * (or an id checkout cannot open: `elsewhere`) names the open draft, whose rows are in `getCart`.
 */
export type OpenedCheckout =
  | { kind: 'draft'; draftId: number }
  | { kind: 'elsewhere'; draftId: number }
  | { kind: 'unpaid'; order: OrderDetail }
  | { kind: 'closed'; orderId: number };

type Dispatch = (action: unknown) => unknown;

/** The facade's answer as the cache keeps it; the draft goes to the cart's entry. */
function keep(opened: CheckoutOrder, locale: Locale, dispatch: Dispatch): OpenedCheckout {
  switch (opened.kind) {
    case 'draft':
    case 'elsewhere':
      dispatch(draftApi.util.upsertQueryData('getCart', locale, draftView(opened.draft)));
      return { kind: opened.kind, draftId: opened.draft.id };
    case 'unpaid':
      return { kind: 'unpaid', order: opened.order };
    case 'closed':
      return { kind: 'closed', orderId: opened.order.id };
  }
}

export interface PayArgs {
  orderId: number;
  code: PaymentMethodCode;
  /** What the method needs: `{ card, code? }` for a card method, `{}` otherwise. */
  input: Record<string, string>;
  locale: Locale;
}

export const checkoutApi = draftApi.injectEndpoints({
  endpoints: (build) => ({
    /** `/checkout/{id}`: the open draft, an order waiting for payment, or where to go instead. */
    openCheckout: build.query<OpenedCheckout, { id: number; locale: Locale }>({
      queryFn: async ({ id, locale }, queryApi) => {
        try {
          return { data: keep(await sdkOf(queryApi).checkout.open(id, { locale }), locale, queryApi.dispatch) };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
      providesTags: (_result, _error, { id }) => [{ type: 'Order', id }, 'Session'],
    }),

    getAddresses: build.query<Address[], void>({
      queryFn: (_arg, queryApi) => runCall(() => sdkOf(queryApi).client.addresses.list()),
      providesTags: ['Addresses', 'Session'],
    }),

    // Its own name: the account feature's `addAddress` takes another argument, and a second
    // endpoint of the same name is ignored by RTK Query (whichever chunk loaded first won).
    addDeliveryAddress: build.mutation<Address, { input: AddressInput; locale: Locale }>({
      queryFn: ({ input, locale }, queryApi) => runCall(() => sdkOf(queryApi).client.addresses.add(input, { locale })),
      invalidatesTags: ['Addresses', 'Customer'],
    }),

    /** The delivery address of the open draft (checkout step 2, /order/delivery). */
    setDeliveryAddress: build.mutation<null, { addressId: number; locale: Locale }>({
      queryFn: async ({ addressId, locale }, queryApi) => {
        const { dispatch } = queryApi;
        try {
          const draft = await sdkOf(queryApi).checkout.setDelivery(addressId, { locale });
          dispatch(draftApi.util.upsertQueryData('getCart', locale, draftView(draft)));
          return { data: null };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
    }),

    /**
     * Places the draft (its stock is held while it waits for payment) and opens the placed order,
     * so `/checkout/{id}` shows its payment step at once; the cart (now without those rows, with
     * the order as its `pendingOrder`) and the history follow. `unpaid_order_exists` (another
     * order waits), `order_has_issues`, `minimum_order`... arrive as the error.
     */
    placeOrder: build.mutation<{ id: number; number: string }, { orderId: number; locale: Locale }>(
      {
        queryFn: async ({ orderId, locale }, queryApi) => {
          const { dispatch } = queryApi;
          const { checkout } = sdkOf(queryApi);
          try {
            const placed = await checkout.place(orderId, { locale });
            try {
              const opened = keep(await checkout.open(placed.id, { locale }), locale, dispatch);
              dispatch(
                checkoutApi.util.upsertQueryData('openCheckout', { id: placed.id, locale }, opened),
              );
            } catch {
              // Read again by the page.
              dispatch(api.util.invalidateTags([{ type: 'Order', id: placed.id }]));
            }
            return { data: { id: placed.id, number: placed.number } };
          } catch (error) {
            return { error: toQueryError(error) };
          }
        },
        invalidatesTags: (result) => (result ? ['Cart', 'Orders'] : ['Cart']),
      },
    ),

    /**
     * Pays a placed order, the first time or again after a decline (it stays payable until its
     * hold ends). Paid: the cart, the history and the allowance follow. The hold ended
     * (`order_payment_time_over`): its rows are back in the cart. No longer waiting (paid or
     * cancelled elsewhere): checkout reads the order again and shows where it is.
     */
    payOrder: build.mutation<PaymentAnswer, PayArgs>({
      queryFn: ({ orderId, code, input, locale }, queryApi) =>
        // The payment step builds what each method needs (payment-step.tsx); the SDK types it
        // per method (PayInput), the API checks it again.
        runCall(() => sdkOf(queryApi).checkout.pay(orderId, { code, input } as PayInput, { locale })),
      invalidatesTags: (result, error, { orderId }) => {
        if (result) return ['Cart', 'Orders', 'Customer', 'Cards'];
        if (error?.code === 'order_payment_time_over') return ['Cart', 'Orders'];
        if (error?.code === 'order_not_waiting_for_payment')
          return [{ type: 'Order', id: orderId }, 'Orders'];
        return [];
      },
    }),
  }),
});

export const {
  useOpenCheckoutQuery,
  useGetAddressesQuery,
  useAddDeliveryAddressMutation,
  useSetDeliveryAddressMutation,
  usePlaceOrderMutation,
  usePayOrderMutation,
} = checkoutApi;

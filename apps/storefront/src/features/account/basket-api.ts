// The suggested basket (issue 31): what the member's allowance left can buy before the period
// ends (the API applies the SDK's `suggestBasket` rule), and "Add all to cart" in one request
// through the cart's merge rule (`mergeIntoDraft`: nothing already in the cart is lowered or lost).
import type { DraftMergeAnswer, Locale, SuggestedBasket } from '@otc/sdk';
import { api, toQueryError } from '../../lib/api';
import { sdkOf } from '../../lib/sdk';

export const basketApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The basket in the page's language (its reasons and product names). */
    getSuggestedBasket: build.query<SuggestedBasket, Locale>({
      query: (locale) => ({ route: 'suggestedBasket', locale }),
      // The cart, the orders and the allowance move it: asked again when they change.
      providesTags: ['Cart', 'Orders', { type: 'Orders', id: 'LIST' }, 'Customer', 'Session'],
    }),
    /** Every row at the amount chosen, merged into the member's cart in one request. */
    addBasketToCart: build.mutation<DraftMergeAnswer, { rows: { productId: number; amount: number }[]; locale: Locale }>({
      queryFn: async ({ rows, locale }, queryApi) => {
        try {
          const answer = await sdkOf(queryApi).client.orders.mergeIntoDraft(
            rows.map((row) => ({ sku_id: row.productId, amount: row.amount })),
            { locale },
          );
          return { data: answer };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const { useGetSuggestedBasketQuery } = basketApi;

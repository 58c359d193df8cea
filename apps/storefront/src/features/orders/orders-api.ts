// Order history and order detail (contract listOrders, getOrder).
import type { Locale, RouteOutput } from '@otc/sdk';
import { api } from '../../lib/api';

export type OrderPage = RouteOutput<'listOrders'>;
export type OrderDetail = RouteOutput<'getOrder'>;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the history, newest first. */
    listOrders: build.query<OrderPage, { page: number; locale: Locale }>({
      query: ({ page, locale }) => ({ route: 'listOrders', query: { page }, locale }),
      providesTags: [{ type: 'Orders', id: 'LIST' }, 'Session'],
    }),
    getOrder: build.query<OrderDetail, { id: number; locale: Locale }>({
      query: ({ id, locale }) => ({ route: 'getOrder', params: { id }, locale }),
      // Its own id under `Orders`: what changes orders (`Orders`) reads it again, but not Back to
      // cart, after which the order is gone (its `Order` tag is the checkout's entry; draft-api.ts).
      providesTags: (_result, _error, { id }) => [{ type: 'Orders', id }, 'Session'],
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useLazyGetOrderQuery } = ordersApi;

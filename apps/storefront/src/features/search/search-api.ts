import type { RouteOutput } from '@otc/sdk';
import { api } from '../../lib/api';

export type SearchAnswer = RouteOutput<'search'>;
export type SearchCategory = RouteOutput<'categories'>[number];

export interface SearchArgs {
  q: string;
  /** The plan filter of the current address, when one is active. */
  plan?: string;
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.query<SearchAnswer, SearchArgs>({
      query: ({ q, plan }) => ({ route: 'search', query: plan ? { q, plan } : { q } }),
      providesTags: ['Products'],
      keepUnusedDataFor: 60,
    }),
    // The categories list of the search modal (spec: loaded once; kept for the whole visit).
    searchCategories: build.query<SearchCategory[], { plan?: string }>({
      query: ({ plan }) => ({ route: 'categories', query: plan ? { plan } : {} }),
      providesTags: ['Categories'],
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useSearchProductsQuery, useSearchCategoriesQuery } = searchApi;

// The search endpoint of the search modal. The argument carries the page's `locale`: it keys the
// cache per language and goes with the call (the base query passes it to the SDK per call, sent
// as Accept-Language; names come back translated), as the catalog endpoints do.
import type { RouteOutput } from '@otc/sdk';
import { api } from '../../lib/api';
import type { Locale } from '../../lib/locale';

export type SearchAnswer = RouteOutput<'search'>;
/** A category as the modal lists it (the catalog's category list fits). */
export interface SearchCategory {
  id: number;
  name: string;
}

export interface SearchArgs {
  q: string;
  locale: Locale;
  /** The plan filter of the current address, when one is active. */
  plan?: string;
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.query<SearchAnswer, SearchArgs>({
      query: ({ q, plan, locale }) => ({ route: 'search', locale, query: plan ? { q, plan } : { q } }),
      providesTags: ['Products'],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useSearchProductsQuery } = searchApi;

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
  /** The plan filter in force (the address's, or the shopper's plan by default). */
  plan?: string;
  /** The plan whose marks (`coveredByPlan`) to show: a guest's choice (a member's comes from the token). */
  coveragePlan?: string;
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.query<SearchAnswer, SearchArgs>({
      query: ({ q, plan, coveragePlan, locale }) => ({
        route: 'search',
        locale,
        query: { q, ...(plan ? { plan } : {}), ...(coveragePlan ? { coveragePlan } : {}) },
      }),
      // `Session`: a member's answer carries their plan's marks (from the token).
      providesTags: ['Products', 'Session'],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useSearchProductsQuery } = searchApi;

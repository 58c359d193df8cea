// Catalog endpoints: categories, product pages, product detail, health plans, favorites.
// Every argument carries the page's `locale`: it keys the cache per language and goes with the
// call (the base query passes it to the SDK per call, sent as Accept-Language; names and
// categories come back translated). No language is set on the shared client.
import type { ProductListQuery, RouteOutput } from '@otc/sdk';
import { api, type SdkRequest } from '../../lib/api';
import type { Locale } from '../../lib/locale';

/** The request of a localized endpoint: the route and the language of this one call. */
function localized<R extends SdkRequest>(locale: Locale, request: R): R {
  return { ...request, locale };
}

export type CategoryList = RouteOutput<'categories'>;
export type ProductList = RouteOutput<'products'>;
export type ProductAnswer = RouteOutput<'product'>;
// The plans list is the coverage plan's (src/kernel/coverage-plan.ts): the cart names the guest's plan too.
export { plansApi, useGetHealthPlansQuery, type HealthPlanList } from '../../kernel/coverage-plan';

/** Filters, sort and ONE page of the product list (the address keeps `page` = last page shown). */
export type ProductPageArgs = Omit<ProductListQuery, 'page'> & { page: number; locale: Locale };

/** Drops empty values: the API receives only the filters in force. */
export function productQuery({ locale: _locale, ...args }: ProductPageArgs): ProductListQuery {
  return Object.fromEntries(
    Object.entries(args).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as ProductListQuery;
}

/** A product's detail; `coveragePlan`: a guest's chosen plan (a member's comes from the token). */
export interface ProductArgs {
  id: number;
  locale: Locale;
  coveragePlan?: string;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<CategoryList, { locale: Locale; plan?: string }>({
      query: ({ locale, plan }) =>
        localized(locale, { route: 'categories', query: plan ? { plan } : {} }),
      providesTags: ['Categories'],
      keepUnusedDataFor: 60 * 60,
    }),
    getProductPage: build.query<ProductList, ProductPageArgs>({
      query: (args) => localized(args.locale, { route: 'products', query: productQuery(args) }),
      // `Session`: a member's answer carries their plan's marks (`coveredByPlan`, from the token).
      providesTags: (result) => [
        'Session',
        { type: 'Products', id: 'LIST' },
        ...(result?.products ?? []).map((product) => ({
          type: 'Product' as const,
          id: product.id,
        })),
      ],
      // Kept for ten minutes so Back to the catalog renders every page from the cache at once
      // (the scroll position is restored against the full list).
      keepUnusedDataFor: 10 * 60,
    }),
    getProduct: build.query<ProductAnswer, ProductArgs>({
      query: ({ id, locale, coveragePlan }) =>
        localized(locale, {
          route: 'product',
          params: { id },
          query: coveragePlan ? { coveragePlan } : {},
        }),
      // `favorite`, `eligible` and a member's `coveredByPlan` are the signed-in customer's:
      // refetched when the session changes.
      providesTags: (_result, _error, { id }) => [{ type: 'Product', id }, 'Session'],
      keepUnusedDataFor: 5 * 60,
    }),
    /** The signed-in customer's favorites (ids for the hearts of product cards). */
    getFavorites: build.query<RouteOutput<'listFavorites'>, { locale: Locale }>({
      query: ({ locale }) => localized(locale, { route: 'listFavorites' }),
      providesTags: ['Favorites', 'Session'],
    }),
    setFavorite: build.mutation<RouteOutput<'addFavorite'>, { id: number; favorite: boolean }>({
      query: ({ id, favorite }) =>
        favorite
          ? { route: 'addFavorite', body: { sku_id: id } }
          : { route: 'removeFavorite', params: { id } },
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Product', id }, 'Favorites'],
    }),
  }),
});

export const {
  useGetCategoriesQuery,
  useGetProductPageQuery,
  useGetProductQuery,
  useGetFavoritesQuery,
  useSetFavoriteMutation,
} = catalogApi;

// Route-loader prefetching of the catalog's pages (src/kernel/prefetch-query.ts): the server draws
// the page from these answers; in the browser the first paint (and Back, within the cache time)
// renders from the cache. Each resolves with the answer or rejects with the query error.
import type { AppStore } from '../../kernel/store';
import { holdQuery } from '../../kernel/prefetch-query';
import { customerApi } from '../../kernel/customer-api';
import { selectSignedIn } from '../../kernel/session-slice';
import { coveragePlanNow, plansApi, type CoveragePlan } from '../../kernel/coverage-plan';
import { catalogApi, type ProductArgs, type ProductPageArgs } from './catalog-api';
import type { Locale } from '../../lib/locale';

export function prefetchCategories(store: AppStore, locale: Locale, plan?: string): Promise<unknown> {
  return holdQuery(store.dispatch(catalogApi.endpoints.getCategories.initiate({ locale, plan })));
}

export function prefetchHealthPlans(store: AppStore): Promise<unknown> {
  return holdQuery(store.dispatch(plansApi.endpoints.getHealthPlans.initiate()));
}

/** Pages 1..`args.page` of a product list. */
export function prefetchProductPages(store: AppStore, args: ProductPageArgs): Promise<unknown[]> {
  const pages = Array.from({ length: args.page }, (_, index) =>
    holdQuery(
      store.dispatch(catalogApi.endpoints.getProductPage.initiate({ ...args, page: index + 1 })),
    ),
  );
  return Promise.all(pages);
}

/**
 * A signed-in member's favorites (the hearts on product cards and the item page); nothing for a
 * guest. Never rejects: a heart drawn empty is not a failed page.
 */
export function prefetchFavorites(store: AppStore, locale: Locale): Promise<unknown> {
  if (!selectSignedIn(store.getState())) return Promise.resolve();
  return holdQuery(store.dispatch(catalogApi.endpoints.getFavorites.initiate({ locale }))).catch(() => {});
}

/** A product's detail. */
export function prefetchProduct(store: AppStore, args: ProductArgs): Promise<unknown> {
  return holdQuery(store.dispatch(catalogApi.endpoints.getProduct.initiate(args)));
}

/**
 * The plan in force (`useCoveragePlan`) as a loader can know it: at once for a guest, after the
 * signed-in customer's `me` (started here if nobody has yet) for a member.
 */
export async function coveragePlanForLoader(store: AppStore): Promise<CoveragePlan> {
  const now = coveragePlanNow(store.getState());
  if (now.ready) return now;
  await holdQuery(store.dispatch(customerApi.endpoints.getMe.initiate())).catch(() => {});
  return coveragePlanNow(store.getState());
}

// Route-loader prefetching: a page's queries started in the running app's store while its code
// and the app's first render run, so the page finds them answered or under way. Subscriptions
// end when the query settles; the mounted page subscribes itself.
import { getActiveStore, type AppStore } from './store';
import { customerApi } from './customer-api';
import { selectSignedIn } from './session-slice';
import { settingsApi } from './settings-api';

/** What `store.dispatch(endpoint.initiate(args))` returns, as far as prefetching needs. */
export interface StartedQuery {
  unwrap: () => Promise<unknown>;
  unsubscribe: () => void;
}

/** Waits for a started query, then lets it go; resolves with its answer or rejects with its error. */
export function holdQuery(started: StartedQuery): Promise<unknown> {
  return started.unwrap().then(
    (data) => {
      started.unsubscribe();
      return data;
    },
    (error: unknown) => {
      started.unsubscribe();
      throw error;
    },
  );
}

/** Starts a query in the running app's store (`start` dispatches it); none without a store. */
export function prefetchInStore(start: (store: AppStore) => StartedQuery): Promise<unknown> {
  const store = getActiveStore();
  if (!store) return Promise.resolve(null);
  return holdQuery(start(store));
}

/**
 * What a page drawn in the browser shows from its first render on: the shop's settings and, for a
 * signed-in customer, who they are. Asked for with the store, beside the page's own queries, not
 * when the first render finds them missing (on a slow connection that was one round trip more
 * before the cart or the payment step could draw its content).
 */
export function prefetchSessionQueries(store: AppStore): void {
  holdQuery(store.dispatch(settingsApi.endpoints.getSettings.initiate())).catch(() => {});
  if (selectSignedIn(store.getState())) {
    holdQuery(store.dispatch(customerApi.endpoints.getMe.initiate())).catch(() => {});
  }
}

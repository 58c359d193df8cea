// Route-loader prefetching: a page's queries started in the running app's store.
// - On the server, loaders wait for them (`awaitOnServer`): the page is drawn once, with its
//   answers, and those answers go to the browser for hydration (one render per request).
// - In the browser, they run while the page's code and its first render do, so the page finds
//   them answered or under way; a client navigation never waits for them (skeletons at once).
import type { AppStore } from './store';
import { customerApi } from './customer-api';
import { draftApi } from './draft-api';
import { reminderApi } from './allowance-reminder';
import { selectSignedIn } from './session-slice';
import { settingsApi } from './settings-api';
import { onServer } from '../lib/on-server';
import type { Locale } from '../lib/locale';

/** What `store.dispatch(endpoint.initiate(args))` returns, as far as prefetching needs. */
export interface StartedQuery {
  unwrap: () => Promise<unknown>;
  unsubscribe: () => void;
}

/**
 * Waits for a started query; resolves with its answer or rejects with its error. In the browser
 * it then lets the query go (the mounted page subscribes itself). On the server it keeps it: the
 * request's store is dropped after its one render, whereas a query let go would leave a removal
 * timer (`keepUnusedDataFor`, up to an hour) holding that store.
 */
export function holdQuery(started: StartedQuery): Promise<unknown> {
  const letGo = () => {
    if (!onServer) started.unsubscribe();
  };
  return started.unwrap().then(
    (data) => {
      letGo();
      return data;
    },
    (error: unknown) => {
      letGo();
      throw error;
    },
  );
}

/**
 * What a loader returns once it has started its page's queries: on the server, after they have
 * all settled (a failed one is drawn as the page shows failures, so it does not fail the page);
 * in the browser, at once.
 */
export async function awaitOnServer(queries: Promise<unknown>[]): Promise<null> {
  // Settled either way, so a failure is never an unhandled rejection in the browser.
  const settled = Promise.allSettled(queries);
  if (onServer) await settled;
  return null;
}

/**
 * What a page drawn in the browser shows from its first render on: the shop's settings and, for a
 * signed-in customer, who they are. Asked for with the store, beside the page's own queries, not
 * when the first render finds them missing (on a slow connection that was one round trip more
 * before the cart or the payment step could draw its content). Each promise resolves once its
 * query has settled, answered or not.
 */
export function prefetchSessionQueries(store: AppStore): Promise<unknown>[] {
  const queries = [
    holdQuery(store.dispatch(settingsApi.endpoints.getSettings.initiate())).catch(() => {}),
  ];
  if (selectSignedIn(store.getState())) {
    queries.push(holdQuery(store.dispatch(customerApi.endpoints.getMe.initiate())).catch(() => {}));
    // The reminder window's days (the allowance strip in the header and the cart).
    queries.push(holdQuery(store.dispatch(reminderApi.endpoints.getReminders.initiate())).catch(() => {}));
  }
  return queries;
}

/**
 * What the layout around every page shows (header, footer, notices): the session's queries above
 * and the cart (the header's count), in the page's language.
 */
export function prefetchLayoutQueries(store: AppStore, locale: Locale): Promise<unknown>[] {
  return [
    ...prefetchSessionQueries(store),
    holdQuery(store.dispatch(draftApi.endpoints.getCart.initiate(locale))).catch(() => {}),
  ];
}

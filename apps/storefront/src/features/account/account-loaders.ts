// The account pages' loaders (issue 29: every page right in one pass on the server). On the
// server each awaits its page's reads, so the member's page is drawn with them in one render and
// the browser hydrates from the same answers. (A read the render asked for itself was still
// running when the answers were written into the page: the browser drew a skeleton where the
// server had drawn the list, and drew the whole page again, dropping what had been typed.)
// In the browser the page asks for them itself, as the order pages do (order-loaders.ts).
import type { LoaderFunctionArgs } from 'react-router';
import { awaitOnServer, holdQuery } from '../../kernel/prefetch-query';
import { storeOf } from '../../kernel/route-context';
import type { AppStore } from '../../kernel/store';
import { localeOfPath, type Locale } from '../../lib/locale';
import { onServer } from '../../lib/on-server';
import { accountApi } from './account-api';

/** A loader awaiting, on the server only, the reads `reads` starts for the page's language. */
function readsOnServer(reads: (store: AppStore, locale: Locale) => Promise<unknown>[]) {
  return (args: LoaderFunctionArgs) => {
    if (!onServer) return null;
    const locale = localeOfPath(new URL(args.request.url).pathname);
    return awaitOnServer(reads(storeOf(args), locale));
  };
}

/** `/account/security`: the devices signed in. */
export const securityLoader = readsOnServer((store, locale) => [
  holdQuery(store.dispatch(accountApi.endpoints.sessions.initiate({ locale }))),
]);

/** `/account/addresses`: the saved addresses. */
export const addressesLoader = readsOnServer((store) => [holdQuery(store.dispatch(accountApi.endpoints.addresses.initiate()))]);

/** `/account/payment-methods`: the cards and the plans a card can be for. */
export const paymentMethodsLoader = readsOnServer((store, locale) => [
  holdQuery(store.dispatch(accountApi.endpoints.cards.initiate())),
  holdQuery(store.dispatch(accountApi.endpoints.accountHealthPlans.initiate({ locale }))),
]);

/** `/account/favorites`: the favorite products. */
export const favoritesLoader = readsOnServer((store, locale) => [
  holdQuery(store.dispatch(accountApi.endpoints.accountFavorites.initiate({ locale }))),
]);

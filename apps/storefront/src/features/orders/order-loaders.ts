// The order pages' loaders (issue 29): the order, or the history's first page, asked for as soon
// as the page's code is here; on the server awaited, so the page is drawn with its data in one
// render (a page reached without the scripts, e.g. after paying by a form post, is complete).
// In the browser the page asks for it itself, as before: a query started here and let go would be
// asked for again by the page when it failed; on the server its refusal goes to the page as the
// loader's data (loader-refusal.ts), so a missing order's page is drawn once.
import type { LoaderFunctionArgs } from 'react-router';
import { awaitOnServer, holdQuery } from '../../kernel/prefetch-query';
import { storeOf } from '../../kernel/route-context';
import { refusalOnServer, type LoaderRefusal } from '../../kernel/loader-refusal';
import { localeOfPath } from '../../lib/locale';
import { onServer } from '../../lib/on-server';
import { ordersApi } from './orders-api';

/** `/order/{id}`, `/success/{id}`: the order. */
export function orderLoader(args: LoaderFunctionArgs): Promise<LoaderRefusal> | LoaderRefusal {
  if (!onServer) return { refused: null };
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const id = Number(args.params.id);
  const store = storeOf(args);
  // Another member's order, or none: its refusal is drawn from here (loader-refusal.ts).
  return refusalOnServer(holdQuery(store.dispatch(ordersApi.endpoints.getOrder.initiate({ id, locale }))));
}

/** `/account/orders`: the history's first page (it says how many there are). */
export function ordersListLoader(args: LoaderFunctionArgs) {
  if (!onServer) return null;
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const store = storeOf(args);
  return awaitOnServer([holdQuery(store.dispatch(ordersApi.endpoints.listOrders.initiate({ page: 1, locale })))]);
}

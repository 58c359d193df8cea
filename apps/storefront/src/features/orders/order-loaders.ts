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

/** Pages of the history one address may stack (`?page=`): a render asks for each. */
export const MAX_ORDER_PAGES_SHOWN = 20;

/** The history's pages an address asks to show, stacked from the first (`?page=3`: 1 to 3). */
export function orderPagesAsked(search: URLSearchParams): number {
  const asked = Number(search.get('page'));
  return Number.isSafeInteger(asked) && asked > 1 ? Math.min(asked, MAX_ORDER_PAGES_SHOWN) : 1;
}

/**
 * `/account/orders`: the history's first page (it says how many there are), then the others the
 * address stacks ("Show more" without the scripts is a GET of `?page=<n>`), as many as there are.
 */
export async function ordersListLoader(args: LoaderFunctionArgs) {
  if (!onServer) return null;
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const store = storeOf(args);
  const first = holdQuery(store.dispatch(ordersApi.endpoints.listOrders.initiate({ page: 1, locale })));
  const asked = orderPagesAsked(url.searchParams);
  if (asked === 1) return awaitOnServer([first]);
  const list = (await first.catch(() => null)) as { total: number; pageSize: number } | null;
  const existing = list && list.pageSize > 0 ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const more = Array.from({ length: Math.min(asked, existing) - 1 }, (_, index) =>
    holdQuery(store.dispatch(ordersApi.endpoints.listOrders.initiate({ page: index + 2, locale }))),
  );
  return awaitOnServer(more);
}

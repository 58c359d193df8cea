// The cart page's loader (cart-page.tsx re-exports it as the route's `loader`): the cart, and a
// guest's chosen plan, asked for as soon as the page's code is here. Its own file, as the account
// pages' loaders are, so the page module holds what it draws.
import type { LoaderFunctionArgs } from 'react-router';
import { plansApi } from '../../../kernel/coverage-plan';
import { awaitOnServer, holdQuery } from '../../../kernel/prefetch-query';
import { storeOf } from '../../../kernel/route-context';
import { localeOfPath } from '../../../lib/locale';
import { refusedInAddress } from '../buy-again-note';
import { cartApi } from '../cart-api';

/**
 * The cart is asked for as soon as the page's code is here, not after the app's first render;
 * the server draws the page with it (the visitor's cart cookie or session came with the request).
 */
export function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const store = storeOf(args);
  // A guest's chosen plan is named on the rows it does not cover: its name comes with the page.
  const plans = store.getState().guestPlan.code
    ? [holdQuery(store.dispatch(plansApi.endpoints.getHealthPlans.initiate()))]
    : [];
  // After a Buy again that refused rows (`?reordered=…&refused=…`): the order names them.
  const reordered = refusedInAddress(url.searchParams);
  const order = reordered
    ? [holdQuery(store.dispatch(cartApi.endpoints.getReorderedOrder.initiate({ orderId: reordered.orderId, locale })))]
    : [];
  return awaitOnServer([holdQuery(store.dispatch(cartApi.endpoints.getCart.initiate(locale))), ...plans, ...order]);
}

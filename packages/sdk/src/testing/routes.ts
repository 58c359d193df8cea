/**
 * What each contract route of the test shop does, keyed by route name and typed from its contract
 * row (input parsed with the row's schemas, answer of its response type). The behaviour follows
 * the API's (apps/api) for what a storefront sees: codes, statuses, checks and their order; it is
 * a test double, not a second server (no rate limits, no bot check, no hashing).
 *
 * The routes live by area, each module answering its rows: sign-in (auth-routes.ts), the account
 * (account-routes.ts), the catalog (catalog-routes.ts), the cart (cart-routes.ts), checkout and
 * orders (order-routes.ts, over orders.ts), cards and payments (payment-routes.ts), support and
 * operations (ops-routes.ts), the suggested basket (basket-routes.ts) and "This was not me" links
 * (undo-routes.ts); the web session's cookies and the guest's server cart are web-session.ts.
 * This module composes them and names what a route gets.
 */
import type { Locale } from '../constants/index.js';
import type { Contract, RouteName, RouteOutput } from '../contract/index.js';
import type { z } from 'zod/mini';
import { ACCOUNT_ROUTES } from './account-routes.js';
import { AUTH_ROUTES } from './auth-routes.js';
import { BASKET_ROUTES } from './basket-routes.js';
import { CART_ROUTES } from './cart-routes.js';
import { CATALOG_ROUTES } from './catalog-routes.js';
import { OPS_ROUTES } from './ops-routes.js';
import { ORDER_ROUTES } from './order-routes.js';
import { PAYMENT_ROUTES } from './payment-routes.js';
import type { TestCustomer, TestSession, TestShopState } from './state.js';
import { UNDO_ROUTES } from './undo-routes.js';
import type { TestWebExchange } from './web-session.js';

export { sessionOfToken, signIn } from './auth-routes.js';

type Parsed<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

/** What a route implementation gets: the parsed input, who asks, the shop. */
export interface RouteContext<N extends RouteName> {
  params: Parsed<Contract[N] extends { params: z.ZodMiniType } ? Contract[N]['params'] : undefined>;
  query: Parsed<Contract[N] extends { query: z.ZodMiniType } ? Contract[N]['query'] : undefined>;
  body: Parsed<Contract[N] extends { body: z.ZodMiniType } ? Contract[N]['body'] : undefined>;
  /** The signed-in customer (always set on `auth: true` routes). */
  customer: Contract[N]['auth'] extends true ? TestCustomer : TestCustomer | null;
  session: Contract[N]['auth'] extends true ? TestSession : TestSession | null;
  locale: Locale;
  request: Request;
  shop: ShopCore;
  /** The web session's side (docs/web-session.md): its cookies, and what the answer sets. */
  web: TestWebExchange;
}

/** One route of the test shop: answers the route's response, or throws a `TestShopError`. */
export type RouteImpl<N extends RouteName> = (
  ctx: RouteContext<N>,
) => RouteOutput<N> | Promise<RouteOutput<N>>;

export type RouteImpls = { [N in RouteName]?: RouteImpl<N> };

/** What the routes share: the state, the clock, and how one-time codes are made. */
export interface ShopCore {
  state: TestShopState;
  now: () => Date;
  makeCode: () => string;
}

/** Every route of the contract, as the test shop answers it. */
export const ROUTES: RouteImpls = {
  ...BASKET_ROUTES,
  ...UNDO_ROUTES,
  ...AUTH_ROUTES,
  ...ACCOUNT_ROUTES,
  ...CATALOG_ROUTES,
  ...CART_ROUTES,
  ...ORDER_ROUTES,
  ...PAYMENT_ROUTES,
  ...OPS_ROUTES,
};

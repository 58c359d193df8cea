// Every page of the shop, declared ONCE; `router.tsx` mounts this table at `/` (en) and at
// `/es` (es). Paths are written without the locale prefix and without a leading slash.
//
// To add a page: add a row here (path, title message, flags) and a module exporting
// `Component` (and optionally `loader`, `handle`) under src/features/<domain>/pages or
// src/app/pages; point `load` at it. Titles are Lingui messages (`msg`), so run
// `pnpm --filter @otc/storefront extract` and translate the new msgstr in es/messages.po.
//
// Every row points at its page module; the routing rules around them (digit ids, login required,
// locale, titles, 404s) are applied by router.tsx and src/kernel/guards.ts.
//
// The same table (names, paths and flags) is the SDK's STOREFRONT_PAGES, which the API uses to
// answer 404 for addresses no page matches and to build the sitemap: add the row there too
// (routes.test.ts fails until both agree). The rows stay written out here because the build's
// route-preload plugin reads this file's `path` and `load` literals.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction } from 'react-router';
import type { ResolvedColourMode } from '../lib/colour-mode';

export interface PageRoute {
  /** Unique name, used in route ids (`en:catalog`, `es:catalog`). */
  name: string;
  /** Relative path; `''` is the index (home). */
  path: string;
  title: MessageDescriptor;
  /** A visitor without a session goes to /login?redirect=... */
  auth?: boolean;
  /** The `:id` param must be digits, otherwise 404 "Page Not Found <path>". */
  digitsId?: boolean;
  /** A signed-in user is sent on to `redirect` (or home). */
  guestOnly?: boolean;
  /** Forces a colour mode on this page. */
  colourMode?: ResolvedColourMode;
  /** The route module (lazy-loaded; one chunk per page). */
  load: () => Promise<RouteModule>;
}

export interface RouteModule {
  Component?: ComponentType | null;
  loader?: LoaderFunction;
  /** Handles the page's form posts (`<Form method="post">`), on the server and in the browser. */
  action?: ActionFunction;
  handle?: unknown;
  /** The page renders its own `<PageTitle>` (e.g. the product name); the row's title is not drawn. */
  ownsTitle?: boolean;
}

export const pageRoutes: PageRoute[] = [
  { name: 'home', path: '', title: msg`Home`, load: () => import('../features/catalog/pages/home-page') },
  { name: 'about-us', path: 'about-us', title: msg`About us`, load: () => import('../features/info/pages/about-us-page') },
  { name: 'terms-of-use', path: 'terms-of-use', title: msg`Terms of use`, load: () => import('../features/info/pages/terms-of-use-page') },
  { name: 'privacy-policy', path: 'privacy-policy', title: msg`Privacy policy`, load: () => import('../features/info/pages/privacy-policy-page') },
  { name: 'return-policy', path: 'return-policy', title: msg`Return policy`, load: () => import('../features/info/pages/return-policy-page') },
  { name: 'accessibility', path: 'accessibility', title: msg`Accessibility`, load: () => import('../features/info/pages/accessibility-page') },
  { name: 'contacts', path: 'contacts', title: msg`Contact us`, load: () => import('../features/support/pages/contacts-page') },
  {
    name: 'items-eligibility',
    path: 'docs/items-eligibility',
    title: msg`Why are some items not eligible`,
    load: () => import('../features/info/pages/items-eligibility-page'),
  },
  { name: 'catalog', path: 'catalog', title: msg`Catalog`, load: () => import('../features/catalog/pages/catalog-page') },
  {
    name: 'item',
    path: 'item/:id',
    title: msg`Product`,
    digitsId: true,
    load: () => import('../features/catalog/pages/item-page'),
  },
  { name: 'cart', path: 'cart', title: msg`Cart`, load: () => import('../features/cart/pages/cart-page') },
  { name: 'checkout', path: 'checkout/:id', title: msg`Checkout`, auth: true, digitsId: true, load: () => import('../features/checkout/pages/checkout-page') },
  { name: 'success', path: 'success/:id', title: msg`Thank you for your order`, auth: true, digitsId: true, load: () => import('../features/orders/pages/success-page') },
  // `order/delivery` is listed before `order/:id`; react-router ranks static segments first anyway.
  { name: 'order-delivery', path: 'order/delivery', title: msg`Delivery address`, auth: true, load: () => import('../features/checkout/pages/delivery-page') },
  { name: 'order', path: 'order/:id', title: msg`Order details`, auth: true, digitsId: true, load: () => import('../features/orders/pages/order-page') },
  { name: 'account', path: 'account', title: msg`My account`, auth: true, load: () => import('../features/account/pages/profile-page') },
  { name: 'account-addresses', path: 'account/addresses', title: msg`Addresses`, auth: true, load: () => import('../features/account/pages/addresses-page') },
  { name: 'account-complete', path: 'account/complete', title: msg`Complete your profile`, auth: true, load: () => import('../features/auth/pages/complete-profile-page') },
  { name: 'account-favorites', path: 'account/favorites', title: msg`Favorites`, auth: true, load: () => import('../features/account/pages/favorites-page') },
  { name: 'account-orders', path: 'account/orders', title: msg`My orders`, auth: true, load: () => import('../features/orders/pages/account-orders-page') },
  { name: 'account-payment-methods', path: 'account/payment-methods', title: msg`Payment methods`, auth: true, load: () => import('../features/account/pages/payment-methods-page') },
  { name: 'account-security', path: 'account/security', title: msg`Security`, auth: true, load: () => import('../features/account/pages/security-page') },
  { name: 'account-basket', path: 'account/basket', title: msg`Your suggested basket`, auth: true, load: () => import('../features/account/pages/basket-page') },
  { name: 'balance-check', path: 'balance-check', title: msg`Check your balance`, load: () => import('../features/support/pages/balance-check-page') },
  { name: 'request-new-product', path: 'request-new-product', title: msg`Request a new product`, auth: true, load: () => import('../features/support/pages/request-new-product-page') },
  { name: 'login', path: 'login', title: msg`Sign in`, guestOnly: true, load: () => import('../features/auth/pages/login-page') },
  { name: 'login-password', path: 'login/password', title: msg`Sign in with a password`, guestOnly: true, load: () => import('../features/auth/pages/login-password-page') },
  { name: 'login-phone', path: 'login/phone', title: msg`Sign in with your phone`, guestOnly: true, load: () => import('../features/auth/pages/login-phone-page') },
  { name: 'login-recovery', path: 'login-recovery', title: msg`Account recovery`, load: () => import('../features/auth/pages/login-recovery-page') },
  { name: 'sign-up', path: 'sign-up', title: msg`Sign up`, guestOnly: true, load: () => import('../features/auth/pages/sign-up-page') },
  { name: 'logout', path: 'logout', title: msg`Sign out`, load: () => import('../features/auth/pages/logout-page') },
  { name: 'reminders-unsubscribe', path: 'reminders/unsubscribe', title: msg`Allowance reminders`, load: () => import('../features/account/pages/unsubscribe-page') },
  { name: 'account-undo', path: 'account/undo', title: msg`This was not me`, load: () => import('../features/account/pages/undo-page') },
];

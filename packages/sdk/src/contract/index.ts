/**
 * The shop's API contract: one row per call. The SDK client builds its requests from these rows
 * and parses answers with their schemas (zod/mini); the API registers its handlers from the same rows, so
 * the two cannot drift.
 */
import * as z from 'zod/mini';
import { TEXT_MAX } from '../constants/index.js';
import * as s from '../schemas/index.js';
import { textSchema } from '../validation/zod.js';

/**
 * The version of this contract (semver): major when a row, field or code is removed or renamed,
 * minor when one is added, patch for texts and bounds. The API sends it in the
 * `X-Contract-Version` answer header; the client keeps the one it saw (`client.contractVersion()`).
 */
export const CONTRACT_VERSION = '1.3.0';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** Path with `{name}` placeholders, e.g. `/api/email/{id}`. */
  path: string;
  /** Whether the call needs a signed-in customer (bearer token). */
  auth: boolean;
  summary: string;
  tag: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
  /**
   * Exists only outside production, and answers only loopback clients (the development outbox and
   * operations).
   */
  devOnly?: boolean;
  /**
   * The route also answers a guest through the signed `otc_cart` cookie (the guest's server cart,
   * docs/web-session.md); every other `auth: true` route needs a member.
   */
  guestCart?: boolean;
  /**
   * A change that could take the account: the session needs a recent proof (a sign-in within
   * `RECENT_SIGN_IN_PROOF_MINUTES`, or a proof by POST /api/auth/proof within
   * `PROOF_VALID_MINUTES`), else 403 `recent_proof_required`.
   */
  recentProof?: boolean;
}

function route<const R extends RouteDef>(def: R): R {
  return def;
}

const id = s.idParamsSchema;

export const contract = {
  // --- auth ---
  requestCode: route({
    method: 'POST',
    path: '/api/auth/code',
    auth: false,
    tag: 'auth',
    summary: 'Send a one-time sign-in code to an e-mail or phone',
    body: s.codeRequestSchema,
    response: s.codeSentSchema,
  }),
  verifyCode: route({
    method: 'POST',
    path: '/api/auth/code/verify',
    auth: false,
    tag: 'auth',
    summary: 'Sign in with a one-time code',
    body: s.codeVerifySchema,
    response: s.signInAnswerSchema,
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    auth: false,
    tag: 'auth',
    summary: 'Sign in with a password',
    body: s.passwordLoginSchema,
    response: s.signInAnswerSchema,
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    auth: false,
    tag: 'auth',
    summary: 'Sign out: revoke a refresh token, or end the web session of the cookie',
    body: s.logoutInputSchema,
    response: s.okSchema,
  }),
  csrfToken: route({
    method: 'GET',
    path: '/api/auth/csrf',
    auth: false,
    tag: 'auth',
    summary: "The CSRF token of the visitor's session or cart cookie (null without one)",
    response: s.csrfAnswerSchema,
  }),
  refreshToken: route({
    method: 'POST',
    path: '/api/auth/token-refresh',
    auth: false,
    tag: 'auth',
    summary: 'Exchange a refresh token for a new pair (rotation)',
    body: s.refreshInputSchema,
    response: s.tokenPairSchema,
  }),
  registerCode: route({
    method: 'POST',
    path: '/api/auth/register/code',
    auth: false,
    tag: 'auth',
    summary: 'Send a registration code to a new e-mail or phone',
    body: s.codeRequestSchema,
    response: s.codeSentSchema,
  }),
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    auth: false,
    tag: 'auth',
    summary: 'Create an account with the code, and optionally a password',
    body: s.registerInputSchema,
    response: s.signInAnswerSchema,
  }),
  recoveryCode: route({
    method: 'POST',
    path: '/api/auth/recovery/code',
    auth: false,
    tag: 'auth',
    summary: 'Send an account-recovery code',
    body: s.codeRequestSchema,
    response: s.codeSentSchema,
  }),
  recover: route({
    method: 'POST',
    path: '/api/auth/recovery',
    auth: false,
    tag: 'auth',
    summary: 'Set a new password with a recovery code',
    body: s.recoveryInputSchema,
    response: s.signInAnswerSchema,
  }),
  me: route({
    method: 'GET',
    path: '/api/auth/me',
    auth: true,
    tag: 'auth',
    summary: 'The signed-in customer',
    response: s.customerSchema,
  }),
  listSessions: route({
    method: 'GET',
    path: '/api/auth/sessions',
    auth: true,
    tag: 'auth',
    summary: "The customer's active sessions (devices signed in), most recently used first",
    response: s.sessionListSchema,
  }),
  endAllSessions: route({
    method: 'DELETE',
    path: '/api/auth/sessions',
    auth: true,
    tag: 'auth',
    summary: 'Sign out of all devices: every session ends at once, this one too',
    response: s.okSchema,
  }),
  endSession: route({
    method: 'DELETE',
    path: '/api/auth/sessions/{id}',
    auth: true,
    tag: 'auth',
    summary: 'End one session (sign a device out at once)',
    params: s.sessionIdParamsSchema,
    response: s.okSchema,
  }),

  proofStatus: route({
    method: 'GET',
    path: '/api/auth/proof',
    auth: true,
    tag: 'auth',
    summary: 'Whether this session has a recent proof, and how the account can give one',
    response: s.proofStatusSchema,
  }),
  requestProofCode: route({
    method: 'POST',
    path: '/api/auth/proof/code',
    auth: true,
    tag: 'auth',
    summary: 'Send a one-time code to the primary contact, to prove it is the owner',
    response: s.codeSentSchema,
  }),
  prove: route({
    method: 'POST',
    path: '/api/auth/proof',
    auth: true,
    tag: 'auth',
    summary: 'Prove it is the owner (current password or the proof code); the session is proven for a while',
    body: s.proofInputSchema,
    response: s.proofStatusSchema,
  }),

  // --- customer ---
  updateCustomer: route({
    method: 'PATCH',
    path: '/api/customer/data',
    auth: true,
    tag: 'customer',
    summary: 'Update profile fields',
    body: s.customerPatchSchema,
    response: s.customerSchema,
  }),
  changePassword: route({
    method: 'PUT',
    path: '/api/customer/password',
    auth: true,
    tag: 'customer',
    summary:
      'Set or change the password: the current password when the account has one, else a recent proof',
    body: s.passwordChangeSchema,
    response: s.customerSchema,
  }),
  listHealthPlans: route({
    method: 'GET',
    path: '/api/health-plans',
    auth: false,
    tag: 'customer',
    summary: 'Health plans a customer may choose',
    response: z.array(s.healthPlanSchema),
  }),
  chooseHealthPlan: route({
    method: 'PUT',
    path: '/api/customer/health-plan',
    auth: true,
    tag: 'customer',
    summary: 'Choose a health plan',
    body: z.object({ code: textSchema({ max: TEXT_MAX.code }) }),
    response: s.customerSchema,
  }),

  chooseGuestPlan: route({
    method: 'PUT',
    path: '/api/guest-plan',
    auth: false,
    tag: 'customer',
    summary:
      "A guest's health plan, to see what it covers (issue 29): kept in the otc_plan cookie (a year, SameSite=Lax, readable by the page); an empty code forgets it",
    body: z.object({ code: textSchema({ max: TEXT_MAX.code, min: 0 }) }),
    response: z.object({ code: z.nullable(z.string()) }),
  }),

  suggestedBasket: route({
    method: 'GET',
    path: '/api/customer/suggested-basket',
    auth: true,
    tag: 'customer',
    summary:
      "A basket the allowance left can buy before the period ends: covered, in stock, bought before first, then the plan's staples (issue 31)",
    response: s.suggestedBasketSchema,
  }),
  reminderSetting: route({
    method: 'GET',
    path: '/api/customer/reminders',
    auth: true,
    tag: 'customer',
    summary: 'How the allowance reminder reaches the member (email, sms: e-mail and a text, off)',
    response: s.reminderSettingSchema,
  }),
  updateReminderSetting: route({
    method: 'PUT',
    path: '/api/customer/reminders',
    auth: true,
    tag: 'customer',
    summary: 'Choose how the allowance reminder reaches the member (sms needs a confirmed phone)',
    body: s.reminderSettingInputSchema,
    response: s.reminderSettingSchema,
  }),
  unsubscribePreview: route({
    method: 'GET',
    path: '/api/reminders/unsubscribe',
    auth: false,
    tag: 'customer',
    summary: "What the reminder e-mail's signed unsubscribe link would do (changes nothing; works signed out)",
    query: s.unsubscribeQuerySchema,
    response: s.unsubscribeAnswerSchema,
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/reminders/unsubscribe',
    auth: false,
    tag: 'customer',
    summary: 'One-click unsubscribe (RFC 8058) from the allowance reminders with the signed link (works signed out)',
    query: s.unsubscribeQuerySchema,
    response: s.unsubscribeAnswerSchema,
  }),

  accountUndoPreview: route({
    method: 'GET',
    path: '/api/auth/undo',
    auth: false,
    tag: 'auth',
    summary: "What an account-change notice's \"This was not me\" link would undo (changes nothing; works signed out)",
    query: s.accountUndoQuerySchema,
    response: s.accountUndoAnswerSchema,
  }),
  accountUndo: route({
    method: 'POST',
    path: '/api/auth/undo',
    auth: false,
    tag: 'auth',
    summary: "Undo the change of an account-change notice's single-use link: the change undone where it can, the password locked, every session ended (works signed out)",
    query: s.accountUndoQuerySchema,
    response: s.accountUndoAnswerSchema,
  }),

  // --- emails ---
  addEmail: route({
    method: 'POST',
    path: '/api/email',
    auth: true,
    recentProof: true,
    tag: 'emails',
    summary: 'Add an e-mail; a code is sent to verify it',
    body: s.contactAddSchema,
    response: s.customerSchema,
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/api/email/{id}/verify',
    auth: true,
    recentProof: true,
    tag: 'emails',
    summary: 'Verify an added e-mail with its code',
    params: id,
    body: s.contactVerifySchema,
    response: s.customerSchema,
  }),
  resendEmailCode: route({
    method: 'POST',
    path: '/api/email/{id}/code',
    auth: true,
    tag: 'emails',
    summary: 'Send the verification code again',
    params: id,
    response: s.codeSentSchema,
  }),
  makeEmailPrimary: route({
    method: 'POST',
    path: '/api/email/{id}/make-primary',
    auth: true,
    recentProof: true,
    tag: 'emails',
    summary: 'Make a verified e-mail the sign-in one',
    params: id,
    response: s.customerSchema,
  }),
  updateEmail: route({
    method: 'PATCH',
    path: '/api/email/{id}',
    auth: true,
    tag: 'emails',
    summary: 'Update e-mail preferences',
    params: id,
    body: s.emailPatchSchema,
    response: s.customerSchema,
  }),
  removeEmail: route({
    method: 'DELETE',
    path: '/api/email/{id}',
    auth: true,
    recentProof: true,
    tag: 'emails',
    summary: 'Remove a non-primary e-mail',
    params: id,
    response: s.customerSchema,
  }),

  // --- phones ---
  addPhone: route({
    method: 'POST',
    path: '/api/phone',
    auth: true,
    recentProof: true,
    tag: 'phones',
    summary: 'Add a phone; a code is sent to verify it',
    body: s.contactAddSchema,
    response: s.customerSchema,
  }),
  verifyPhone: route({
    method: 'POST',
    path: '/api/phone/{id}/verify',
    auth: true,
    recentProof: true,
    tag: 'phones',
    summary: 'Verify an added phone with its code',
    params: id,
    body: s.contactVerifySchema,
    response: s.customerSchema,
  }),
  resendPhoneCode: route({
    method: 'POST',
    path: '/api/phone/{id}/code',
    auth: true,
    tag: 'phones',
    summary: 'Send the verification code again',
    params: id,
    response: s.codeSentSchema,
  }),
  makePhonePrimary: route({
    method: 'POST',
    path: '/api/phone/{id}/make-primary',
    auth: true,
    recentProof: true,
    tag: 'phones',
    summary: 'Make a verified phone the sign-in one',
    params: id,
    response: s.customerSchema,
  }),
  updatePhone: route({
    method: 'PATCH',
    path: '/api/phone/{id}',
    auth: true,
    tag: 'phones',
    summary: 'Update phone preferences',
    params: id,
    body: s.phonePatchSchema,
    response: s.customerSchema,
  }),
  removePhone: route({
    method: 'DELETE',
    path: '/api/phone/{id}',
    auth: true,
    recentProof: true,
    tag: 'phones',
    summary: 'Remove a non-primary phone',
    params: id,
    response: s.customerSchema,
  }),

  // --- addresses ---
  listAddresses: route({
    method: 'GET',
    path: '/api/customer/address',
    auth: true,
    tag: 'addresses',
    summary: 'Saved addresses',
    response: z.array(s.addressSchema),
  }),
  addAddress: route({
    method: 'POST',
    path: '/api/customer/address',
    auth: true,
    tag: 'addresses',
    summary: 'Add an address in a delivery state',
    body: s.addressInputSchema,
    response: s.addressSchema,
  }),
  updateAddress: route({
    method: 'PATCH',
    path: '/api/customer/address/{id}',
    auth: true,
    tag: 'addresses',
    summary: 'Update an address',
    params: id,
    body: s.addressPatchSchema,
    response: s.addressSchema,
  }),
  removeAddress: route({
    method: 'DELETE',
    path: '/api/customer/address/{id}',
    auth: true,
    tag: 'addresses',
    summary: 'Remove an address',
    params: id,
    response: s.okSchema,
  }),

  // --- cards ---
  listCards: route({
    method: 'GET',
    path: '/api/insurance-card',
    auth: true,
    tag: 'cards',
    summary: 'Benefit and insurance cards',
    response: s.cardListSchema,
  }),
  addCard: route({
    method: 'POST',
    path: '/api/insurance-card',
    auth: true,
    tag: 'cards',
    summary: 'Add a card (validated per type)',
    body: s.cardInputSchema,
    response: s.cardListSchema,
  }),
  makeCardActive: route({
    method: 'PATCH',
    path: '/api/insurance-card/{id}/make-active',
    auth: true,
    tag: 'cards',
    summary: 'Make a card the active one',
    params: id,
    response: s.cardListSchema,
  }),
  checkBalance: route({
    method: 'POST',
    path: '/api/balance-check',
    auth: false,
    tag: 'cards',
    summary: 'Quick card balance check (guests too)',
    body: s.balanceCheckInputSchema,
    response: s.balanceCheckAnswerSchema,
  }),

  // --- catalog and search ---
  categories: route({
    method: 'GET',
    path: '/api/catalog/categories',
    auth: false,
    tag: 'catalog',
    summary: 'Categories, optionally for one plan',
    query: s.categoriesQuerySchema,
    response: s.categoryListSchema,
  }),
  products: route({
    method: 'GET',
    path: '/api/catalog/products',
    auth: false,
    tag: 'catalog',
    summary: 'Product list with filters, words (q), sort and page',
    query: s.productListQuerySchema,
    response: s.productListSchema,
  }),
  product: route({
    method: 'GET',
    path: '/api/catalog/products/{id}',
    auth: false,
    tag: 'catalog',
    summary: 'Product detail with similar products',
    params: id,
    query: s.productQuerySchema,
    response: s.productDetailAnswerSchema,
  }),
  search: route({
    method: 'GET',
    path: '/api/search/products',
    auth: false,
    tag: 'search',
    summary: 'Search products and categories (3 characters or more)',
    query: s.searchQuerySchema,
    response: s.searchAnswerSchema,
  }),

  // --- favorites ---
  listFavorites: route({
    method: 'GET',
    path: '/api/favorites',
    auth: true,
    tag: 'favorites',
    summary: 'Favorite products',
    response: s.productSummaryListSchema,
  }),
  addFavorite: route({
    method: 'POST',
    path: '/api/favorites',
    auth: true,
    tag: 'favorites',
    summary: 'Add a favorite',
    body: s.favoriteInputSchema,
    response: s.productSummaryListSchema,
  }),
  removeFavorite: route({
    method: 'DELETE',
    path: '/api/favorites/{id}',
    auth: true,
    tag: 'favorites',
    summary: 'Remove a favorite (id of the product)',
    params: id,
    response: s.productSummaryListSchema,
  }),

  // --- orders ---
  readCart: route({
    method: 'GET',
    path: '/api/cart',
    auth: false,
    guestCart: true,
    tag: 'orders',
    summary: "The visitor's cart: a member's draft (created when none), a guest's, or null",
    response: s.cartAnswerSchema,
  }),
  prepareDraft: route({
    method: 'POST',
    path: '/api/order/prepare-draft',
    auth: true,
    guestCart: true,
    tag: 'orders',
    summary: 'The open draft (created when none)',
    body: s.prepareDraftInputSchema,
    response: s.orderDraftSchema,
  }),
  setSkuAmount: route({
    method: 'PATCH',
    path: '/api/order/{id}/sku-amount',
    auth: true,
    guestCart: true,
    tag: 'orders',
    summary: 'Set the amount of one product (0 removes it)',
    params: id,
    body: s.skuAmountInputSchema,
    response: s.orderDraftSchema,
  }),
  addToDraft: route({
    method: 'POST',
    path: '/api/order/draft/items',
    auth: true,
    guestCart: true,
    tag: 'orders',
    summary: 'Add units of one product to the open draft (created when none), in one request',
    body: s.addToDraftInputSchema,
    response: s.orderDraftSchema,
  }),
  mergeIntoDraft: route({
    method: 'POST',
    path: '/api/order/draft/merge',
    auth: true,
    guestCart: true,
    tag: 'orders',
    summary: 'Merge the guest cart into the open draft at sign-in (never lowers or drops a draft row)',
    body: s.mergeIntoDraftInputSchema,
    response: s.draftMergeAnswerSchema,
  }),
  setItems: route({
    method: 'PUT',
    path: '/api/order/{id}/items',
    auth: true,
    guestCart: true,
    tag: 'orders',
    summary: 'Replace all rows',
    params: id,
    body: s.itemsInputSchema,
    response: s.orderDraftSchema,
  }),
  recalculate: route({
    method: 'PATCH',
    path: '/api/order/{id}/recalculate',
    auth: true,
    guestCart: true,
    tag: 'orders',
    summary: 'Recalculate prices, flags and totals',
    params: id,
    response: s.orderDraftSchema,
  }),
  updateOrder: route({
    method: 'PATCH',
    path: '/api/order/{id}',
    auth: true,
    guestCart: true,
    tag: 'orders',
    summary: 'Set or clear the promo code',
    params: id,
    body: s.orderPatchSchema,
    response: s.orderDraftSchema,
  }),
  completeOrder: route({
    method: 'PATCH',
    path: '/api/order/{id}/complete',
    auth: true,
    tag: 'orders',
    summary: 'Place the order (reserves stock); answers it with its order number',
    params: id,
    response: s.placedOrderSchema,
  }),
  backToDraft: route({
    method: 'PATCH',
    path: '/api/order/{id}/back-to-draft',
    auth: true,
    tag: 'orders',
    summary: 'Return a placed, unpaid order to draft',
    params: id,
    response: s.orderDraftSchema,
  }),
  payOrder: route({
    method: 'POST',
    path: '/api/order/{id}/pay',
    auth: true,
    tag: 'orders',
    summary: 'Pay with a method code and its input',
    params: id,
    body: s.paymentInputSchema,
    response: s.paymentAnswerSchema,
  }),
  cancelOrder: route({
    method: 'POST',
    path: '/api/order/{id}/cancel',
    auth: true,
    tag: 'orders',
    summary:
      'Cancel an unpaid order (stock released), or a paid one not yet packaging within the cancel window (refunded to what paid)',
    params: id,
    response: s.orderDetailSchema,
  }),
  listOrders: route({
    method: 'GET',
    path: '/api/order',
    auth: true,
    tag: 'orders',
    summary: 'Order history, newest first',
    query: s.orderListQuerySchema,
    response: s.pagedSchema(s.orderSummarySchema),
  }),
  getOrder: route({
    method: 'GET',
    path: '/api/order/{id}',
    auth: true,
    tag: 'orders',
    summary: 'Order detail with tracking',
    params: id,
    response: s.orderDetailSchema,
  }),
  getDelivery: route({
    method: 'GET',
    path: '/api/order/delivery',
    auth: true,
    tag: 'orders',
    summary: 'Delivery address of the open order',
    response: s.deliveryAnswerSchema,
  }),
  setDelivery: route({
    method: 'PUT',
    path: '/api/order/delivery',
    auth: true,
    tag: 'orders',
    summary: 'Choose the delivery address of the open order',
    body: s.deliveryInputSchema,
    response: s.orderDraftSchema,
  }),

  // --- support ---
  sendContactMessage: route({
    method: 'POST',
    path: '/api/contact',
    auth: false,
    tag: 'support',
    summary: 'Send a message to support',
    body: s.contactMessageSchema,
    response: s.contactAnswerSchema,
  }),
  requestProduct: route({
    method: 'POST',
    path: '/api/product-request',
    auth: true,
    tag: 'support',
    summary: 'Ask for a product to be added',
    body: s.productRequestSchema,
    response: s.productRequestAnswerSchema,
  }),

  // --- settings and operations ---
  settings: route({
    method: 'GET',
    path: '/api/constants',
    auth: false,
    tag: 'settings',
    summary: 'Shop settings',
    response: s.settingsSchema,
  }),
  health: route({
    method: 'GET',
    path: '/api/health',
    auth: false,
    tag: 'settings',
    summary: 'Liveness',
    response: s.healthAnswerSchema,
  }),
  devOutbox: route({
    method: 'GET',
    path: '/api/dev/outbox',
    auth: false,
    tag: 'dev',
    summary: 'Development outbox, newest first (not in production)',
    query: s.outboxQuerySchema,
    response: s.outboxAnswerSchema,
    devOnly: true,
  }),
  devAdvanceOrder: route({
    method: 'POST',
    path: '/api/dev/orders/{id}/advance',
    auth: false,
    tag: 'dev',
    summary: 'Move a placed order one step on, as `ops order:advance` (not in production)',
    params: id,
    response: s.devAdvanceAnswerSchema,
    devOnly: true,
  }),
  devSetStock: route({
    method: 'PUT',
    path: '/api/dev/products/{id}/stock',
    auth: false,
    tag: 'dev',
    summary: 'Set the units on hand of a product, as `ops stock:set` (not in production)',
    params: id,
    body: s.devStockInputSchema,
    response: s.devStockAnswerSchema,
    devOnly: true,
  }),
  devRunReminders: route({
    method: 'POST',
    path: '/api/dev/reminders/run',
    auth: false,
    tag: 'dev',
    summary: 'Send the allowance reminders due on a day, as `ops reminders:run --as-of` (not in production)',
    body: s.devRemindersRunInputSchema,
    response: s.devRemindersRunAnswerSchema,
    devOnly: true,
  }),
} as const;

export type Contract = typeof contract;
export type RouteName = keyof Contract;

type Infer<T> = T extends z.ZodMiniType ? z.input<T> : never;
type InferOut<T> = T extends z.ZodMiniType ? z.output<T> : never;

/** What a caller passes for a route: params, query and body where the route has them. */
export type RouteInput<N extends RouteName> = (Contract[N] extends { params: z.ZodMiniType }
  ? { params: Infer<Contract[N]['params']> }
  : { params?: undefined }) &
  (Contract[N] extends { query: z.ZodMiniType }
    ? { query?: Infer<Contract[N]['query']> }
    : { query?: undefined }) &
  (Contract[N] extends { body: z.ZodMiniType }
    ? { body: Infer<Contract[N]['body']> }
    : { body?: undefined });

/** The parsed answer of a route. */
export type RouteOutput<N extends RouteName> = InferOut<Contract[N]['response']>;

/** Fills `{name}` placeholders of a contract path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path in the router syntax of Fastify (`{id}` becomes `:id`). */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Serializes a query: empty, null and undefined values are dropped, numbers become strings. */
export function buildQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

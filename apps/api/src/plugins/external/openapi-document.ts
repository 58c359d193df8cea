/**
 * The OpenAPI 3.1 document of the API, from the SDK's contract table (issue 20):
 *
 * - JSON Schema 2020-12 from the contract's zod schemas, so a nullable field is
 *   `anyOf: [X, { type: 'null' }]` (OpenAPI 3.0's `nullable` is gone);
 * - named component schemas for the entities (`Customer`, `ProductSummary`, `OrderDraft`, ...,
 *   `Error`), through a zod registry of their own (`OPENAPI_SCHEMAS`), and no unused one;
 * - path and query ids typed `integer` with their int4 bounds (the contract coerces them from
 *   the string of the URL: the schema shows the value, not the text);
 * - every operation with an operationId (the contract name; the probes `liveness` and
 *   `readiness`), its security (`[]` on public ones), and its error answers: the shape
 *   `{ message, code, data?, fields? }` (`Error`) under each status the route can answer, with
 *   the catalogue codes it sends in the description (`ERROR_CODES_OF`); `Error` names every
 *   member a real error answer carries and no other (test/openapi-answers.test.ts checks the
 *   answers of real calls against the document), and the rule of a 422's top-level code;
 * - `servers` from PUBLIC_URL (else `/`), tags with descriptions, a license;
 * - the web visitor's cookies (issue 29, docs/web-session.md): the `sessionCookie` and
 *   `cartCookie` security schemes, `X-Auth-Mode` on the sign-ins, `X-CSRF-Token` on the writes a
 *   cookie may carry and their 403 `cross_site_request` and `csrf_token_invalid`.
 */
import { CONTRACT_VERSION_HEADER, errorStatus, errorText, type ErrorCode } from '@otc/sdk';
import { contract, type RouteDef, type RouteName } from '@otc/sdk/contract';
import * as s from '@otc/sdk/schemas';
import { z } from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';

/** The zod registry naming component schemas: each becomes `#/components/schemas/<id>`. */
export const OPENAPI_SCHEMAS = z.registry<{ id: string; description?: string }>();

const NAMED: Array<[z.ZodMiniType, string, string?]> = [
  [s.customerSchema, 'Customer', 'The signed-in customer with contacts, addresses and cards'],
  [s.emailSchema, 'Email'],
  [s.phoneSchema, 'Phone'],
  [s.addressSchema, 'Address'],
  [s.insuranceCardSchema, 'InsuranceCard', 'A benefit or insurance card (never its full number)'],
  [s.cardListSchema, 'CardList'],
  [s.healthPlanSchema, 'HealthPlan'],
  [s.categorySchema, 'Category'],
  [s.productSummarySchema, 'ProductSummary', 'What a product card, a cart row and a list need'],
  [s.productDetailSchema, 'ProductDetail'],
  [s.productListSchema, 'ProductList'],
  [s.searchAnswerSchema, 'SearchAnswer'],
  [s.orderRowSchema, 'OrderRow'],
  [s.totalsSchema, 'Totals'],
  [s.pendingOrderSchema, 'PendingOrder'],
  [s.orderDraftSchema, 'OrderDraft', 'The open draft (cart) or an order in the draft shape'],
  [s.placedOrderSchema, 'PlacedOrder', 'A placed order: the draft shape with its number'],
  [s.draftMergeAnswerSchema, 'DraftMergeAnswer'],
  [s.paymentAnswerSchema, 'PaymentAnswer'],
  [s.orderSummarySchema, 'OrderSummary'],
  [s.orderDetailSchema, 'OrderDetail'],
  [s.tokenPairSchema, 'TokenPair', 'Tokens of a sign-in or a refresh'],
  [
    s.webSessionSchema,
    'WebSession',
    'A web session started (`X-Auth-Mode: session`): the session is the HttpOnly `otc_session` cookie; `csrf_token` goes with every write; `merge` is what became of the guest cart',
  ],
  [s.csrfAnswerSchema, 'CsrfToken', "The CSRF token of the visitor's session or cart cookie (null without one)"],
  [s.cartAnswerSchema, 'CartAnswer', "The visitor's cart: a member's or a guest's draft, null for a guest without one"],
  [s.codeSentSchema, 'CodeSent'],
  [s.sessionSchema, 'Session'],
  [s.sessionListSchema, 'SessionList'],
  [s.proofStatusSchema, 'ProofStatus'],
  [s.settingsSchema, 'Settings'],
  [s.promotionSchema, 'Promotion'],
  [s.okSchema, 'Ok'],
  [
    s.errorBodySchema,
    'Error',
    'Every error answer: `message` in the language of Accept-Language, `code` from the error catalogue; a 422 adds `data` (per-field texts) and `fields` (per-field codes with their params)',
  ],
];
for (const [schema, id, description] of NAMED) {
  if (!OPENAPI_SCHEMAS.has(schema)) OPENAPI_SCHEMAS.add(schema, description ? { id, description } : { id });
}

type Json = Record<string, unknown>;

interface OverrideContext {
  zodSchema: { _zod: { def: Record<string, unknown> } };
  jsonSchema: Json;
}

/**
 * zod -> JSON Schema adjustments: empty union branches dropped (as fastify-type-provider-zod
 * does), dates as date-time strings, and a number coerced from a URL's text (`id` in a path,
 * `page` in a query) described as the number it becomes: `integer` with its bounds.
 */
export function openapiOverride(ctx: OverrideContext): void {
  const def = ctx.zodSchema._zod.def;
  if (def.type === 'union' && Array.isArray(ctx.jsonSchema.anyOf)) {
    ctx.jsonSchema.anyOf = (ctx.jsonSchema.anyOf as Json[]).filter((b) => Object.keys(b).length > 0);
  }
  if (def.type === 'date') {
    ctx.jsonSchema.type = 'string';
    ctx.jsonSchema.format = 'date-time';
  }
  if (def.type === 'pipe') {
    const inner = (def.in as OverrideContext['zodSchema'])._zod.def;
    if (inner.type === 'number' && inner.coerce === true) {
      const { $schema: _dialect, ...out } = toJSONSchema(def.out as never, { target: 'draft-2020-12', io: 'output' }) as Json;
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, out);
    }
  }
}

/**
 * The catalogue codes a route can answer beyond those every route of its kind can (below), by
 * contract name. Read from the services; a code missing here is still answered, only not
 * described.
 */
const CODE_REQUEST: ErrorCode[] = ['resend_too_soon', 'code_requests_slowed', 'limitReached', 'code_request_failed'];
const CODE_CHECK: ErrorCode[] = ['invalid_code', 'code_attempts_exceeded'];
const PROMO: ErrorCode[] = [
  'promo_code_invalid',
  'promo_code_used',
  'promo_code_used_up',
  'promo_code_not_started',
  'promo_code_expired',
];
const DRAFT_ROWS: ErrorCode[] = [
  'order_not_draft',
  'cannot_add_more',
  'product_not_found',
  'too_many_items',
  'max_units_per_item',
  'period_limit_reached',
];
export const ERROR_CODES_OF: Partial<Record<RouteName, ErrorCode[]>> = {
  requestCode: ['account_not_found', ...CODE_REQUEST],
  verifyCode: ['account_not_found', ...CODE_CHECK],
  login: ['invalid_credentials'],
  refreshToken: ['invalid_refresh_token'],
  registerCode: ['account_exists', ...CODE_REQUEST],
  register: ['account_exists', 'password_not_complex', ...CODE_CHECK],
  recoveryCode: ['account_not_found', ...CODE_REQUEST],
  recover: ['account_not_found', 'password_not_complex', 'passwords_dont_match', ...CODE_CHECK],
  requestProofCode: CODE_REQUEST,
  prove: ['current_password_incorrect', ...CODE_CHECK],
  updateCustomer: ['invalid_date', 'date_not_past'],
  changePassword: ['current_password_incorrect', 'password_not_complex', 'passwords_dont_match', 'recent_proof_required'],
  chooseHealthPlan: ['plan_not_found'],
  addEmail: ['adding_contacts_disabled', 'contact_taken', 'contact_already_added', ...CODE_REQUEST],
  verifyEmail: ['contact_already_verified', 'contact_taken', ...CODE_CHECK],
  resendEmailCode: ['contact_already_verified', ...CODE_REQUEST],
  makeEmailPrimary: ['contact_not_verified'],
  removeEmail: ['primary_email_cannot_be_removed'],
  addPhone: ['adding_contacts_disabled', 'contact_taken', 'contact_already_added', ...CODE_REQUEST],
  verifyPhone: ['contact_already_verified', 'contact_taken', ...CODE_CHECK],
  resendPhoneCode: ['contact_already_verified', ...CODE_REQUEST],
  makePhonePrimary: ['contact_not_verified'],
  removePhone: ['primary_phone_cannot_be_removed'],
  addAddress: ['state_required', 'state_not_delivered'],
  updateAddress: ['state_required', 'state_not_delivered'],
  addCard: ['card_number_or_code_is_not_correct', 'card_already_in_system', 'card_already_added'],
  checkBalance: ['card_number_or_code_is_not_correct', 'low_rate', 'unavailable'],
  categories: ['plan_not_found'],
  products: ['plan_not_found'],
  search: ['plan_not_found'],
  addFavorite: ['not_found'],
  prepareDraft: [],
  setSkuAmount: DRAFT_ROWS,
  addToDraft: DRAFT_ROWS,
  mergeIntoDraft: ['too_many_items'],
  setItems: DRAFT_ROWS,
  recalculate: ['order_not_draft'],
  updateOrder: ['order_not_draft', ...PROMO],
  completeOrder: [
    'order_not_draft',
    'unpaid_order_exists',
    'order_has_issues',
    'minimum_order',
    'delivery_address_required',
    'profile_incomplete',
    'max_units_per_item',
    'hold_cooldown',
    'hold_value_exceeded',
    'period_limit_reached',
    ...PROMO,
  ],
  backToDraft: ['order_not_waiting_for_payment', 'order_payment_time_over'],
  payOrder: [
    'order_not_waiting_for_payment',
    'order_payment_time_over',
    'payment_methods_unavailable',
    'order_has_issues',
    'period_limit_reached',
    'card_plan_does_not_cover',
    'minimum_order',
    'card_number_or_code_is_not_correct',
    'notEnoughBalance',
    'no_active_card',
    'enter_card_number',
    'invalid_card_number',
  ],
  cancelOrder: ['order_not_cancellable'],
  setDelivery: ['not_found', 'state_not_delivered'],
  sendContactMessage: ['low_rate', 'unavailable'],
  requestProduct: ['low_rate', 'unavailable', 'invalid_url'],
  accountUndoPreview: ['undo_link_invalid', 'undo_link_used', 'undo_link_expired'],
  accountUndo: ['undo_link_invalid', 'undo_link_used', 'undo_link_expired'],
  devAdvanceOrder: ['conflict'],
  devSetStock: ['conflict'],
};

/** Writes a visitor's cookie may carry: checked for their origin and CSRF token (not development operations). */
function carriesCookieChecks(def: RouteDef): boolean {
  return def.method !== 'GET' && !def.devOnly;
}

/** Every code a route can answer: those of its kind (auth, input, ids...) and its own. */
export function errorCodesOf(name: RouteName): ErrorCode[] {
  const def = contract[name] as RouteDef;
  const codes = new Set<ErrorCode>(['server_error', 'too_many_requests']);
  if (def.params || def.query || def.body) codes.add('validation_failed');
  if (def.body) {
    codes.add('bad_request');
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  if (def.auth) codes.add('unauthorized');
  // A write carried by a cookie from another site, or without its CSRF token (docs/web-session.md).
  if (carriesCookieChecks(def)) {
    codes.add('cross_site_request');
    codes.add('csrf_token_invalid');
  }
  if (def.recentProof) codes.add('recent_proof_required');
  if (def.devOnly) codes.add('forbidden');
  if (def.params && /\{id\}/.test(def.path)) codes.add('not_found');
  for (const code of ERROR_CODES_OF[name] ?? []) codes.add(code);
  return [...codes];
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The request could not be read',
  401: 'Not signed in, or the session has ended',
  403: 'Refused',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone: a single-use link that was used or has expired',
  413: 'The request body is too large',
  415: 'The body is not JSON',
  422: 'The input was refused: `data` and `fields` name each field',
  429: 'Too many requests: wait `Retry-After` seconds',
  500: 'Something went wrong (no details are given)',
  503: 'A service the call needs is not available',
};

/**
 * The `Error` component as the API really answers (app.ts `errorBody`): the SDK's shape plus the
 * members some errors add (`HttpError`'s `extra`, lib/errors.ts), each named and typed, nothing
 * else (`additionalProperties: false`), so a validator flags any answer the document does not
 * describe.
 */
function errorSchema(fromContract: Json): Json {
  const positive = { type: 'integer', minimum: 1 };
  return {
    ...fromContract,
    description: ERROR_DESCRIPTION,
    required: ['message', 'code'],
    additionalProperties: false,
    properties: {
      ...(fromContract.properties as Json),
      code: { type: 'string', description: 'A code of the error catalogue (`ERROR_CATALOGUE`); on a 422 see the rule above' },
      retryAfter: { ...positive, description: 'A 429 of a limit the API counts itself (every one but a limit refused before any route): the seconds of `Retry-After`' },
      seconds: { ...positive, description: '429 `resend_too_soon`: seconds before a new code may be asked for' },
      minutes: { ...positive, description: '429 `code_requests_slowed`: minutes of the current wait' },
      params: {
        type: 'object',
        description: '409 `unpaid_order_exists`: `{ number }`, the order waiting for payment',
        additionalProperties: { type: ['string', 'number'] },
      },
      detail: { type: 'string', description: 'The development routes only (`/api/dev/*`, never in production): what the operation found, in English' },
    },
  };
}

const ERROR_DESCRIPTION = [
  'Every error answer: `message` in the language of Accept-Language, `code` from the error catalogue.',
  'A 422 adds `data` (per-field texts) and `fields` (per-field codes with their params, same keys), and `truncated` when more fields failed than are listed.',
  "A 422's `code` is `validation_failed` when the input's form is refused (the route's schema, or the fields' own checks: lengths, formats, matching passwords), however many fields;",
  "it is the refusal's own code when one rule of the shop refuses the request (such as `card_number_or_code_is_not_correct`, `promo_code_invalid`, `order_has_issues`), and that code is then also under the field it names in `fields`.",
  'Branch on `fields` (the SDK\'s `fieldCodes`): it is the same under both.',
  'A 429 adds `retryAfter` (also the `Retry-After` header), or the wait in `seconds` or `minutes`; 409 `unpaid_order_exists` adds `params`; development routes add `detail`.',
].join(' ');

/** The error responses of a route, one per status, the codes of each in its description. */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status)!;
    const first = list[0]!;
    const example: Json = { message: errorText(first, 'en', { seconds: 42, minutes: 5, qty: '$25.00', number: '100041', phone: '+1 (000) 000-0000', date: '2026-01-01', max: 200 }), code: first };
    if (status === 422) {
      example.data = { field: [errorText('wrong_format', 'en')] };
      example.fields = { field: [{ code: 'wrong_format' }] };
    }
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${list.map((c) => `\`${c}\``).join(', ')}.`,
      ...(status === 429
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before trying again',
                schema: { type: 'integer', minimum: 1 },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
    };
  }
  return responses;
}

const TAGS: Array<{ name: string; description: string }> = [
  { name: 'auth', description: 'Sign-in by code or password, registration, recovery, sessions, recent proof' },
  { name: 'customer', description: 'Profile, password, health plan' },
  { name: 'emails', description: "The customer's e-mail addresses" },
  { name: 'phones', description: "The customer's phones" },
  { name: 'addresses', description: 'Delivery addresses' },
  { name: 'cards', description: 'Benefit and insurance cards, balance check' },
  { name: 'catalog', description: 'Categories and products (English or Spanish by Accept-Language)' },
  { name: 'search', description: 'Product and category search' },
  { name: 'favorites', description: 'Favorite products' },
  { name: 'orders', description: 'The draft (cart), checkout (delivery, complete, pay), history, cancel' },
  { name: 'support', description: 'Contact form and product requests' },
  { name: 'settings', description: "The shop's settings and liveness" },
  { name: 'dev', description: 'Development only: outbox and operations (absent in production)' },
  { name: 'health', description: 'Probes for a load balancer (outside the contract)' },
];

const PROBE_STATUS = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    checks: {
      type: 'object',
      properties: {
        database: { type: 'string', enum: ['ok', 'failed', 'skipped'] },
        redis: { type: 'string', enum: ['ok', 'failed', 'skipped'] },
        accepting: { type: 'string', enum: ['ok', 'failed', 'skipped'] },
      },
      required: ['database', 'redis', 'accepting'],
    },
  },
  required: ['status', 'checks'],
};

/** The probes of plugins/app/probes.ts, outside the contract. */
const PROBES: Record<string, Json> = {
  '/api/health/live': {
    operationId: 'liveness',
    summary: 'Liveness probe: the process answers',
    tags: ['health'],
    security: [],
    responses: {
      '200': {
        description: 'The process answers',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
          },
        },
      },
    },
  },
  '/api/health/ready': {
    operationId: 'readiness',
    summary: 'Readiness probe: database (and Redis) answer, not draining',
    tags: ['health'],
    security: [],
    responses: {
      '200': { description: 'Ready for traffic', content: { 'application/json': { schema: PROBE_STATUS } } },
      '503': { description: 'Not ready: a check failed or the process is draining', content: { 'application/json': { schema: PROBE_STATUS } } },
    },
  },
};

const CONTRACT_VERSION_REF = { $ref: '#/components/headers/ContractVersion' };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** `$ref`s to component schemas anywhere in a value. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        found.add(child.slice('#/components/schemas/'.length));
      } else refsIn(child, found);
    }
  }
}

/** Drops component schemas nothing refers to (the registry emits an input and an output of each). */
function pruneSchemas(doc: Json): void {
  const components = doc.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  refsIn({ ...doc, components: { ...components, schemas: {} } }, used);
  const queue = [...used];
  while (queue.length > 0) {
    const name = queue.pop()!;
    const more = new Set<string>();
    refsIn(schemas[name], more);
    for (const next of more) {
      if (!used.has(next)) {
        used.add(next);
        queue.push(next);
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

export interface DocumentOptions {
  /** The shop's public address (PUBLIC_URL); the document's server. Else `/` (same origin). */
  publicUrl?: string | undefined;
  /** `info.version`: the contract's version when the SDK has one. */
  version?: string | undefined;
}

/** The web visitor's cookies (docs/web-session.md), beside the bearer token of other apps. */
const COOKIE_SCHEMES: Json = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'otc_session',
    description:
      "A member's web session (HttpOnly, SameSite=Lax), set by a sign-in sent with `X-Auth-Mode: session`. A write it carries needs the shop's origin and the session's CSRF token (`X-CSRF-Token` or the form field `_csrf`): else 403 `cross_site_request` or `csrf_token_invalid`. A bearer token, when sent, decides instead.",
  },
  cartCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'otc_cart',
    description:
      "A guest's server cart (signed, HttpOnly, SameSite=Lax), set by the guest's first add; only routes of the cart accept it. Writes are checked as with `otc_session`.",
  },
};

/** Who may call an operation: a bearer token or the session cookie, the cart cookie on the cart's routes. */
function securityOf(def: RouteDef): Json[] {
  const cart = def.guestCart ? [{ cartCookie: [] }] : [];
  if (def.auth) return [{ bearerAuth: [] }, { sessionCookie: [] }, ...cart];
  // A public route that also answers the visitor's own cart: anyone, or a member, or a guest.
  if (def.guestCart) return [{}, { bearerAuth: [] }, { sessionCookie: [] }, ...cart];
  return [];
}

const WEB_SIGN_IN_OPERATIONS = new Set(['login', 'verifyCode', 'register', 'recover']);

const AUTH_MODE_PARAMETER: Json = {
  name: 'X-Auth-Mode',
  in: 'header',
  required: false,
  description:
    '`session`: start a web session (the `otc_session` cookie; the answer is a `WebSession` and its CSRF token is also in the `X-CSRF-Token` answer header) instead of a token pair. A guest cart (`otc_cart`) is merged into the member\'s draft.',
  schema: { type: 'string', enum: ['session'] },
};

const CSRF_PARAMETER: Json = {
  name: 'X-CSRF-Token',
  in: 'header',
  required: false,
  description:
    'Required when the write is carried by the `otc_session` or `otc_cart` cookie (GET /api/auth/csrf, or the `X-CSRF-Token` answer header of the answer that set the cookie); not with a bearer token.',
  schema: { type: 'string' },
};

/** Finishes the document @fastify/swagger and the zod transform made (see the top of the file). */
export function finishDocument(input: Json, options: DocumentOptions): Json {
  const doc = input;
  doc.info = {
    ...(doc.info as Json),
    ...(options.version ? { version: options.version } : {}),
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  };
  doc.servers = [
    {
      url: options.publicUrl ?? '/',
      description: options.publicUrl ? 'The shop (PUBLIC_URL)' : 'The origin serving this document',
    },
  ];
  doc.tags = TAGS;
  const components = (doc.components ?? {}) as Json;
  components.headers = {
    ...(components.headers as Json | undefined),
    ContractVersion: {
      description: 'The version of the API contract (semver) this answer follows: `CONTRACT_VERSION` of `@otc/sdk/contract`',
      schema: { type: 'string', example: options.version ?? '1.0.0' },
    },
  };
  components.securitySchemes = { ...(components.securitySchemes as Json | undefined), ...COOKIE_SCHEMES };
  const schemas = components.schemas as Record<string, Json> | undefined;
  if (schemas?.Error) schemas.Error = errorSchema(schemas.Error);
  doc.components = components;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, probe] of Object.entries(PROBES)) {
    if (paths[path]?.get) paths[path].get = { ...paths[path].get, ...probe };
  }
  for (const operations of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const name = operation.operationId as string | undefined;
      if (!name || !(name in contract)) continue;
      const def = contract[name as RouteName] as RouteDef;
      operation.security = securityOf(def);
      if (WEB_SIGN_IN_OPERATIONS.has(name)) {
        operation.parameters = [...((operation.parameters as Json[] | undefined) ?? []), AUTH_MODE_PARAMETER];
      }
      if (carriesCookieChecks(def)) {
        operation.parameters = [...((operation.parameters as Json[] | undefined) ?? []), CSRF_PARAMETER];
      }
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      const ok = responses['200'];
      if (ok && ok.description === 'Default Response') ok.description = 'OK';
      operation.responses = Object.fromEntries(
        Object.entries({ ...responses, ...errorResponses(errorCodesOf(name as RouteName)) }).map(
          ([status, response]) => [
            status,
            { ...response, headers: { ...(response.headers as Json | undefined), [CONTRACT_VERSION_HEADER]: CONTRACT_VERSION_REF } },
          ],
        ),
      );
    }
  }
  pruneSchemas(doc);
  return doc;
}


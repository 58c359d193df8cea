/**
 * `@otc/sdk/testing`: the whole API contract as msw 2 request handlers over an in-memory shop, so
 * a storefront (or any client of the SDK) is tested without the API:
 *
 *   import { setupServer } from 'msw/node';          // setupWorker from 'msw/browser' in a browser
 *   import { createTestShop } from '@otc/sdk/testing';
 *
 *   const { handlers, shop } = createTestShop();
 *   const server = setupServer(...handlers);
 *   // ... sign in by code: the code is shop.outbox.lastCode('ana@example.com')
 *
 * The handlers are built from the contract table, one per row: input is parsed with the row's
 * schemas (a 422 in the API's shape when it does not pass), the answer is checked against the
 * row's response schema, and a row the shop has no implementation for answers 501
 * `not_implemented` naming it (`missingTestShopRoutes()` lists them; the SDK's tests fail on
 * any). msw is an optional peer dependency: only this entry imports it.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { CONTRACT_VERSION_HEADER, type Locale } from '../constants/index.js';
import { readGuestPlanCookie } from '../rules/guest-plan-cookie.js';
import { CSRF_HEADER } from '../schemas/session.js';
import { CONTRACT_VERSION, contract, toRouterPath, type RouteDef, type RouteName } from '../contract/index.js';
import { TestShopError, errorAnswerBody, schemaError } from './errors.js';
import { ROUTES, sessionOfToken, signIn, type RouteContext, type RouteImpl, type RouteImpls, type ShopCore } from './routes.js';
import {
  GUEST_CART_CREATORS,
  WEB_SIGN_INS,
  createGuestCart,
  guardWrite,
  isWrite,
  removeGuestCart,
  sendCartCookie,
  webExchange,
  type CsrfSubject,
  type TestWebExchange,
} from './web-session.js';
import {
  applySeed,
  customerByLogin,
  demoSeed,
  emptyState,
  isProven,
  normalizeLogin,
  type TestCustomer,
  type TestGuestCart,
  type TestOutboxMessage,
  type TestSession,
  type TestShopSeed,
  type TestShopState,
} from './state.js';

export { TestShopError, invalid, issue } from './errors.js';
export type { TestFieldIssue, TestFieldIssues, TestShopErrorOptions } from './errors.js';
export type { RouteContext, RouteImpl, RouteImpls, ShopCore } from './routes.js';
export {
  DEMO_CUSTOMERS,
  SANDBOX_CARDS,
  TEST_CATEGORIES,
  TEST_PLANS,
  TEST_PRODUCTS,
  defaultSettings,
} from './data.js';
export type {
  Bilingual,
  SandboxCard,
  TestCategory,
  TestCustomerSeed,
  TestPlan,
  TestProduct,
} from './data.js';
export type {
  TestAddress,
  TestCard,
  TestCode,
  TestCustomer,
  TestOrder,
  TestOrderRow,
  TestOutboxMessage,
  TestPayment,
  TestSession,
  TestShopSeed,
  TestShopState,
  TestPromoCode,
  TestGuestCart,
} from './state.js';
export { cookieJarFetch } from './web-session.js';
export type { TestWebExchange } from './web-session.js';

export interface TestShopOptions {
  /**
   * Origin (and prefix) the handlers answer on, e.g. `https://shop.test`; the client's `baseUrl`.
   * Default: any origin (`*`), so a client with `baseUrl: ''` in a browser and one with any
   * address in Node both reach the shop.
   */
  baseUrl?: string;
  /** `'demo'` (default): the small bilingual catalog, plans, sandbox cards, demo customers; `'empty'`: settings only. */
  data?: 'demo' | 'empty';
  /** More data on top (customers, products, settings...). Kept by `shop.reset()`. */
  seed?: TestShopSeed;
  /** The shop's clock (default the real one). Tokens, codes, holds and windows follow it. */
  now?: () => Date;
  /** The one-time code every code message carries (default: six random digits). */
  oneTimeCode?: string | (() => string);
  /**
   * Route implementations in place of the shop's, by contract name; `null` removes one (it then
   * answers 501, as a route the shop does not know).
   */
  routes?: { [N in RouteName]?: RouteImpl<N> | null };
  /** Called with an unexpected error of a route implementation (answered 500); default console.error. */
  onError?: (error: unknown, route: RouteName) => void;
}

export interface TestShopOutbox {
  /** Messages sent to a login (e-mail or phone, normalized like the shop does), oldest first; all without `to`. */
  messages(to?: string): TestOutboxMessage[];
  /** The newest message sent to `to`; throws when there is none. */
  last(to: string): TestOutboxMessage;
  /** The one-time code of the newest message sent to `to` that carries one; throws when there is none. */
  lastCode(to: string): string;
  clear(): void;
}

export interface TestShop {
  /** The live in-memory data: read it, or change it between calls. */
  readonly state: TestShopState;
  /** Adds data (records with an existing id replace it); answers the customers added. */
  seed(data: TestShopSeed): TestCustomer[];
  /** Back to the data the shop was created with (sessions, orders, outbox... gone). */
  reset(): void;
  readonly outbox: TestShopOutbox;
  /** The customer of a login (a verified e-mail or phone), if any. */
  customer(login: string): TestCustomer | undefined;
  /** Signs a customer in without a code: a token pair for `client.signIn(pair)`. */
  tokensFor(login: string): { token: string; refresh_token: string };
  /** The time of the shop's clock. */
  now(): Date;
}

export interface CreatedTestShop {
  /** One msw handler per contract row (and one for product pictures): `setupServer(...handlers)`. */
  handlers: HttpHandler[];
  shop: TestShop;
}

/** Contract routes the test shop has no implementation for (should be none). */
export function missingTestShopRoutes(routes: RouteImpls = ROUTES): RouteName[] {
  return (Object.keys(contract) as RouteName[]).filter((name) => !routes[name]);
}

function pickLocale(header: string | null): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

function paramCount(path: string): number {
  return (path.match(/\{/g) ?? []).length;
}

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

function errorResponse(error: TestShopError, locale: Locale): Response {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store',
    [CONTRACT_VERSION_HEADER]: CONTRACT_VERSION,
  };
  if (error.status === 429) {
    const retry = Number(error.options.extra?.retryAfter ?? error.options.params?.seconds);
    headers['Retry-After'] = String(Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : 60);
  }
  return HttpResponse.json(errorAnswerBody(error, locale), { status: error.status, headers });
}

function parse<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } } },
  value: unknown,
  part: 'params' | 'querystring' | 'body',
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw schemaError(result.error.issues as Parameters<typeof schemaError>[0], value, part);
  return result.data;
}

/**
 * Who asks without a bearer token (docs/web-session.md): a valid web session's cookie, else on a
 * `guestCart` row a valid guest cart's cookie (`web.credential` says which); without either an
 * authenticated row answers 401, except the first add of a guest, which creates its cart. A write
 * a cookie carries is checked first (its origin, the CSRF token of that cookie), as is a web
 * sign-in's origin. Answers the member's session, or null.
 */
async function cookieVisitor(
  name: RouteName,
  def: RouteDef,
  request: Request,
  web: TestWebExchange,
): Promise<TestSession | null> {
  const { session, cart } = web;
  if (def.auth || def.guestCart) {
    if (session) {
      await guardWrite(request, [{ sessionId: session.id }]);
      web.credential = 'session';
      return session;
    }
    if (def.guestCart && cart) {
      await guardWrite(request, [{ cartOwnerId: cart.ownerId }]);
      web.credential = 'cart';
      return null;
    }
    if (!def.auth) return null;
    if (def.guestCart && GUEST_CART_CREATORS.has(name)) {
      await guardWrite(request, []);
      return null;
    }
    throw new TestShopError('unauthorized');
  }
  // Other writes (sign-ins, sign-out, public forms): checked when a cookie names a session or a
  // cart, and a web sign-in's origin even without one.
  const subjects: CsrfSubject[] = [];
  if (session) subjects.push({ sessionId: session.id });
  if (cart) subjects.push({ cartOwnerId: cart.ownerId });
  if (subjects.length > 0 || (WEB_SIGN_INS.has(name) && web.wantsSession)) await guardWrite(request, subjects);
  return null;
}

/** Creates an in-memory shop and the msw handlers of the whole contract over it. */
export function createTestShop(options: TestShopOptions = {}): CreatedTestShop {
  const now = options.now ?? (() => new Date());
  const fixed = options.oneTimeCode;
  const makeCode =
    typeof fixed === 'function'
      ? fixed
      : typeof fixed === 'string'
        ? () => fixed
        : () => String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const initial = (): TestShopState => {
    const state = emptyState();
    if ((options.data ?? 'demo') === 'demo') applySeed(state, demoSeed(), now());
    if (options.seed) applySeed(state, options.seed, now());
    return state;
  };
  const core: ShopCore = { state: initial(), now, makeCode };
  const impls: Record<string, RouteImpl<RouteName> | null | undefined> = { ...ROUTES, ...options.routes };
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const base = (options.baseUrl ?? '*').replace(/\/+$/, '');

  async function answer(name: RouteName, def: RouteDef, request: Request, rawParams: Record<string, unknown>) {
    const locale = pickLocale(request.headers.get('accept-language'));
    try {
      const impl = impls[name];
      if (!impl) {
        throw new TestShopError('not_implemented', {
          status: 501,
          message: `The test shop of @otc/sdk/testing has no handler for the contract route "${name}" (${def.method} ${def.path}). Add it to its area's module under src/testing/ (routes.ts composes them), or pass one in createTestShop({ routes: { ${name}: ... } }).`,
        });
      }
      const token = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      const web = webExchange(core, request);
      let session: TestSession | null = null;
      if (request.headers.has('authorization')) {
        // A bearer token decides; cookies are not looked at for who asks (docs/web-session.md).
        session = token ? sessionOfToken(core, token) : null;
        // A cart row (readCart) refuses a token it cannot read, as an authenticated row does (the API's
        // bearer check): a signed-in member is never answered as a guest.
        if ((def.auth || (def.guestCart && token)) && !session) throw new TestShopError('unauthorized');
        if (session) web.credential = 'bearer';
      } else if (!def.devOnly) {
        // Else the web session's cookie, then on a cart row the guest cart's; a write a cookie
        // carries is checked (origin, CSRF token) before its body is read.
        session = await cookieVisitor(name, def, request, web);
      }
      if (session) session.lastUsedAt = now().toISOString();
      let customer = session ? (core.state.customers.find((c) => c.id === session.customerId) ?? null) : null;
      if (web.credential === 'cart' && web.cart) customer = core.state.customers.find((c) => c.id === web.cart?.ownerId) ?? null;
      const params = def.params ? parse(def.params, rawParams, 'params') : undefined;
      const query = def.query
        ? parse(def.query, Object.fromEntries(new URL(request.url).searchParams), 'querystring')
        : undefined;
      let body: unknown;
      if (def.body) {
        const text = await request.text();
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          throw new TestShopError('bad_request');
        }
        body = parse(def.body, json, 'body');
      }
      if (def.recentProof && !isProven(session, now())) throw new TestShopError('recent_proof_required');
      // The first add of a guest without a cart: its cart is created once the body is valid, and
      // removed again if the add is refused, so a refused write leaves nothing behind.
      let created: TestGuestCart | null = null;
      if (def.auth && def.guestCart && customer === null) {
        const guest = createGuestCart(core, locale);
        created = guest.cart;
        customer = guest.owner;
        web.credential = 'cart';
      }
      const cart = created ?? (web.credential === 'cart' ? web.cart : null);
      // A guest's cart marks what the plan they chose does not cover (the `otc_plan` cookie).
      if (cart && customer) {
        const plan = readGuestPlanCookie(request.headers.get('cookie'));
        customer.plan = plan && core.state.plans.some((p) => p.code === plan) ? plan : null;
      }
      let result: unknown;
      try {
        result = await impl({
          params,
          query,
          body,
          customer,
          session,
          locale,
          request,
          shop: core,
          web,
        } as RouteContext<RouteName>);
      } catch (error) {
        if (created) removeGuestCart(core.state, created);
        throw error;
      }
      // A guest's cart lives 30 days from its last write.
      if (cart && isWrite(request.method)) sendCartCookie(web, cart);
      const checked = def.response.safeParse(result);
      if (!checked.success) {
        throw new Error(
          `The test shop answered "${name}" with a body its contract row refuses: ${checked.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
            .join('; ')}`,
        );
      }
      const headers: Record<string, string> = { [CONTRACT_VERSION_HEADER]: CONTRACT_VERSION };
      if (def.auth || def.tag === 'auth' || token || web.credential) headers['Cache-Control'] = 'no-store';
      if (web.setCookies.length === 0 && web.csrfToken === null) {
        return HttpResponse.json(result as Record<string, unknown>, { headers });
      }
      // Cookies on a plain Response: each client keeps its own (web-session.ts).
      const answerHeaders = new Headers({ ...headers, 'Content-Type': 'application/json' });
      if (web.csrfToken !== null) answerHeaders.set(CSRF_HEADER, web.csrfToken);
      for (const line of web.setCookies) answerHeaders.append('Set-Cookie', line);
      return new Response(JSON.stringify(result), { status: 200, headers: answerHeaders });
    } catch (error) {
      if (error instanceof TestShopError) return errorResponse(error, locale);
      onError(error, name);
      return errorResponse(new TestShopError('server_error'), locale);
    }
  }

  const rows = (Object.keys(contract) as RouteName[])
    .map((name) => ({ name, def: contract[name] as RouteDef }))
    // Static paths before parameterized ones (GET /api/order/delivery before /api/order/{id}).
    .sort((a, b) => paramCount(a.def.path) - paramCount(b.def.path));
  const handlers: HttpHandler[] = rows.map(({ name, def }) =>
    METHODS[def.method](`${base}${toRouterPath(def.path)}`, ({ request, params }) =>
      answer(name, def, request, params as Record<string, unknown>),
    ),
  );
  // Product pictures (outside the contract): a plain SVG, so an <img> of the storefront loads.
  handlers.push(
    http.get(`${base}/api/images/products/:file`, ({ params }) => {
      const id = /^(\d{1,9})\.svg$/.exec(String(params.file))?.[1];
      const product = id ? core.state.products.find((p) => p.id === Number(id)) : undefined;
      if (!product) return errorResponse(new TestShopError('not_found'), 'en');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#e6f0ee"/><text x="60" y="66" font-size="12" text-anchor="middle">${product.brand.replace(/[<&>"']/g, '')}</text></svg>`;
      return new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
    }),
  );

  const outbox: TestShopOutbox = {
    messages: (to) => {
      const who = to === undefined ? undefined : normalizeLogin(to);
      return core.state.outbox.filter((m) => who === undefined || m.to === who).map((m) => ({ ...m }));
    },
    last: (to) => {
      const found = outbox.messages(to).at(-1);
      if (!found) throw new Error(`The test shop sent no message to ${to}`);
      return found;
    },
    lastCode: (to) => {
      const found = outbox
        .messages(to)
        .filter((m) => m.code !== null)
        .at(-1);
      if (!found?.code) throw new Error(`The test shop sent no code to ${to}`);
      return found.code;
    },
    clear: () => {
      core.state.outbox.length = 0;
    },
  };

  const shop: TestShop = {
    get state() {
      return core.state;
    },
    seed: (data) => applySeed(core.state, data, now()),
    reset: () => {
      core.state = initial();
    },
    outbox,
    customer: (login) => customerByLogin(core.state, login),
    tokensFor: (login) => {
      const customer = customerByLogin(core.state, login);
      if (!customer) throw new Error(`The test shop has no customer ${login}`);
      return signIn(core, customer);
    },
    now,
  };
  return { handlers, shop };
}


// A fake API speaking the web session's protocol (docs/web-session.md), for the session-mode
// tests. Node's fetch keeps no cookies, so the fake holds this one browser's cookies itself:
// `session` (otc_session: a member signed in) and `cartCookie` (otc_cart: a guest's server cart).
// Writes carried by a cookie need the CSRF token of that cookie (403 `csrf_token_invalid`).
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { DraftMergeAnswer, OrderDraft } from '../src/schemas/order.js';
import { BASE, customer, draft } from './fixtures.js';

type Row = { sku_id: number; amount: number };

export interface WebSessionApiState {
  /** The member the session cookie signs in; null: none. */
  session: { customerId: number } | null;
  /** Whether the browser holds a guest cart cookie. */
  cartCookie: boolean;
  /** The CSRF token of the cookie the browser holds (null: no cookie). */
  csrf: string | null;
  guestRows: Row[];
  memberRows: Row[];
  memberPromoCode: string | null;
  guestPromoCode: string | null;
  /** `METHOD path` of every request, in order. */
  calls: string[];
  /** The headers of every request, in order. */
  headers: Headers[];
  /** Bodies of the writes, in order. */
  bodies: unknown[];
  /** How many times a guest cart was created. */
  cartsCreated: number;
  /** Answer the next n writes 403 `csrf_token_invalid` whatever they carry. */
  refuseNextWrites: number;
  /** Answer the merge route 503 (no change made). */
  mergeDown: boolean;
}

const GUEST_DRAFT_ID = 7;
const MEMBER_DRAFT_ID = 9;

/** The fake on `server` (a test's msw server), from `initial`; answers its live state. */
export function webSessionApi(
  server: { use(...handlers: HttpHandler[]): void },
  initial: Partial<WebSessionApiState> = {},
  base = BASE,
): WebSessionApiState {
  const { state, handlers } = webSessionHandlers(initial, base);
  server.use(...handlers);
  return state;
}

/** The fake's handlers on `base` and its state. */
export function webSessionHandlers(initial: Partial<WebSessionApiState> = {}, base = BASE) {
  let tokens = 0;
  const state: WebSessionApiState = {
    session: null,
    cartCookie: false,
    csrf: null,
    guestRows: [],
    memberRows: [],
    memberPromoCode: null,
    guestPromoCode: null,
    calls: [],
    headers: [],
    bodies: [],
    cartsCreated: 0,
    refuseNextWrites: 0,
    mergeDown: false,
    ...initial,
  };
  const newCsrf = () => {
    tokens += 1;
    state.csrf = `csrf-${tokens}`;
    return state.csrf;
  };
  const memberDraft = (): OrderDraft => ({
    ...draft(MEMBER_DRAFT_ID, state.memberRows),
    promoCode: state.memberPromoCode,
  });
  const guestDraft = (): OrderDraft => ({
    ...draft(GUEST_DRAFT_ID, state.guestRows),
    promoCode: state.guestPromoCode,
  });
  const current = () =>
    state.session
      ? { rows: state.memberRows, draft: memberDraft }
      : state.cartCookie
        ? { rows: state.guestRows, draft: guestDraft }
        : null;
  const refuse = (code: string, status: number, message: string) =>
    HttpResponse.json({ message, code }, { status });

  /** Records the request; for a write carried by a cookie, the protocol's CSRF check. */
  function check(request: Request): Response | null {
    state.calls.push(`${request.method} ${new URL(request.url).pathname}`);
    state.headers.push(request.headers);
    if (request.method === 'GET') return null;
    if (state.refuseNextWrites > 0) {
      state.refuseNextWrites -= 1;
      return refuse('csrf_token_invalid', 403, 'Refresh the page and try again');
    }
    const carried = state.session !== null || state.cartCookie;
    if (carried && request.headers.get('X-CSRF-Token') !== state.csrf) {
      return refuse('csrf_token_invalid', 403, 'Refresh the page and try again');
    }
    return null;
  }

  /** A guest's first change creates its server cart and the cart cookie (and its token). */
  function cartFor(): { rows: Row[]; draft: () => OrderDraft; headers: Record<string, string> } {
    const found = current();
    if (found) return { ...found, headers: {} };
    state.cartCookie = true;
    state.cartsCreated += 1;
    return { rows: state.guestRows, draft: guestDraft, headers: { 'X-CSRF-Token': newCsrf() } };
  }

  function merge(into: Row[], rows: Row[]): [added: number[], raised: number[]] {
    const added: number[] = [];
    const raised: number[] = [];
    for (const row of rows) {
      const existing = into.find((r) => r.sku_id === row.sku_id);
      if (!existing) {
        into.push({ ...row });
        added.push(row.sku_id);
      } else if (existing.amount < row.amount) {
        existing.amount = row.amount;
        raised.push(row.sku_id);
      }
    }
    return [added, raised];
  }

  const handlers: HttpHandler[] = [
    http.post(`${base}/api/auth/login`, async ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      state.bodies.push(await request.json());
      if (request.headers.get('X-Auth-Mode') !== 'session') {
        return HttpResponse.json({ token: 'header.payload.sig', refresh_token: 'r1' });
      }
      state.session = { customerId: customer.id };
      let mergeAnswer: DraftMergeAnswer | null = null;
      if (state.cartCookie) {
        // The guest's server cart goes into the member's draft in the same request.
        const [added, raised] = merge(state.memberRows, state.guestRows);
        if (!state.memberPromoCode) state.memberPromoCode = state.guestPromoCode;
        mergeAnswer = {
          draft: memberDraft(),
          changed: added.length + raised.length > 0,
          added,
          raised,
          limited: [],
          dropped: [],
        };
        state.cartCookie = false;
        state.guestRows = [];
      }
      const csrf_token = newCsrf();
      return HttpResponse.json(
        { session: 'cookie', csrf_token, merge: mergeAnswer },
        { headers: { 'X-CSRF-Token': csrf_token } },
      );
    }),
    http.post(`${base}/api/auth/logout`, async ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      state.bodies.push(await request.json());
      state.session = null;
      state.csrf = state.cartCookie ? state.csrf : null;
      return HttpResponse.json({ ok: true });
    }),
    http.get(`${base}/api/auth/csrf`, ({ request }) => {
      check(request);
      return HttpResponse.json({ csrf_token: state.csrf });
    }),
    http.get(`${base}/api/auth/me`, ({ request }) => {
      check(request);
      if (!state.session) return refuse('unauthorized', 401, 'Sign in');
      return HttpResponse.json(customer);
    }),
    http.get(`${base}/api/cart`, ({ request }) => {
      check(request);
      return HttpResponse.json({ draft: current()?.draft() ?? null });
    }),
    http.post(`${base}/api/order/prepare-draft`, ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      const found = current();
      if (!found) return refuse('unauthorized', 401, 'Sign in');
      return HttpResponse.json(found.draft());
    }),
    http.post(`${base}/api/order/draft/items`, async ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      const body = (await request.json()) as Row;
      state.bodies.push(body);
      const cart = cartFor();
      const existing = cart.rows.find((r) => r.sku_id === body.sku_id);
      if (existing) existing.amount += body.amount;
      else cart.rows.push({ sku_id: body.sku_id, amount: body.amount });
      return HttpResponse.json(cart.draft(), { headers: cart.headers });
    }),
    http.post(`${base}/api/order/draft/merge`, async ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      if (state.mergeDown) return refuse('service_unavailable', 503, 'Try again later');
      const body = (await request.json()) as { rows: Row[] };
      state.bodies.push(body);
      const cart = cartFor();
      const [added, raised] = merge(cart.rows, body.rows);
      return HttpResponse.json(
        {
          draft: cart.draft(),
          changed: added.length + raised.length > 0,
          added,
          raised,
          limited: [],
          dropped: [],
        },
        { headers: cart.headers },
      );
    }),
    http.patch(`${base}/api/order/:id/sku-amount`, async ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      const body = (await request.json()) as Row;
      state.bodies.push(body);
      const cart = current();
      if (!cart) return refuse('unauthorized', 401, 'Sign in');
      const existing = cart.rows.find((r) => r.sku_id === body.sku_id);
      if (body.amount === 0) cart.rows.splice(cart.rows.indexOf(existing as Row), existing ? 1 : 0);
      else if (existing) existing.amount = body.amount;
      else cart.rows.push({ ...body });
      return HttpResponse.json(cart.draft());
    }),
    http.put(`${base}/api/order/:id/items`, async ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      const body = (await request.json()) as { rows: Row[] };
      state.bodies.push(body);
      const cart = current();
      if (!cart) return refuse('unauthorized', 401, 'Sign in');
      cart.rows.splice(0, cart.rows.length, ...body.rows);
      return HttpResponse.json(cart.draft());
    }),
    http.patch(`${base}/api/order/:id`, async ({ request }) => {
      const refused = check(request);
      if (refused) return refused;
      const { promoCode } = (await request.json()) as { promoCode: string | null };
      state.bodies.push({ promoCode });
      if (state.session) state.memberPromoCode = promoCode;
      else if (state.cartCookie) state.guestPromoCode = promoCode;
      else return refuse('unauthorized', 401, 'Sign in');
      return HttpResponse.json(current()?.draft());
    }),
  ];
  return { state, handlers };
}

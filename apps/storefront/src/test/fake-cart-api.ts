// THE fake of a guest's server cart (docs/web-session.md, "The guest cart"): the storefront runs
// the SDK in session mode, so a guest's cart is a server draft behind the cart cookie. Node's fetch
// keeps no cookies: the fake holds this one browser's cart cookie itself (`cartCookie`), as
// packages/sdk/test/web-session-api.ts does. Routes: `GET /api/cart` (readCart), add, set an
// amount, set every row, promo code, and the merge of rows a browser still kept in storage.
// What can be added is the SDK's rule (`canIncrement`); the names follow the asked language.
import { http, HttpResponse } from 'msw';
import { canIncrement, promoPercent, promoPercentsFrom, type Locale, type ProductSummary } from '@otc/sdk';
import { draftOf, productOf, type DraftRow } from './fixtures';
import { API, server, settingsFixture } from './server';

export interface FakeGuestCart {
  /** Whether the browser holds a cart cookie (the server cart exists). */
  cartCookie: boolean;
  /** The guest draft's rows. */
  rows: DraftRow[];
  promoCode: string | null;
  /** Every request, in order: `GET /api/cart`, `POST add 7+2`, `PATCH sku-amount 7=3`, … */
  calls: string[];
  /** The CSRF header of every write, in order (the token the page was drawn with). */
  csrfSent: (string | null)[];
  /** The rows the merge route received (rows a browser kept in storage before). */
  merged: { sku_id: number; amount: number }[][];
  /** The language each read asked for (`Accept-Language`). */
  locales: (string | null)[];
}

export interface FakeGuestCartOptions {
  /** The rows already in the guest's server cart (the cart cookie is then set). */
  rows?: DraftRow[];
  /** The catalog the fake knows products from (an add names a product by its id). */
  products?: ProductSummary[];
  /** A product as the API names it in `locale` (default: as given). */
  localized?: (product: ProductSummary, locale: Locale) => ProductSummary;
}

export const GUEST_DRAFT_ID = 77;

const refusal = (status: number, code: string, message: string, field?: string) =>
  HttpResponse.json(
    { message, code, ...(field ? { data: { [field]: [message] }, fields: { [field]: [{ code }] } } : {}) },
    { status },
  );

/** Serves a guest's server cart (no session cookie); every change updates the returned state. */
export function useGuestCartApi(options: FakeGuestCartOptions = {}): FakeGuestCart {
  const state: FakeGuestCart = {
    cartCookie: (options.rows?.length ?? 0) > 0,
    rows: (options.rows ?? []).map((row) => ({ ...row })),
    promoCode: null,
    calls: [],
    csrfSent: [],
    merged: [],
    locales: [],
  };
  const catalog = new Map<number, ProductSummary>();
  for (const product of options.products ?? []) catalog.set(product.id, product);
  for (const row of state.rows) catalog.set(row.product.id, row.product);
  const productById = (id: number) => catalog.get(id) ?? productOf(id);

  const draft = (request: Request) => {
    const locale = (request.headers.get('accept-language') === 'es' ? 'es' : 'en') as Locale;
    const rows = state.rows.map((row) => ({
      ...row,
      product: options.localized ? options.localized(row.product, locale) : row.product,
    }));
    return draftOf(rows, { id: GUEST_DRAFT_ID, promoCode: state.promoCode });
  };
  const record = (request: Request, call: string) => {
    state.calls.push(call);
    if (request.method !== 'GET') state.csrfSent.push(request.headers.get('X-CSRF-Token'));
  };
  /** The API's rule: a row's amount never goes beyond what can be ordered. */
  const fits = (product: ProductSummary, amount: number) => canIncrement({ product, amount: amount - 1 }).allowed;
  const noCart = () => refusal(401, 'unauthorized', 'Sign in');

  server.use(
    http.get(`${API}/api/cart`, ({ request }) => {
      record(request, 'GET /api/cart');
      state.locales.push(request.headers.get('accept-language'));
      return HttpResponse.json({ draft: state.cartCookie ? draft(request) : null });
    }),
    http.post(`${API}/api/order/prepare-draft`, ({ request }) => {
      record(request, 'POST prepare-draft');
      return state.cartCookie ? HttpResponse.json(draft(request)) : noCart();
    }),
    http.post(`${API}/api/order/draft/items`, async ({ request }) => {
      const body = (await request.json()) as { sku_id: number; amount: number };
      record(request, `POST add ${body.sku_id}+${body.amount}`);
      const found = state.rows.find((row) => row.product.id === body.sku_id);
      const product = found?.product ?? productById(body.sku_id);
      // A refused add creates nothing (no cart cookie either).
      if (!fits(product, (found?.amount ?? 0) + body.amount)) {
        return refusal(422, 'cannot_add_more', 'You cannot add more', 'amount');
      }
      if (found) found.amount += body.amount;
      else state.rows.push({ product, amount: body.amount });
      state.cartCookie = true;
      return HttpResponse.json(draft(request));
    }),
    http.post(`${API}/api/order/draft/merge`, async ({ request }) => {
      const body = (await request.json()) as { rows: { sku_id: number; amount: number }[] };
      record(request, 'POST merge');
      state.merged.push(body.rows);
      const added: number[] = [];
      const raised: number[] = [];
      for (const row of body.rows) {
        const found = state.rows.find((r) => r.product.id === row.sku_id);
        if (!found) {
          state.rows.push({ product: productById(row.sku_id), amount: row.amount });
          added.push(row.sku_id);
        } else if (found.amount < row.amount) {
          found.amount = row.amount;
          raised.push(row.sku_id);
        }
      }
      state.cartCookie = true;
      return HttpResponse.json({ draft: draft(request), changed: added.length + raised.length > 0, added, raised, limited: [], dropped: [] });
    }),
    http.patch(`${API}/api/order/:id/sku-amount`, async ({ request }) => {
      const body = (await request.json()) as { sku_id: number; amount: number };
      record(request, `PATCH sku-amount ${body.sku_id}=${body.amount}`);
      if (!state.cartCookie) return noCart();
      const found = state.rows.find((row) => row.product.id === body.sku_id);
      if (body.amount === 0) state.rows = state.rows.filter((row) => row !== found);
      else if (found && body.amount > found.amount && !fits(found.product, body.amount)) {
        return refusal(422, 'cannot_add_more', 'You cannot add more', 'amount');
      } else if (found) found.amount = body.amount;
      else state.rows.push({ product: productById(body.sku_id), amount: body.amount });
      return HttpResponse.json(draft(request));
    }),
    http.put(`${API}/api/order/:id/items`, async ({ request }) => {
      const body = (await request.json()) as { rows: { sku_id: number; amount: number }[] };
      record(request, `PUT items ${body.rows.map((row) => `${row.sku_id}=${row.amount}`).join(',')}`);
      if (!state.cartCookie) return noCart();
      state.rows = body.rows.map((row) => ({ product: productById(row.sku_id), amount: row.amount }));
      return HttpResponse.json(draft(request));
    }),
    http.patch(`${API}/api/order/:id`, async ({ request }) => {
      const body = (await request.json()) as { promoCode: string | null };
      record(request, `PATCH order promo=${body.promoCode}`);
      if (!state.cartCookie) return noCart();
      // Only a promotion the shop runs (the settings', as the SDK reads them) is taken.
      if (body.promoCode !== null && promoPercent(body.promoCode, promoPercentsFrom(settingsFixture.promotions)) === 0) {
        return refusal(422, 'promo_code_invalid', 'The code you entered is not valid.', 'promoCode');
      }
      state.promoCode = body.promoCode;
      return HttpResponse.json(draft(request));
    }),
  );
  return state;
}

/** Units in the guest's server cart. */
export function unitsOf(cart: FakeGuestCart): number {
  return cart.rows.reduce((sum, row) => sum + row.amount, 0);
}

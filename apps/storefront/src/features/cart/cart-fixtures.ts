// Test fixtures of the cart: a guest cart in localStorage, and a server draft (the shared draft
// fixture of src/test) served by msw the way the contract describes it (prepare-draft, add,
// sku-amount, promo code), with a log.
import { delay, http, HttpResponse } from 'msw';
import type { Customer, PendingOrder, ProductSummary } from '@otc/sdk';
import { customerOf, draftOf, productOf, type DraftRow } from '../../test/fixtures';
import { API, server } from '../../test/server';

/** A product of the catalog (the shared fixture). */
export const cartProduct = productOf;

export type ServerRow = DraftRow;

/** The customer whose draft is served (the shared fixture, no benefit card). */
export const customerFixture: Customer = customerOf({ activeInsuranceCard: null });

export function guestCartOf(rows: { product: ProductSummary; amount: number }[]): void {
  localStorage.setItem('guest-cart', JSON.stringify(rows));
}

export interface ServerCart {
  rows: ServerRow[];
  promoCode: string | null;
  /** The order waiting for payment the draft names (null: none). */
  pendingOrder: PendingOrder | null;
  /** Its rows: Back to cart puts them into the draft. */
  pendingRows: ServerRow[];
  /** Every call the fake API received: `PATCH sku-amount 7=3`, `PATCH order promo=X`... */
  calls: string[];
  /** Bodies of the order calls (the agent id travels in them). */
  bodies: unknown[];
  /** Answer the next sku-amount with this failure. */
  failNextAmount: { status: number; code: string } | null;
  /** Milliseconds each change waits before answering. */
  delayMs: number;
}

/** Serves a signed-in customer's draft; changes update `state.rows`. */
export function useServerCart(rows: ServerRow[], customer: Customer = customerFixture): ServerCart {
  const state: ServerCart = { rows: [...rows], promoCode: null, pendingOrder: null, pendingRows: [], calls: [], bodies: [], failNextAmount: null, delayMs: 0 };
  const draft = () => draftOf(state.rows, { promoCode: state.promoCode, pendingOrder: state.pendingOrder });
  server.use(
    http.get(`${API}/api/auth/me`, () => HttpResponse.json(customer)),
    http.post(`${API}/api/order/prepare-draft`, async ({ request }) => {
      state.calls.push('POST prepare-draft');
      state.bodies.push(await request.json().catch(() => null));
      return HttpResponse.json(draft());
    }),
    http.patch(`${API}/api/order/:id/sku-amount`, async ({ request }) => {
      const body = (await request.json()) as { sku_id: number; amount: number };
      state.bodies.push(body);
      state.calls.push(`PATCH sku-amount ${body.sku_id}=${body.amount}`);
      if (state.delayMs) await delay(state.delayMs);
      if (state.failNextAmount) {
        const failure = state.failNextAmount;
        state.failNextAmount = null;
        return HttpResponse.json(
          { message: 'refused', code: failure.code, data: failure.status === 422 ? { amount: ['You cannot add more'] } : undefined },
          { status: failure.status },
        );
      }
      if (body.amount === 0) state.rows = state.rows.filter((row) => row.product.id !== body.sku_id);
      else {
        const found = state.rows.find((row) => row.product.id === body.sku_id);
        if (found) found.amount = body.amount;
      }
      return HttpResponse.json(draft());
    }),
    http.post(`${API}/api/order/draft/items`, async ({ request }) => {
      const body = (await request.json()) as { sku_id: number; amount: number };
      state.bodies.push(body);
      state.calls.push(`POST add ${body.sku_id}+${body.amount}`);
      const found = state.rows.find((row) => row.product.id === body.sku_id);
      if (!found || found.amount + body.amount > found.product.inStock) {
        return HttpResponse.json(
          { message: 'You cannot add more', code: 'cannot_add_more', data: { amount: ['You cannot add more'] }, fields: { amount: [{ code: 'cannot_add_more' }] } },
          { status: 422 },
        );
      }
      found.amount += body.amount;
      return HttpResponse.json(draft());
    }),
    http.patch(`${API}/api/order/:id/back-to-draft`, ({ params }) => {
      state.calls.push(`PATCH back-to-draft ${String(params.id)}`);
      for (const row of state.pendingRows) {
        const same = state.rows.find((r) => r.product.id === row.product.id);
        if (same) same.amount = Math.max(same.amount, row.amount);
        else state.rows.push({ ...row });
      }
      state.pendingRows = [];
      state.pendingOrder = null;
      return HttpResponse.json(draft());
    }),
    http.patch(`${API}/api/order/:id`, async ({ request }) => {
      const body = (await request.json()) as { promoCode: string | null };
      state.calls.push(`PATCH order promo=${body.promoCode}`);
      if (state.delayMs) await delay(state.delayMs);
      if (body.promoCode !== null && body.promoCode.toLowerCase() !== 'welcome10') {
        return HttpResponse.json(
          {
            message: 'The code you entered is not valid.',
            code: 'promo_code_invalid',
            data: { promoCode: ['The code you entered is not valid.'] },
            fields: { promoCode: [{ code: 'promo_code_invalid' }] },
          },
          { status: 422 },
        );
      }
      state.promoCode = body.promoCode;
      return HttpResponse.json(draft());
    }),
  );
  return state;
}

// THE fake order API of the storefront's tests (msw): a customer's open draft (read through
// `POST /api/order/prepare-draft` and, as the session-mode cart reads it, `GET /api/cart`), the order placed
// from it, paying, cancelling, back to the cart and the history, answered the way the contract
// describes them. Every business rule is the SDK's, never written again here: what can be added
// (`canIncrement`), which promo codes the shop runs and what they take off (the settings'
// promotions through `promoPercent` / `estimateTotals`, in `draftOf`), the rows an unpaid order
// brings back to the cart (`mergeGuestCart`, as the API does) and the status a payment leads to
// (`statusAfterPayment`). Tests read the log of calls and set the next answers.
import { delay, http, HttpResponse } from 'msw';
import {
  canIncrement,
  mergeGuestCart,
  promoPercent,
  promoPercentsFrom,
  statusAfterPayment,
  type Customer,
  type OrderDetail,
  type OrderDraft,
  type PaymentMethodCode,
  type PendingOrder,
} from '@otc/sdk';
import { customerOf, draftOf, orderOf, pendingOrderOf, type DraftRow } from './fixtures';
import { API, server, settingsFixture } from './server';

export interface FakeAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface FakeOrders {
  /** The open draft: its id, rows, promo code and delivery address. */
  draftId: number;
  rows: DraftRow[];
  promoCode: string | null;
  deliveryAddress: OrderDraft['deliveryAddress'];
  /** The order waiting for payment the draft names (null: none), and the rows it holds. */
  pendingOrder: PendingOrder | null;
  pendingRows: DraftRow[];
  /** The placed order `GET /api/order/{id}` and the history answer (null: none placed). */
  order: OrderDetail | null;
  /** Every change, in order: `PATCH sku-amount 7=3`, `PATCH complete 41`, `POST pay 41`, … */
  calls: string[];
  /** Bodies of the draft calls (the agent id travels in them). */
  bodies: unknown[];
  /** Bodies of the pay calls. */
  payBodies: unknown[];
  /** Reads of the customer (the header's allowance follows a payment or a cancel). */
  meReads: number;
  /** Answer the next sku-amount with this failure. */
  failNextAmount: { status: number; code: string } | null;
  /** Milliseconds each change waits before answering. */
  delayMs: number;
  /** The next answers of pay, in order; then a payment the SDK's status table leads on. */
  payAnswers: FakeAnswer[];
  /** The answer of the next complete (default: placed). */
  completeAnswer: FakeAnswer | null;
  /** Whether the next cancel is refused (`order_not_cancellable`). */
  refuseCancel: boolean;
  /** The open draft as the API answers it. */
  draft: () => OrderDraft;
}

export interface FakeOrdersOptions {
  rows?: DraftRow[];
  customer?: Customer;
  draftId?: number;
  deliveryAddress?: OrderDraft['deliveryAddress'];
  order?: OrderDetail | null;
  /** The number the next placed order gets. */
  placedNumber?: string;
}

const refusal = (status: number, code: string, field: string, message: string) =>
  HttpResponse.json({ message, code, data: { [field]: [message] }, fields: { [field]: [{ code }] } }, { status });

/** Serves the order routes of a signed-in customer; every change updates the returned state. */
export function useFakeOrdersApi(options: FakeOrdersOptions = {}): FakeOrders {
  const customer = options.customer ?? customerOf({ activeInsuranceCard: null });
  const promotions = promoPercentsFrom(settingsFixture.promotions);
  const placedNumber = options.placedNumber ?? '100041';
  const state: FakeOrders = {
    draftId: options.draftId ?? 41,
    rows: [...(options.rows ?? [])],
    promoCode: null,
    deliveryAddress: options.deliveryAddress ?? null,
    pendingOrder: null,
    pendingRows: [],
    order: options.order ?? null,
    calls: [],
    bodies: [],
    payBodies: [],
    meReads: 0,
    failNextAmount: null,
    delayMs: 0,
    payAnswers: [],
    completeAnswer: null,
    refuseCancel: false,
    draft: () =>
      draftOf(state.rows, {
        id: state.draftId,
        promoCode: state.promoCode,
        pendingOrder: state.pendingOrder,
        deliveryAddress: state.deliveryAddress,
      }),
  };
  const wait = async () => {
    if (state.delayMs) await delay(state.delayMs);
  };
  const summary = (o: OrderDetail) => ({
    id: o.id,
    number: o.number,
    placedAt: o.placedAt,
    total: o.total,
    status: o.status,
    itemCount: o.itemCount,
    deliveredAt: o.deliveredAt,
    payableUntil: o.payableUntil,
    cancellableUntil: o.cancellableUntil,
    cancelledAt: o.cancelledAt,
  });

  server.use(
    http.get(`${API}/api/auth/me`, () => {
      state.meReads += 1;
      return HttpResponse.json(customer);
    }),
    // A read of the draft: not in `calls` (the changes are), its body is kept.
    http.post(`${API}/api/order/prepare-draft`, async ({ request }) => {
      state.bodies.push(await request.json().catch(() => null));
      return HttpResponse.json(state.draft());
    }),
    // The session-mode cart's read (docs/web-session.md, `readCart`): for a member, the open draft
    // as prepare-draft answers it (this fake always has one open), inside `{ draft }`. A GET: no body.
    http.get(`${API}/api/cart`, () => HttpResponse.json({ draft: state.draft() })),
    http.patch(`${API}/api/order/:id/sku-amount`, async ({ request }) => {
      const body = (await request.json()) as { sku_id: number; amount: number };
      state.bodies.push(body);
      state.calls.push(`PATCH sku-amount ${body.sku_id}=${body.amount}`);
      await wait();
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
      return HttpResponse.json(state.draft());
    }),
    http.post(`${API}/api/order/draft/items`, async ({ request }) => {
      const body = (await request.json()) as { sku_id: number; amount: number };
      state.bodies.push(body);
      state.calls.push(`POST add ${body.sku_id}+${body.amount}`);
      const found = state.rows.find((row) => row.product.id === body.sku_id);
      // The SDK's rule: each unit added must be one more the stock allows.
      const fits = found && canIncrement({ product: found.product, amount: found.amount + body.amount - 1 }).allowed;
      if (!found || !fits) return refusal(422, 'cannot_add_more', 'amount', 'You cannot add more');
      found.amount += body.amount;
      return HttpResponse.json(state.draft());
    }),
    http.patch(`${API}/api/order/:id/back-to-draft`, ({ params }) => {
      state.calls.push(`PATCH back-to-draft ${String(params.id)}`);
      // The unpaid order's rows back into the draft, merged as the API merges them.
      const merged = mergeGuestCart(
        state.rows.map((row) => ({ sku_id: row.product.id, amount: row.amount })),
        state.pendingRows.map((row) => ({ sku_id: row.product.id, amount: row.amount })),
      );
      const products = new Map([...state.rows, ...state.pendingRows].map((row) => [row.product.id, row.product]));
      state.rows = merged.rows.map((row) => ({ product: products.get(row.sku_id)!, amount: row.amount }));
      if (state.order && state.order.id === Number(params.id)) {
        state.draftId = state.order.id;
        state.order = null;
      }
      state.pendingRows = [];
      state.pendingOrder = null;
      return HttpResponse.json(state.draft());
    }),
    http.patch(`${API}/api/order/:id/complete`, async ({ params }) => {
      state.calls.push(`PATCH complete ${String(params.id)}`);
      await delay(state.delayMs || 50);
      const answer = state.completeAnswer;
      if (answer) {
        state.completeAnswer = null;
        return HttpResponse.json(answer.body, { status: answer.status });
      }
      // Placed: the order holds the rows and waits for payment; a new, empty draft names it.
      const placed = state.draft();
      state.order = orderOf({ id: placed.id, number: placedNumber, billing: placed.totals, total: placed.totals.total, deliveryAddress: placed.deliveryAddress });
      state.pendingRows = state.rows;
      state.pendingOrder = pendingOrderOf({ id: placed.id, number: placedNumber, total: placed.totals.total });
      state.rows = [];
      state.promoCode = null;
      state.draftId = placed.id + 1;
      return HttpResponse.json({ ...placed, status: -10, number: placedNumber, pendingOrder: null });
    }),
    http.post(`${API}/api/order/:id/pay`, async ({ request, params }) => {
      state.calls.push(`POST pay ${String(params.id)}`);
      const body = (await request.json()) as { code: PaymentMethodCode };
      state.payBodies.push(body);
      await delay(state.delayMs || 50);
      const answer = state.payAnswers.shift();
      if (answer) return HttpResponse.json(answer.body, { status: answer.status });
      // The SDK's one table: card methods lead to payment verification, the balance confirms.
      const status = statusAfterPayment(body.code);
      const order = state.order;
      if (order) {
        state.order = { ...order, status, payableUntil: null };
        state.pendingOrder = null;
        state.pendingRows = [];
      }
      return HttpResponse.json({ orderId: Number(params.id), number: order?.number ?? placedNumber, status, paidBy: 'Rosa Diaz', amount: order?.total ?? '0.00' });
    }),
    http.post(`${API}/api/order/:id/cancel`, ({ params }) => {
      state.calls.push(`POST cancel ${String(params.id)}`);
      const order = state.order;
      if (!order || order.id !== Number(params.id)) return HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
      if (state.refuseCancel) {
        state.refuseCancel = false;
        return HttpResponse.json({ message: 'This order can no longer be cancelled.', code: 'order_not_cancellable' }, { status: 409 });
      }
      const now = new Date().toISOString();
      state.order = {
        ...order,
        status: -20,
        payableUntil: null,
        cancellableUntil: null,
        cancelledAt: now,
        refund: order.payment ? { amount: order.total, code: order.payment.code, last4: order.payment.last4, at: now } : null,
      };
      state.pendingOrder = null;
      state.pendingRows = [];
      return HttpResponse.json(state.order);
    }),
    http.get(`${API}/api/order/:id`, ({ params }) =>
      state.order && state.order.id === Number(params.id)
        ? HttpResponse.json(state.order)
        : HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 }),
    ),
    http.get(`${API}/api/order`, () =>
      HttpResponse.json({ items: state.order ? [summary(state.order)] : [], total: state.order ? 1 : 0, page: 1, pageSize: 24 }),
    ),
    http.patch(`${API}/api/order/:id`, async ({ request }) => {
      const body = (await request.json()) as { promoCode: string | null };
      state.calls.push(`PATCH order promo=${body.promoCode}`);
      await wait();
      // Only a promotion the shop runs (the settings', as the SDK reads them) is taken.
      if (body.promoCode !== null && promoPercent(body.promoCode, promotions) === 0) {
        return refusal(422, 'promo_code_invalid', 'promoCode', 'The code you entered is not valid.');
      }
      state.promoCode = body.promoCode;
      return HttpResponse.json(state.draft());
    }),
  );
  return state;
}

// The checkout facade against a small fake shop (msw) that keeps one order's life: the open
// draft, placing it (waiting for payment), paying (a declined card leaves it payable), back to the
// cart, cancel.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCart, createCheckout, type Checkout } from '../src/index.js';
import { createClient } from '../src/client/index.js';
import { ApiError, ValidationError } from '../src/errors/index.js';
import { checkoutGate, allowedCheckoutStep } from '../src/rules/index.js';
import type { OrderDetail, OrderDraft } from '../src/schemas/index.js';
import { createGuestCart } from '../src/cart/index.js';
import { createMemoryStorage } from '../src/storage/index.js';
import { address, BASE, draft, freshToken, orderDetail, settings } from './fixtures.js';
import { server } from './msw-server.js';

const DECLINE = '6035000000000002';
const APPROVE = '6035000000000001';

type Row = { sku_id: number; amount: number };

/**
 * One customer's orders: the open draft (id 41 until placed, then 42) and, once placed, order 41
 * waiting for payment. `others` answers getOrder for other ids.
 */
function fakeShop(options: { others?: Record<number, OrderDetail | number> } = {}) {
  const state = {
    draftId: 41,
    rows: [{ sku_id: 1, amount: 6 }] as Row[],
    placed: null as null | { id: number; status: number; rows: Row[]; cancelledAt: string | null },
    calls: [] as string[],
  };
  const note = (request: Request) => {
    const url = new URL(request.url);
    state.calls.push(
      `${request.method} ${url.pathname} ${request.headers.get('Accept-Language') ?? '-'}`,
    );
  };
  const openDraft = (): OrderDraft => ({
    ...draft(state.draftId, state.rows),
    totals: { subtotal: '27.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '27.00' },
    deliveryAddress: address,
    pendingOrder:
      state.placed?.status === -10
        ? {
            id: state.placed.id,
            number: String(100000 + state.placed.id),
            total: '27.00',
            itemCount: 6,
            payableUntil: '2026-01-01T00:30:00Z',
          }
        : null,
  });
  const placedDetail = (): OrderDetail => {
    const placed = state.placed!;
    return orderDetail(placed.id, {
      number: String(100000 + placed.id),
      status: placed.status,
      payableUntil: placed.status === -10 ? '2026-01-01T00:30:00Z' : null,
      cancellableUntil: placed.status === -10 || placed.status === -5 ? '2026-01-01T00:30:00Z' : null,
      cancelledAt: placed.cancelledAt,
      refund:
        placed.cancelledAt && placed.status === -20
          ? { amount: '27.00', code: 'trnsx', last4: '0001', at: placed.cancelledAt }
          : null,
    });
  };
  const error = (status: number, code: string, fields?: Record<string, { code: string }[]>) =>
    HttpResponse.json(
      { message: code, code, ...(fields ? { data: {}, fields } : {}) },
      { status },
    );
  server.use(
    http.post(`${BASE}/api/order/prepare-draft`, ({ request }) => {
      note(request);
      return HttpResponse.json(openDraft());
    }),
    http.put(`${BASE}/api/order/delivery`, async ({ request }) => {
      note(request);
      const { addressId } = (await request.json()) as { addressId: number };
      return HttpResponse.json({ ...openDraft(), deliveryAddress: { ...address, id: addressId } });
    }),
    http.patch(`${BASE}/api/order/:id/complete`, ({ request, params }) => {
      note(request);
      if (Number(params.id) !== state.draftId) return error(409, 'order_not_draft');
      if (state.placed?.status === -10) {
        return HttpResponse.json(
          { message: 'Order waits', code: 'unpaid_order_exists', params: { number: '100041' } },
          { status: 409 },
        );
      }
      const placedRows = state.rows;
      state.placed = { id: state.draftId, status: -10, rows: placedRows, cancelledAt: null };
      const answer = { ...openDraft(), pendingOrder: null, status: -10, number: String(100000 + state.draftId) };
      state.draftId += 1;
      state.rows = [];
      return HttpResponse.json(answer);
    }),
    http.post(`${BASE}/api/order/:id/pay`, async ({ request, params }) => {
      note(request);
      const body = (await request.json()) as { code: string; input?: { card?: string } };
      const placed = state.placed;
      if (!placed || placed.id !== Number(params.id)) return error(404, 'not_found');
      if (placed.status === -5) {
        return HttpResponse.json({ orderId: placed.id, number: String(100000 + placed.id), status: -5, paidBy: 'trnsx', amount: '27.00' });
      }
      if (placed.status !== -10) return error(422, 'order_not_waiting_for_payment');
      if (body.input?.card === DECLINE) {
        // Declined: the order stays waiting for payment, payable again.
        return error(422, 'card_number_or_code_is_not_correct', {
          'input.card': [{ code: 'card_number_or_code_is_not_correct' }],
        });
      }
      placed.status = -5;
      return HttpResponse.json({ orderId: placed.id, number: String(100000 + placed.id), status: -5, paidBy: body.code, amount: '27.00' });
    }),
    http.patch(`${BASE}/api/order/:id/back-to-draft`, ({ request, params }) => {
      note(request);
      const placed = state.placed;
      if (!placed || placed.id !== Number(params.id)) return error(404, 'not_found');
      if (placed.status === -20) return error(409, 'order_payment_time_over');
      if (placed.status !== -10) return error(422, 'order_not_waiting_for_payment');
      // Its rows go back into the open draft (the larger amount wins), which keeps its id.
      state.rows = [...placed.rows, ...state.rows.filter((r) => !placed.rows.some((p) => p.sku_id === r.sku_id))];
      state.draftId = placed.id;
      state.placed = null;
      return HttpResponse.json(openDraft());
    }),
    http.post(`${BASE}/api/order/:id/cancel`, ({ request, params }) => {
      note(request);
      const placed = state.placed;
      if (!placed || placed.id !== Number(params.id)) return error(404, 'not_found');
      if (placed.status !== -10 && placed.status !== -5) return error(409, 'order_not_cancellable');
      placed.status = -20;
      placed.cancelledAt = '2026-01-01T00:10:00Z';
      return HttpResponse.json(placedDetail());
    }),
    http.get(`${BASE}/api/order/:id`, ({ request, params }) => {
      note(request);
      const id = Number(params.id);
      if (state.placed?.id === id) return HttpResponse.json(placedDetail());
      const other = options.others?.[id];
      if (typeof other === 'number') return error(other, other === 404 ? 'not_found' : 'forbidden');
      if (other) return HttpResponse.json(other);
      return error(404, 'not_found');
    }),
  );
  return state;
}

function setup(): { checkout: Checkout; client: ReturnType<typeof createClient>; storage: ReturnType<typeof createMemoryStorage> } {
  const storage = createMemoryStorage();
  const client = createClient({ baseUrl: BASE, tokens: storage });
  client.signIn({ token: freshToken(), refresh_token: 'r1' });
  return { checkout: createCheckout({ client }), client, storage };
}

describe('checkout.draft', () => {
  it('is the same one read as cart.read() (one cache entry for cart and checkout)', async () => {
    const shop = fakeShop();
    const { checkout, client, storage } = setup();
    const cart = createCart({ client, guestCart: createGuestCart({ storage }) });
    const fromCheckout = await checkout.draft({ locale: 'es' });
    const fromCart = await cart.read({ locale: 'es' });
    expect(fromCart).toEqual({ kind: 'server', draft: fromCheckout });
    expect(shop.calls).toEqual(['POST /api/order/prepare-draft es', 'POST /api/order/prepare-draft es']);
  });
});

describe('checkout.open', () => {
  it('the open draft: one read', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    const opened = await checkout.open(41);
    expect(opened).toMatchObject({ kind: 'draft', draft: { id: 41 } });
    expect(shop.calls).toEqual(['POST /api/order/prepare-draft -']);
  });

  it('a placed order waiting for payment is unpaid (pay now); paid and cancelled ones are closed', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    await checkout.place(41);
    const unpaid = await checkout.open(41, { locale: 'es' });
    expect(unpaid).toMatchObject({ kind: 'unpaid', order: { id: 41, status: -10 } });
    expect(shop.calls.slice(-2)).toEqual(['POST /api/order/prepare-draft es', 'GET /api/order/41 es']);

    await checkout.pay(41, { code: 'trnsx', input: { card: APPROVE, code: '123' } });
    expect(await checkout.open(41)).toMatchObject({ kind: 'closed', order: { status: -5 } });
    await checkout.cancel(41);
    expect(await checkout.open(41)).toMatchObject({ kind: 'closed', order: { status: -20 } });
  });

  it("an order not found, someone else's or an old draft: elsewhere, with the open draft", async () => {
    fakeShop({ others: { 7: 404, 8: 403, 9: orderDetail(9, { status: 0 }) } });
    const { checkout } = setup();
    for (const id of [7, 8, 9]) {
      expect(await checkout.open(id)).toMatchObject({ kind: 'elsewhere', draft: { id: 41 } });
    }
    expect(await checkout.open(10)).toMatchObject({ kind: 'elsewhere' }); // unknown: 404
  });

  it('an address naming no order (/checkout/abc): elsewhere, without asking for it', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    for (const id of [Number.NaN, 0, -3, 1.5, 2 ** 40]) {
      expect(await checkout.open(id)).toMatchObject({ kind: 'elsewhere', draft: { id: 41 } });
    }
    expect(shop.calls.every((call) => call.startsWith('POST /api/order/prepare-draft'))).toBe(true);
  });

  it('other failures are thrown, not hidden as elsewhere', async () => {
    fakeShop();
    server.use(
      http.get(`${BASE}/api/order/:id`, () =>
        HttpResponse.json({ message: 'Down', code: 'unavailable' }, { status: 503 }),
      ),
    );
    const { checkout } = setup();
    await expect(checkout.open(77)).rejects.toMatchObject({ status: 503, code: 'unavailable' });
  });
});

describe('checkout.gate and allowedStep', () => {
  it('are the pure rules checkoutGate and allowedCheckoutStep', async () => {
    fakeShop();
    const { checkout } = setup();
    const open = await checkout.draft();
    const customer = { id: 1, firstName: '' };
    const gate = checkout.gate(open, settings, customer);
    expect(gate).toEqual(checkoutGate(open, settings, customer));
    expect(gate).toMatchObject({
      belowMinimum: false,
      minimumOrder: '25.00',
      needsDelivery: false,
      profileMissing: ['firstName'],
      furthestStep: 'payment',
    });
    expect(checkout.allowedStep('payment', gate)).toBe('payment');
    const elsewhere = checkout.gate({ ...open, deliveryAddress: { ...address, state: 'NY' } }, settings);
    expect(checkout.allowedStep('payment', elsewhere)).toBe(allowedCheckoutStep('payment', elsewhere));
    expect(checkout.allowedStep('payment', elsewhere)).toBe('delivery');
    const higher = checkout.gate(open, { ...settings, minimumOrder: '30.00' });
    expect(higher).toMatchObject({ belowMinimum: true, minimumOrder: '30.00', furthestStep: 'products' });
    expect(checkout.allowedStep('delivery', higher)).toBe('products');
  });
});

describe('checkout: place, pay, pay again, back to cart, cancel', () => {
  it('sets the delivery address of the open draft', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    const after = await checkout.setDelivery(3, { locale: 'es' });
    expect(after.deliveryAddress?.id).toBe(3);
    expect(shop.calls).toEqual(['PUT /api/order/delivery es']);
  });

  it('places the draft: the answer carries the number, and the new draft names the pending order', async () => {
    fakeShop();
    const { checkout } = setup();
    const placed = await checkout.place(41);
    expect(placed).toMatchObject({ id: 41, status: -10, number: '100041' });
    const next = await checkout.draft();
    expect(next.pendingOrder).toMatchObject({ id: 41, number: '100041' });
  });

  it('a second place while one order waits throws unpaid_order_exists', async () => {
    fakeShop();
    const { checkout } = setup();
    await checkout.place(41);
    const error = await checkout.place(42).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'unpaid_order_exists' });
  });

  it('pays again after a decline: the order stays payable and the second card pays', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    const placed = await checkout.place(41);
    const declined = await checkout
      .pay(placed.id, { code: 'trnsx', input: { card: DECLINE, code: '123' } })
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(ValidationError);
    // Under the pay input's own field name (issue 20), never grouped as `input`.
    expect((declined as ValidationError).fieldCodes).toEqual({
      'input.card': 'card_number_or_code_is_not_correct',
    });
    expect(await checkout.open(placed.id)).toMatchObject({ kind: 'unpaid' });

    const paid = await checkout.pay(placed.id, { code: 'trnsx', input: { card: APPROVE, code: '123' } });
    expect(paid).toMatchObject({ orderId: 41, status: -5, amount: '27.00' });
    // A repeat of a paid order answers the first payment (no second charge).
    await expect(checkout.pay(placed.id, { code: 'trnsx', input: { card: APPROVE } })).resolves.toEqual(paid);
    expect(shop.calls.filter((call) => call.startsWith('POST /api/order/41/pay'))).toHaveLength(3);
  });

  it('pays with a method that needs no input (the contract input type)', async () => {
    fakeShop();
    const { checkout } = setup();
    await checkout.place(41);
    await expect(checkout.pay(41, { code: 'balance' })).resolves.toMatchObject({ paidBy: 'balance' });
  });

  it('back to cart: the unpaid order returns to the draft with its items', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    await checkout.place(41);
    const back = await checkout.backToCart(41, { locale: 'es' });
    expect(back.reloaded).toBe(false);
    expect(back.draft).toMatchObject({ id: 41, pendingOrder: null });
    expect(back.draft.rows.map((r) => [r.sku.id, r.amount])).toEqual([[1, 6]]);
    expect(shop.calls.at(-1)).toBe('PATCH /api/order/41/back-to-draft es');
  });

  it('back to cart of an order no longer waiting (422 paid, 409 expired) answers the open draft, reloaded', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    await checkout.place(41);
    await checkout.pay(41, { code: 'trnsx', input: { card: APPROVE, code: '123' } });
    const afterPaid = await checkout.backToCart(41);
    expect(afterPaid).toMatchObject({ reloaded: true, draft: { id: 42 } });
    expect(shop.calls.slice(-2)).toEqual([
      'PATCH /api/order/41/back-to-draft -',
      'POST /api/order/prepare-draft -',
    ]);

    shop.placed!.status = -20; // the hold ended meanwhile: 409 order_payment_time_over
    await expect(checkout.backToCart(41)).resolves.toMatchObject({ reloaded: true, draft: { id: 42 } });
    // An order that is not the customer's is an error to show, not a reload.
    await expect(checkout.backToCart(99)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('cancels an unpaid order and a paid one in its window; afterwards order_not_cancellable', async () => {
    fakeShop();
    const { checkout } = setup();
    await checkout.place(41);
    const cancelled = await checkout.cancel(41, { locale: 'es' });
    expect(cancelled).toMatchObject({ id: 41, status: -20, cancelledAt: '2026-01-01T00:10:00Z' });
    const again = await checkout.cancel(41).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ status: 409, code: 'order_not_cancellable' });
  });

  it('a cancelled paid order shows its refund', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    await checkout.place(41);
    await checkout.pay(41, { code: 'trnsx', input: { card: APPROVE, code: '123' } });
    const cancelled = await checkout.cancel(41);
    expect(cancelled.refund).toEqual({ amount: '27.00', code: 'trnsx', last4: '0001', at: '2026-01-01T00:10:00Z' });
    expect(shop.calls.at(-1)).toBe('POST /api/order/41/cancel -');
  });

  it('refuses a malformed order id before any call', async () => {
    const shop = fakeShop();
    const { checkout } = setup();
    await expect(checkout.place(0)).rejects.toThrow(/checkout.place: not an order id/);
    await expect(checkout.pay(-1, { code: 'balance' })).rejects.toThrow(TypeError);
    await expect(checkout.backToCart(1.5)).rejects.toThrow(/checkout.backToCart/);
    await expect(checkout.cancel(Number.NaN)).rejects.toThrow(/checkout.cancel/);
    expect(shop.calls).toEqual([]);
  });
});

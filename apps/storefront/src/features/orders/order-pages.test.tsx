import { onTestFinished, vi } from 'vitest';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ORDER_STATUS, formatDate, formatDeliveryEstimate, type OrderDetail } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { untilText } from '../../lib/hold-time';
import { customerOf, orderOf } from '../../test/fixtures';
import { useFakeOrdersApi, type FakeOrders } from '../../test/fake-orders-api';
import { API, server, settingsFixture } from '../../test/server';
import { currentUrl, renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';

const paidOrder = (patch: Partial<OrderDetail> = {}) =>
  orderOf({
    status: 1,
    payableUntil: null,
    payment: { code: 'trnsx', last4: '1001', paidAt: '2026-05-04T10:14:00.000Z' },
    paidBy: 'Rosa Diaz',
    ...patch,
  });

/** A paid order that may still be cancelled for 20 minutes. */
const cancellable = () => ({ cancellableUntil: new Date(Date.now() + 20 * 60_000).toISOString() });

/** The API of one order (41) and the history around it: THE fake order API (src/test). */
type Api = FakeOrders & { order: OrderDetail };

function useOrderApi(order: OrderDetail): Api {
  // Placed from draft 41: the open draft is a new, empty one (42); back to cart reopens 41.
  return useFakeOrdersApi({ order, customer: customerOf(), draftId: 42 }) as Api;
}

async function renderPage(path: string) {
  signIn();
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

describe('an order waiting for payment, and cancel', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('the order page offers Pay now and Back to cart with the time its hold ends', async () => {
    const api = useOrderApi(orderOf());
    const { router } = await renderPage('/order/41');
    expect(await screen.findByText('This order is waiting for payment')).toBeInTheDocument();
    const until = untilText(api.order.payableUntil!, 'en');
    expect(
      screen.getByText(
        `We hold its items for you until ${until}. If it is not paid by then, they go back to your cart.`,
      ),
    ).toBeInTheDocument();
    // An order whose hold ends before the period does says nothing of the period.
    expect(screen.queryByText(/That is when your allowance period ends/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now order 100041' }).closest('form')).toHaveAttribute(
      'action',
      '/order/41',
    );
    // Nothing to buy again while it waits: it is paid or brought back.
    expect(screen.queryByRole('button', { name: /Buy again/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to cart order 100041' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.calls).toEqual(['PATCH back-to-draft 41']);
  });

  it('an order held until the allowance period ends says so; a refund after that period says its allowance does not come back (issue 31)', async () => {
    useOrderApi(orderOf({ holdEndsWithPeriod: true }));
    const first = await renderPage('/order/41');
    expect(await screen.findByText('This order is waiting for payment')).toBeInTheDocument();
    expect(screen.getByText(/That is when your allowance period ends/)).toBeInTheDocument();
    first.unmount();

    useOrderApi(
      paidOrder({
        status: ORDER_STATUS.cancelled,
        cancelledAt: '2026-07-01T00:10:00.000Z',
        cancellableUntil: null,
        refund: { amount: '30.00', code: 'trnsx', last4: '1001', at: '2026-07-01T00:10:00.000Z', allowanceReturned: false },
      }),
    );
    await renderPage('/order/41');
    expect(await screen.findByText('Refunded $30.00 to the card ending in 1001.')).toBeInTheDocument();
    expect(screen.getByText(/its allowance does not come\s+back/)).toBeInTheDocument();
  });

  it('Cancel order asks first, with no time limit, says what happens, then cancels and refreshes the allowance', async () => {
    // The clock is the test's (it also runs with real time, for the page's own requests), so
    // 4.5 s pass at once instead of being waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const api = useOrderApi(orderOf());
    await renderPage('/order/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order 100041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 100041?' });
    expect(dialog).toHaveAccessibleDescription(
      'You have not paid for this order. If you cancel it, nothing is charged and its items are not kept for you: they leave your cart too. To change the order instead, use Back to cart.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    // A confirmation that waits (not a two-tap that times out after 4 s).
    await act(() => vi.advanceTimersByTimeAsync(4500));
    expect(screen.getByRole('dialog', { name: 'Cancel order 100041?' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    const reads = api.meReads;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    await waitFor(() => expect(api.calls).toEqual(['POST cancel 41']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const date = formatDate(api.order.cancelledAt, 'en', { dateStyle: 'long' });
    expect(await screen.findByText(`Cancelled on ${date}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    // The focus stays on the page (its heading), not on the body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    // The header's allowance follows the refund.
    await waitFor(() => expect(api.meReads).toBeGreaterThan(reads));
  });

  it('keeping the order closes the confirmation and cancels nothing', async () => {
    const api = useOrderApi(orderOf());
    await renderPage('/order/41');
    const cancel = await screen.findByRole('button', { name: 'Cancel order 100041' });
    cancel.focus();
    fireEvent.click(cancel);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cancel order 100041' })).toHaveFocus();
  });

  it('a paid order that may still be cancelled says where the money goes back', async () => {
    const api = useOrderApi(
      paidOrder({ cancellableUntil: new Date(Date.now() + 20 * 60_000).toISOString() }),
    );
    await renderPage('/order/41');
    const until = untilText(api.order.cancellableUntil!, 'en');
    expect(
      await screen.findByText(`You can cancel this order until ${until}.`),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order 100041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 100041?' });
    expect(dialog).toHaveAccessibleDescription(
      '$30.00 goes back to the card ending in 1001 that paid for it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(
      await screen.findByText('Refunded $30.00 to the card ending in 1001.'),
    ).toBeInTheDocument();
  });

  it('a refusal (it is packaging now) is said in the confirmation, which then only closes', async () => {
    const api = useOrderApi(
      paidOrder({ cancellableUntil: new Date(Date.now() + 20 * 60_000).toISOString() }),
    );
    api.refuseCancel = true;
    await renderPage('/order/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order 100041' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This order can no longer be cancelled.',
    );
    expect(
      within(dialog).queryByRole('button', { name: 'Yes, cancel the order' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
    expect(api.calls).toEqual(['POST cancel 41']);
    expect(api.order.status).not.toBe(-20);
  });

  it('a cancelled order shows "Cancelled" with its date and the refund to the card or the balance', async () => {
    const cancelledAt = '2026-05-04T11:00:00.000Z';
    const api = useOrderApi(
      paidOrder({
        status: -20,
        cancellableUntil: null,
        cancelledAt,
        refund: { amount: '30.00', code: 'trnsx', last4: '1234', at: cancelledAt },
      }),
    );
    await renderPage('/order/41');
    const date = formatDate(cancelledAt, 'en', { dateStyle: 'long' });
    expect(await screen.findByText(`Cancelled on ${date}`)).toBeInTheDocument();
    expect(screen.getByText('Refunded $30.00 to the card ending in 1234.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('heading', { level: 1 })).getByText('Cancelled'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();

    api.order = {
      ...api.order,
      refund: { amount: '30.00', code: 'balance', last4: null, at: cancelledAt },
    };
    const balance = await renderPage('/order/41');
    expect(
      await within(balance.container).findByText('Refunded $30.00 to your store balance.'),
    ).toBeInTheDocument();
  });

  it('the history: a waiting order offers Pay now, Back to cart and Cancel; a cancelled one says when', async () => {
    const api = useOrderApi(orderOf());
    const view = await renderPage('/account/orders');
    const list = await screen.findByRole('list', { name: 'Orders' });
    const row = (await within(list).findByText('Order 100041')).closest('li')!;
    const until = untilText(api.order.payableUntil!, 'en');
    expect(within(row).getByText(`Waiting for payment until ${until}`)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Pay now order 100041' }).closest('form')).toHaveAttribute(
      'action',
      '/order/41',
    );
    expect(
      within(row).getByRole('button', { name: 'Back to cart order 100041' }),
    ).toBeInTheDocument();

    // A link to the order's own confirmation until the scripts run, then the dialog's button
    // (CI at 7eb9124: on a loaded machine the row was found before that render).
    fireEvent.click(await within(row).findByRole('button', { name: 'Cancel order 100041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 100041?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    const date = formatDate(api.order.cancelledAt ?? new Date().toISOString(), 'en', {
      dateStyle: 'medium',
    });
    expect(await within(list).findByText(`Cancelled on ${date}`)).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
    // The cancel button went away with the order's new state: its "View order" link has the focus.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('View order 100041'));
    view.unmount();
  });

  it('the thank-you page does not thank for an unpaid order: it goes to its payment step', async () => {
    useOrderApi(orderOf());
    const { router } = await renderPage('/success/41');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/checkout/41?step=payment',
      ),
    );
    expect(screen.queryByText('Thank you for your order!')).not.toBeInTheDocument();
  });

  it('a card-paid order in packaging dates its "Order confirmed" step (verification went straight on)', async () => {
    useOrderApi(
      paidOrder({
        status: 10,
        events: [
          { status: -10, at: '2026-05-04T10:12:00.000Z', note: null },
          { status: -5, at: '2026-05-04T10:14:00.000Z', note: 'trnsx' },
          { status: 10, at: '2026-05-05T09:00:00.000Z', note: null },
        ],
      }),
    );
    await renderPage('/order/41');
    const progress = await screen.findByRole('list', { name: 'Order progress' });
    const confirmed = within(progress).getByText('Order confirmed').closest('li')!;
    expect(within(confirmed).getByText((_, node) => node?.tagName === 'TIME')).toHaveAttribute('datetime', '2026-05-05T09:00:00.000Z');
  });

  it('the thank-you page of an order that is not the customer\'s (or none) answers as /order/{id} does', async () => {
    useOrderApi(paidOrder());
    localStorage.setItem('promo-code', 'Welcome10');
    await renderPage('/success/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order details' })).toBeInTheDocument();
    expect(screen.getByText('We could not find this order.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/account/orders');
    expect(screen.queryByText('Thank you for your order!')).not.toBeInTheDocument();
    // The title says so too, and the promo code kept from a link is not spent on it.
    await waitFor(() => expect(document.title).toBe('Order not found | Benefit Shop'));
    expect(localStorage.getItem('promo-code')).toBe('Welcome10');
  });

  it('the thank-you page of the customer\'s placed order is thanked for, and spends the kept promo code', async () => {
    useOrderApi(paidOrder());
    localStorage.setItem('promo-code', 'Welcome10');
    await renderPage('/success/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Thank you for your order | Benefit Shop'));
    await waitFor(() => expect(localStorage.getItem('promo-code')).toBeNull());
  });

  it('an unpaid order\'s thank-you page keeps the promo code (it goes to its payment step)', async () => {
    useOrderApi(orderOf());
    localStorage.setItem('promo-code', 'Welcome10');
    const { router } = await renderPage('/success/41');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/41'));
    expect(localStorage.getItem('promo-code')).toBe('Welcome10');
  });

  it('… in Spanish too', async () => {
    setLocaleCookie('es');
    useOrderApi(paidOrder());
    localStorage.setItem('promo-code', 'Welcome10');
    await renderPage('/es/success/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalles del pedido' })).toBeInTheDocument();
    expect(screen.getByText('No encontramos este pedido.')).toBeInTheDocument();
    expect(screen.queryByText('¡Gracias por su pedido!')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pedido no encontrado | Tienda de beneficios'));
    expect(localStorage.getItem('promo-code')).toBe('Welcome10');
  });
});

describe('when the order arrives (issue 33, item 5)', () => {
  beforeEach(() => setLocaleCookie('en'));
  const arrives = (order: OrderDetail, locale: 'en' | 'es') =>
    formatDeliveryEstimate(settingsFixture.deliveryEstimate, locale, { placedAt: order.placedAt });

  it('the thank-you page says it: the business days of the settings and the days they fall on', async () => {
    const order = paidOrder();
    useOrderApi(order);
    await renderPage('/success/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    const text = arrives(order, 'en');
    expect(text).toMatch(/^Arrives in 2–5 business days: /);
    // The business days are the shop's settings, which may answer after the order.
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('an order on its way says it on its page, in Spanish too', async () => {
    setLocaleCookie('es');
    const order = paidOrder({ status: ORDER_STATUS.shipped });
    useOrderApi(order);
    await renderPage('/es/order/41');
    const text = arrives(order, 'es');
    expect(text).toMatch(/^Llega en 2 a 5 días hábiles: /);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a delivered order does not', async () => {
    useOrderApi(paidOrder({ status: ORDER_STATUS.delivered }));
    const view = await renderPage('/order/41');
    expect(await screen.findByRole('heading', { level: 1, name: /Order 100041/ })).toBeInTheDocument();
    expect(screen.getByText(/^Placed on /)).toBeInTheDocument();
    expect(screen.queryByText(/^Arrives in /)).not.toBeInTheDocument();
    view.unmount();
  });
});

// The order page's forms (issue 29): Pay now, Back to cart and the cancel confirmation post to the
// order page's action; a refusal is said in the page. Issue 33, item 11: no GET of the order that
// went back to the cart.
/** Every request the app sends, in order (`GET /api/order/41`, `PATCH /api/order/41/back-to-draft`). */
function recordRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

describe('the order page forms', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('Back to cart posts to the page action, goes to the cart, and never asks again for the order that went back (issue 33, item 11)', async () => {
    const api = useOrderApi(orderOf());
    const seen = recordRequests();
    const { router } = await renderPage('/order/41');
    const button = await screen.findByRole('button', { name: 'Back to cart order 100041' });
    expect(button.closest('form')).toHaveAttribute('action', '/order/41');
    expect(button.closest('form')).toHaveAttribute('method', 'post');
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.calls).toEqual(['PATCH back-to-draft 41']);
    // The cart shows (its draft came with the answer); the order that is gone is not asked for.
    await screen.findByRole('heading', { level: 1 });
    const after = seen.slice(seen.indexOf('PATCH /api/order/41/back-to-draft') + 1);
    expect(after).not.toContain('GET /api/order/41');
  });

  it('Back to cart from the history goes to the cart too', async () => {
    const api = useOrderApi(orderOf());
    const { router } = await renderPage('/account/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to cart order 100041' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.calls).toEqual(['PATCH back-to-draft 41']);
  });

  it('Pay now goes to the payment step of an order that still waits', async () => {
    useOrderApi(orderOf());
    const { router } = await renderPage('/order/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now order 100041' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/checkout/41?step=payment'));
  });

  it('Pay now of an order paid in another tab meanwhile says so in the page, drawn as it is now', async () => {
    const api = useOrderApi(orderOf());
    const { router } = await renderPage('/order/41');
    const pay = await screen.findByRole('button', { name: 'Pay now order 100041' });
    api.order = paidOrder({ cancellableUntil: null });
    fireEvent.click(pay);
    expect(await screen.findByText('This order is not waiting for payment.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/order/41');
    // Drawn as it is now: nothing to pay any more, and the notice has the focus (the button is gone).
    await waitFor(() => expect(screen.queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toContainElement(screen.getByText('This order is not waiting for payment.')));
    expect(api.calls).toEqual([]);
  });

  it('Back to cart of an order paid meanwhile says so and stays on its page', async () => {
    const api = useOrderApi(orderOf());
    const { router } = await renderPage('/order/41');
    const back = await screen.findByRole('button', { name: 'Back to cart order 100041' });
    api.order = paidOrder({ cancellableUntil: null });
    // The API refuses an order that does not wait (the SDK then reads the draft as it is).
    server.use(
      http.patch(`${API}/api/order/:id/back-to-draft`, () =>
        Response.json({ message: 'This order is not waiting for payment.', code: 'order_not_waiting_for_payment' }, { status: 422 }),
      ),
    );
    fireEvent.click(back);
    expect(await screen.findByText('This order is not waiting for payment.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/41');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Back to cart/ })).not.toBeInTheDocument());
  });

  it('the cancel confirmation step (?cancel=1) says what happens; "Yes" cancels and draws the refund', async () => {
    const api = useOrderApi(paidOrder(cancellable()));
    const { router } = await renderPage('/order/41?cancel=1');
    expect(await screen.findByText('Cancel order 100041?')).toBeInTheDocument();
    expect(screen.getByText('$30.00 goes back to the card ending in 1001 that paid for it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep the order' })).toHaveAttribute('href', '/order/41');
    const yes = screen.getByRole('button', { name: 'Yes, cancel the order' });
    expect(yes.closest('form')).toHaveAttribute('action', '/order/41');
    fireEvent.click(yes);
    expect(await screen.findByText('Refunded $30.00 to the card ending in 1001.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/order/41');
    expect(api.calls).toEqual(['POST cancel 41']);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('the confirmation step of an order cancelled meanwhile (a second press, another tab) draws it cancelled', async () => {
    const api = useOrderApi(paidOrder(cancellable()));
    await renderPage('/order/41?cancel=1');
    const yes = await screen.findByRole('button', { name: 'Yes, cancel the order' });
    const cancelledAt = new Date().toISOString();
    api.order = paidOrder({
      status: ORDER_STATUS.cancelled,
      cancellableUntil: null,
      cancelledAt,
      refund: { amount: '30.00', code: 'trnsx', last4: '1001', at: cancelledAt },
    });
    api.refuseCancel = true;
    fireEvent.click(yes);
    expect(await screen.findByText('Refunded $30.00 to the card ending in 1001.')).toBeInTheDocument();
    expect(screen.queryByText('This order can no longer be cancelled.')).not.toBeInTheDocument();
  });

  it('a refusal of the confirmation step (it is packaging now) is said in the page', async () => {
    const api = useOrderApi(paidOrder(cancellable()));
    await renderPage('/order/41?cancel=1');
    const yes = await screen.findByRole('button', { name: 'Yes, cancel the order' });
    api.refuseCancel = true;
    fireEvent.click(yes);
    expect(await screen.findByText('This order can no longer be cancelled.')).toBeInTheDocument();
    expect(api.order.status).not.toBe(ORDER_STATUS.cancelled);
  });

  it('… in Spanish: the confirmation step and the refusal', async () => {
    setLocaleCookie('es');
    const api = useOrderApi(paidOrder(cancellable()));
    await renderPage('/es/order/41?cancel=1');
    expect(await screen.findByText('¿Cancelar el pedido 100041?')).toBeInTheDocument();
    const yes = screen.getByRole('button', { name: 'Sí, cancelar el pedido' });
    expect(yes.closest('form')).toHaveAttribute('action', '/es/order/41');
    api.refuseCancel = true;
    fireEvent.click(yes);
    expect(await screen.findByText('Este pedido ya no se puede cancelar.')).toBeInTheDocument();
  });

  it('the cancel button is the way to the confirmation step until the scripts run, then opens the dialog', async () => {
    useOrderApi(paidOrder(cancellable()));
    await renderPage('/order/41');
    // Hydrated here: the dialog asks.
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order 100041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 100041?' });
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveFocus();
  });
});

describe('the order history, issue 33 item 19', () => {
  beforeEach(() => setLocaleCookie('en'));

  /** `count` paid orders (100051, 100052…), two a page. */
  function useOrderPages(count: number) {
    const rows = Array.from({ length: count }, (_, index) => ({
      ...paidOrder({ id: 51 + index, number: String(100051 + index) }),
    }));
    server.use(
      http.get(`${API}/api/order`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        const items = rows.slice((page - 1) * 2, page * 2).map((order) => ({
          id: order.id,
          number: order.number,
          placedAt: order.placedAt,
          total: order.total,
          status: order.status,
          itemCount: order.itemCount,
          deliveredAt: order.deliveredAt,
          payableUntil: order.payableUntil,
          cancellableUntil: order.cancellableUntil,
          cancelledAt: order.cancelledAt,
        }));
        return HttpResponse.json({ items, total: rows.length, page, pageSize: 2 });
      }),
    );
  }

  it('Load more says how many orders came and puts the focus on the first new one (never on the page body)', async () => {
    useOrderApi(orderOf());
    useOrderPages(3);
    const view = await renderPage('/account/orders');
    const list = await screen.findByRole('list', { name: 'Orders' });
    await within(list).findByText('Order 100052');
    // One item is "1 item", not "1 items" (issue 33).
    expect(within(list).getAllByText(/^Placed on .+ · 1 item$/)).toHaveLength(2);
    // In the page before anything is said in it.
    const status = screen.getAllByRole('status').find((element) => element.textContent === '')!;
    expect(status).toBeDefined();
    // It says what it brings and how many are still to see (issue 33).
    const more = screen.getByRole('button', { name: 'Show 1 more order (1 left)' });
    more.focus();
    fireEvent.click(more);
    await within(list).findByText('Order 100053');
    // The button went with the last page: the first new order's link has the focus.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('View order 100053'));
    expect(status).toHaveTextContent('1 more order shown');
    expect(status).toBeInTheDocument();
    view.unmount();
  });

  it('Load more is a GET of the page with one more page stacked (?page=), landing on its first order: it works without the scripts', async () => {
    useOrderApi(orderOf());
    useOrderPages(5);
    const view = await renderPage('/account/orders?page=2');
    const list = await screen.findByRole('list', { name: 'Orders' });
    // The address's two pages, drawn at once.
    await within(list).findByText('Order 100054');
    const more = screen.getByRole('button', { name: 'Show 1 more order (1 left)' });
    const form = more.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/account/orders#orders-page-3');
    expect(Object.fromEntries(new FormData(form))).toEqual({ page: '3' });
    // The anchor is the first order of its page.
    expect(within(list).getByText('Order 100053').closest('li')).toHaveAttribute('id', 'orders-page-2');
    view.unmount();
  });

  it('an address asking for more pages than there are shows those there are', async () => {
    useOrderApi(orderOf());
    useOrderPages(3);
    const view = await renderPage('/account/orders?page=9');
    const list = await screen.findByRole('list', { name: 'Orders' });
    await within(list).findByText('Order 100053');
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).not.toBeInTheDocument();
    view.unmount();
  });

  it('in Spanish, Load more says how many the next page brings and how many are left', async () => {
    setLocaleCookie('es');
    useOrderApi(orderOf());
    useOrderPages(5);
    const view = await renderPage('/es/account/orders');
    const list = await screen.findByRole('list', { name: 'Pedidos' });
    await within(list).findByText('Pedido 100052');
    expect(within(list).getAllByText(/^Realizado el .+ · 1 artículo$/)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar 2 pedidos más (quedan 3)' }));
    await within(list).findByText('Pedido 100054');
    expect(screen.getByRole('button', { name: 'Mostrar 1 pedido más (queda 1)' })).toBeInTheDocument();
    view.unmount();
  });
});

describe('Buy again', () => {
  beforeEach(() => setLocaleCookie('en'));

  it("is a post of the order to the cart's action: with the scripts a notification says it, or names what was refused", async () => {
    const api = useOrderApi(paidOrder());
    const view = await renderPage('/account/orders');
    const button = await screen.findByRole('button', { name: 'Buy again order 100041' });
    // Without the scripts the browser posts this form (the server adds and answers).
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/cart');
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ intent: 'buy-again', orderId: '41', redirectTo: '/account/orders' });

    fireEvent.click(button);
    expect(await screen.findByText('Items of order 100041 are in your cart')).toBeInTheDocument();
    expect(api.calls).toContain('PATCH sku-amount 5=1');

    api.failNextAmount = { status: 422, code: 'cannot_add_more' };
    fireEvent.click(await screen.findByRole('button', { name: 'Buy again order 100041' }));
    expect(await screen.findByText('These items could not be added to your cart')).toBeInTheDocument();
    expect(screen.getByText('Vitamin C')).toBeInTheDocument();
    view.unmount();
  });

  it('the page a Buy again without the scripts came back to (?reordered=) says it, for its own order only', async () => {
    useOrderApi(paidOrder());
    const first = await renderPage('/order/41?reordered=41');
    expect(await screen.findByText('Items of order 100041 are in your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    first.unmount();
    await renderPage('/order/41?reordered=40');
    await screen.findByRole('heading', { name: /Order 100041/ });
    expect(screen.queryByText('Items of order 100041 are in your cart')).not.toBeInTheDocument();
  });
});

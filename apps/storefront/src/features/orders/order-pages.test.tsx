import { fireEvent, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { formatDate, type OrderDetail } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { untilText } from '../../lib/hold-time';
import { customerOf, orderOf } from '../../test/fixtures';
import { useFakeOrdersApi, type FakeOrders } from '../../test/fake-orders-api';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';

const paidOrder = (patch: Partial<OrderDetail> = {}) =>
  orderOf({
    status: 1,
    payableUntil: null,
    payment: { code: 'trnsx', last4: '1001', paidAt: '2026-05-04T10:14:00.000Z' },
    paidBy: 'Rosa Diaz',
    ...patch,
  });

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
    expect(screen.getByRole('link', { name: 'Pay now order 100041' })).toHaveAttribute(
      'href',
      '/checkout/41?step=payment',
    );
    // Nothing to buy again while it waits: it is paid or brought back.
    expect(screen.queryByRole('button', { name: /Buy again/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to cart order 100041' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.calls).toEqual(['PATCH back-to-draft 41']);
  });

  it('Cancel order asks first, with no time limit, says what happens, then cancels and refreshes the allowance', async () => {
    const api = useOrderApi(orderOf());
    await renderPage('/order/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order 100041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 100041?' });
    expect(dialog).toHaveAccessibleDescription(
      'You have not paid for this order. If you cancel it, nothing is charged and its items are not kept for you: they leave your cart too. To change the order instead, use Back to cart.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    // A confirmation that waits (not a two-tap that times out after 4 s).
    await delay(4500);
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
  }, 20_000);

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
    expect(screen.queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument();

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
    expect(within(row).getByRole('link', { name: 'Pay now order 100041' })).toHaveAttribute(
      'href',
      '/checkout/41?step=payment',
    );
    expect(
      within(row).getByRole('button', { name: 'Back to cart order 100041' }),
    ).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel order 100041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 100041?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    const date = formatDate(api.order.cancelledAt ?? new Date().toISOString(), 'en', {
      dateStyle: 'medium',
    });
    expect(await within(list).findByText(`Cancelled on ${date}`)).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument();
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

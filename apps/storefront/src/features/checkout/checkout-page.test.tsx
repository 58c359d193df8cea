import { fireEvent, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Customer, OrderDraft } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { API, server, settingsFixture } from '../../test/server';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';

const address = { id: 3, address: '1 Main St', address2: null, city: 'Austin', state: 'TX', zip: '73301', facilityAddress: false };
const product = { id: 5, name: 'Vitamin C', price: '30.00', inStock: 9, status: null, brand: 'B', manufacturer: 'M', categoryId: 1, categoryName: 'C', mainImage: '/api/images/products/5.svg' };

function draftOf(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    id: 41,
    rows: [{ sku: product, amount: 1, price: '30.00', badReasonCode: null }],
    price: '30.00',
    itemsUnDiscountedSubtotal: '30.00',
    promoCode: null,
    status: 0,
    totals: { subtotal: '30.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '30.00' },
    deliveryAddress: address,
    ...overrides,
  };
}

const customer: Customer = {
  id: 7, name: 'Ana Diaz', gender: 'F', birthdate: '1950-02-03', birthdateStr: '02/03/1950', firstName: 'Ana',
  middleName: null, lastName: 'Diaz', organization: null, emails: [], phones: [], addresses: [address],
  balance: '10.00', insuranceCards: [], activeInsuranceCard: null, insuranceCompany: null, insuranceId: null,
  insurancePlan: { code: 'cl1', name: 'Classic One' }, interfaceLanguage: 'en', preferredCommunicationLanguage: null,
  preferredCommunicationMethod: null, isMarketingEnabled: false, sendNotificationByEmail: false,
  sendNotificationByPhone: false, hasPassword: false, passwordUpdatedAt: null,
};

interface Shop {
  calls: string[];
  payBodies: unknown[];
  payAnswer: { status: number; body: Record<string, unknown> };
}

function useShop({ draft = draftOf(), methods = settingsFixture.paymentMethods, me = customer } = {}): Shop {
  const shop: Shop = {
    calls: [],
    payBodies: [],
    payAnswer: { status: 200, body: { orderId: 41, number: '100041', status: -5, paidBy: 'Ana Diaz', amount: '30.00' } },
  };
  server.use(
    http.get(`${API}/api/constants`, () => HttpResponse.json({ ...settingsFixture, paymentMethods: methods })),
    http.get(`${API}/api/auth/me`, () => HttpResponse.json(me)),
    http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(draft)),
    http.get(`${API}/api/customer/address`, () => HttpResponse.json([address])),
    http.patch(`${API}/api/order/:id/complete`, async () => {
      shop.calls.push('complete');
      await delay(50);
      return HttpResponse.json({ ...draft, status: -10, number: '100041' });
    }),
    http.post(`${API}/api/order/:id/pay`, async ({ request }) => {
      shop.calls.push('pay');
      shop.payBodies.push(await request.json());
      await delay(50);
      return HttpResponse.json(shop.payAnswer.body, { status: shop.payAnswer.status });
    }),
    http.patch(`${API}/api/order/:id/back-to-draft`, () => {
      shop.calls.push('back-to-draft');
      return HttpResponse.json(draft);
    }),
    http.get(`${API}/api/order/:id`, () => HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })),
  );
  return shop;
}

async function renderCheckout(path: string) {
  signIn();
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  return view;
}

describe('checkout', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('step 1 blocks while a row has a bad reason code', async () => {
    useShop({ draft: draftOf({ rows: [{ sku: product, amount: 1, price: '30.00', badReasonCode: 2 }] }) });
    await renderCheckout('/checkout/41?step=payment');
    expect(await screen.findByRole('heading', { level: 2, name: '1. Products' })).toBeInTheDocument();
    expect(screen.getByText('Please resolve issues in your order list before continue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'why are some items not eligible' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to delivery' })).toBeDisabled();
    expect(within(screen.getByRole('list', { name: 'Checkout steps' })).getAllByRole('listitem')[0]).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('step 2: an address is chosen for the order (alone: at once), states we do not deliver to are refused', async () => {
    const shop = useShop({ draft: draftOf({ deliveryAddress: null }) });
    const second = { ...address, id: 4, address: '9 Ocean Ave', city: 'Fresno', state: 'CA', zip: '93650' };
    const faraway = { ...address, id: 5, address: '5 Broadway', city: 'New York', state: 'NY', zip: '10001' };
    server.use(
      http.get(`${API}/api/customer/address`, () => HttpResponse.json([address, second, faraway])),
      http.put(`${API}/api/order/delivery`, async ({ request }) => {
        shop.calls.push(`delivery ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(draftOf({ deliveryAddress: second }));
      }),
    );
    await renderCheckout('/checkout/41?step=delivery');
    const group = await screen.findByRole('group', { name: 'Deliver to' });
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    const ny = within(group).getByRole('radio', { name: '5 Broadway, New York, NY 10001' });
    expect(ny).toBeDisabled();
    expect(ny).toHaveAccessibleDescription('We do not deliver to this state.');
    // Two addresses we deliver to: nothing is chosen for the customer.
    expect(shop.calls.filter((call) => call.startsWith('delivery'))).toEqual([]);
    fireEvent.click(within(group).getByRole('radio', { name: '9 Ocean Ave, Fresno, CA 93650' }));
    await waitFor(() => expect(shop.calls).toContain('delivery {"addressId":4}'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled());
    expect(within(group).getByRole('radio', { name: '9 Ocean Ave, Fresno, CA 93650' })).toBeChecked();
  });

  it('step 2: "Add a new address" moves the focus into the new form, and Cancel back to the button', async () => {
    useShop({ draft: draftOf() });
    await renderCheckout('/checkout/41?step=delivery');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = (await screen.findByRole('heading', { name: 'New address' })).parentElement as HTMLElement;
    await waitFor(() => expect(form.querySelector('input, select, textarea')).toHaveFocus());
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus());
  });

  it('step 2: the only address we deliver to is chosen at once', async () => {
    const shop = useShop({ draft: draftOf({ deliveryAddress: null }) });
    server.use(
      http.put(`${API}/api/order/delivery`, async ({ request }) => {
        shop.calls.push(`delivery ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(draftOf());
      }),
    );
    await renderCheckout('/checkout/41?step=delivery');
    await waitFor(() => expect(shop.calls).toEqual(['delivery {"addressId":3}']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled());
  });

  it('step 1 blocks under the minimum order', async () => {
    useShop({ draft: draftOf({ totals: { subtotal: '20.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '20.00' } }) });
    await renderCheckout('/checkout/41');
    expect(await screen.findByText('$25.00 Minimum Order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to delivery' })).toBeDisabled();
  });

  it('payment methods: the plan’s recommended first, prohealth needs an active card, card numbers are checked', async () => {
    useShop();
    await renderCheckout('/checkout/41?step=payment');
    const group = await screen.findByRole('group', { name: 'Payment method' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['trnsx', 'nationsbenefits', 'prohealth']);
    expect(within(group).getByRole('radio', { name: /Network benefit card Recommended for your plan/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /National benefit card Recommended for your plan/ })).toBeEnabled();
    const prohealth = within(group).getByRole('radio', { name: /Health plan insurance card/ });
    expect(prohealth).toBeDisabled();
    expect(prohealth).toHaveAccessibleDescription(/No active card found\./);

    fireEvent.change(screen.getByRole('textbox', { name: /Card number/ }), { target: { value: '6035 0000 0000 01' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Security code/ }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /Place order and pay \$30\.00/ }));
    expect(await screen.findByText('Your card number should be of 16 or 19 digits')).toBeInTheDocument();
  });

  it('balance is blocked when short: "You don\'t have enough funds to pay for this order"', async () => {
    useShop({ methods: ['trnsx', 'balance'] });
    await renderCheckout('/checkout/41?step=payment');
    const group = await screen.findByRole('group', { name: 'Payment method' });
    const balance = within(group).getByRole('radio', { name: /Store balance/ });
    expect(balance).toBeDisabled();
    expect(balance).toHaveAccessibleDescription(/You don't have enough funds to pay for this order/);
  });

  it('no payment method: "Payment methods are not available. Please try again later."', async () => {
    useShop({ methods: [] });
    await renderCheckout('/checkout/41?step=payment');
    expect(
      await screen.findByText('Payment methods are not available. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('a double click places one order: complete, then pay with the card and its code', async () => {
    const shop = useShop();
    const { router } = await renderCheckout('/checkout/41?step=payment');
    await screen.findByRole('group', { name: 'Payment method' });
    fireEvent.change(screen.getByRole('textbox', { name: /Card number/ }), { target: { value: '6035 0000 0000 0001' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Security code/ }), { target: { value: '123' } });
    const place = screen.getByRole('button', { name: /Place order and pay/ });
    fireEvent.click(place);
    fireEvent.click(place);
    await waitFor(() => expect(router.state.location.pathname).toBe('/success/41'));
    expect(shop.calls).toEqual(['complete', 'pay']);
    expect(shop.payBodies).toEqual([{ code: 'trnsx', input: { card: '6035000000000001', code: '123' } }]);
  });

  it('a card on the customer\'s account pays without its security code; another card needs it', async () => {
    const card = { id: 9, type: 'network' as const, last4: '1001', addedAt: '2026-01-02T00:00:00Z', active: true, usedForPayments: true, balance: '150.00', periodEndsAt: '2026-12-31' };
    const shop = useShop({ me: { ...customer, insuranceCards: [card], activeInsuranceCard: card } });
    await renderCheckout('/checkout/41?step=payment');
    await screen.findByRole('group', { name: 'Payment method' });
    const number = screen.getByRole('textbox', { name: /Card number/ });
    expect(number).toHaveAccessibleDescription(/Your card on file ends in 1001\./);
    fireEvent.change(number, { target: { value: '6035 0000 0000 2222' } });
    fireEvent.click(screen.getByRole('button', { name: /Place order and pay/ }));
    expect(await screen.findByText('Enter the 3 digit security code printed on the card.')).toBeInTheDocument();
    expect(shop.calls).toEqual([]);
    fireEvent.change(number, { target: { value: '6035 0000 0000 1001' } });
    expect(screen.getByRole('textbox', { name: /Security code/ })).toHaveAccessibleDescription(/Not needed for a card on your account/);
    fireEvent.click(screen.getByRole('button', { name: /Place order and pay/ }));
    await waitFor(() => expect(shop.calls).toEqual(['complete', 'pay']));
    expect(shop.payBodies).toEqual([{ code: 'trnsx', input: { card: '6035000000001001' } }]);
  });

  it('a declined payment shows "Error placing order" with its lines; leaving the step returns the order to draft', async () => {
    const shop = useShop();
    shop.payAnswer = {
      status: 422,
      body: {
        message: 'Card number or code is not correct',
        code: 'card_number_or_code_is_not_correct',
        data: { card: ['Card number or code is not correct'] },
        fields: { card: [{ code: 'card_number_or_code_is_not_correct' }] },
      },
    };
    await renderCheckout('/checkout/41?step=payment');
    await screen.findByRole('group', { name: 'Payment method' });
    fireEvent.change(screen.getByRole('textbox', { name: /Card number/ }), { target: { value: '6035000000000002' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Security code/ }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /Place order and pay/ }));
    expect((await screen.findAllByText('Error placing order')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Card number: Card number or code is not correct').length).toBeGreaterThan(0);
    expect(shop.calls).toEqual(['complete', 'pay']);
    // The card number is marked and has the focus: the shopper fixes it where it is.
    const number = screen.getByRole('textbox', { name: /Card number/ });
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(/Card number or code is not correct/);

    fireEvent.click(screen.getByRole('button', { name: 'Back to delivery' }));
    await waitFor(() => expect(shop.calls).toEqual(['complete', 'pay', 'back-to-draft']));
    expect(await screen.findByRole('heading', { level: 2, name: '2. Delivery information' })).toBeInTheDocument();
  });
});

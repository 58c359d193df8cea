import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { errorText } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { API, server } from '../../test/server';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { cardFixture, useAccountHandlers } from './account-fixtures';


async function renderPage(path: string) {
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

beforeEach(() => signIn());

async function openAddCard(
  user: ReturnType<typeof userEvent.setup>,
  button: string,
  dialogName: string,
) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialogName });
}

describe('payment methods', () => {
  it('shows each card with its balance and the end of the allowance period; makes one active', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const handlers = useAccountHandlers({
      cards: [
        cardFixture(),
        cardFixture({
          id: 12,
          type: 's3',
          last4: '0017',
          active: false,
          balance: '300.00',
          periodEndsAt: '2025-03-31',
        }),
      ],
    });
    await renderPage('/account/payment-methods');
    expect(await screen.findByText('Network benefit card ending in 0001')).toBeInTheDocument();
    expect(screen.getByText('$250.00')).toBeInTheDocument();
    expect(screen.getByText('Available until December 31, 2024')).toBeInTheDocument();
    expect(screen.getByText('$300.00')).toBeInTheDocument();
    expect(screen.getByText('Available until March 31, 2025')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: /^Make active\s*S3 benefit card ending in 0017$/ }),
    );
    expect(await screen.findByText('Changes are saved')).toBeInTheDocument();
    expect(handlers.calls).toEqual([
      { method: 'PATCH', path: '/api/insurance-card/12/make-active', body: undefined },
    ]);
  });

  it('picks the type from the number, and checks the number per card type: 16 or 19 digits, S3 16 or 17', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const handlers = useAccountHandlers({ cards: [] });
    await renderPage('/account/payment-methods');
    const dialog = await openAddCard(user, 'Add a card', 'Add a card');
    const number = within(dialog).getByLabelText(/^Card number/);
    await user.type(number, '6037 0000 0000 0001 7');
    // The number picks its type (the issuers' ranges of the settings, issue 33 item 2).
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'S3 benefit card' })).toBeChecked());
    // A type picked by hand afterwards stays picked, and the number is checked for it.
    await user.click(within(dialog).getByRole('radio', { name: 'Network benefit card' }));
    await user.type(within(dialog).getByLabelText(/^Security code/), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(
      await within(dialog).findByText('Your card number should be of 16 or 19 digits'),
    ).toBeInTheDocument();
    expect(handlers.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'S3 benefit card' }));
    await waitFor(() =>
      expect(
        within(dialog).queryByText('Your card number should be of 16 or 19 digits'),
      ).not.toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Card is added')).toBeInTheDocument();
    expect(handlers.calls).toEqual([
      {
        method: 'POST',
        path: '/api/insurance-card',
        body: { type: 's3', number: '6037 0000 0000 0001 7', code: '1234' },
      },
    ]);
  });

  it.each([
    ['card_number_or_code_is_not_correct', 422],
    ['card_already_in_system', 409],
  ])(
    'in Spanish, the issuer answer %s is shown in Spanish and the card stays typed',
    async (code, status) => {
      setLocaleCookie('es');
      const user = userEvent.setup();
      useAccountHandlers({ answer: () => HttpResponse.json({ message: 'x', code }, { status }) });
      await renderPage('/es/account/payment-methods');
      const dialog = await openAddCard(user, 'Agregar una tarjeta', 'Agregar una tarjeta');
      await user.click(
        within(dialog).getByRole('radio', { name: 'Tarjeta de beneficios nacional' }),
      );
      await user.type(within(dialog).getByLabelText(/^Número de tarjeta/), '6036000000000001');
      await user.type(within(dialog).getByLabelText(/^Código de seguridad/), '456');
      await user.click(within(dialog).getByRole('button', { name: 'Agregar tarjeta' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        errorText(code as 'card_already_in_system', 'es'),
      );
      expect(within(dialog).getByLabelText(/^Número de tarjeta/)).toHaveValue('6036000000000001');
    },
  );

  it('in Spanish, a 422 code on the number goes under the number', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    useAccountHandlers({
      answer: () =>
        HttpResponse.json(
          {
            message: 'x',
            code: 'validation_failed',
            data: { number: ['x'] },
            fields: { number: [{ code: 'card_length_16_or_19' }] },
          },
          { status: 422 },
        ),
    });
    await renderPage('/es/account/payment-methods');
    const dialog = await openAddCard(user, 'Agregar una tarjeta', 'Agregar una tarjeta');
    await user.type(within(dialog).getByLabelText(/^Número de tarjeta/), '6035000000000001');
    await user.type(within(dialog).getByLabelText(/^Código de seguridad/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar tarjeta' }));
    const number = within(dialog).getByLabelText(/^Número de tarjeta/);
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(
      expect.stringContaining(errorText('card_length_16_or_19', 'es')),
    );
  });

  it('chooses the health plan', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers();
    let chosen: unknown;
    server.use(
      http.put(`${API}/api/customer/health-plan`, async ({ request }) => {
        chosen = await request.json();
        return HttpResponse.json({});
      }),
    );
    await renderPage('/account/payment-methods');
    const plan = await screen.findByRole('combobox', { name: 'Health plan' });
    await waitFor(() => expect(plan).toHaveValue('cl1'));
    expect(screen.getByRole('link', { name: 'See the items your plan covers' })).toHaveAttribute(
      'href',
      '/catalog?plan=cl1',
    );
    await user.selectOptions(plan, 'uhc');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(chosen).toEqual({ code: 'uhc' }));
  });
  it('the page a change without the scripts led to (?done=) says it, in Spanish; a made-up one says nothing', async () => {
    setLocaleCookie('es');
    useAccountHandlers();
    const added = await renderPage('/es/account/payment-methods?done=add-card');
    expect(await screen.findByText('La tarjeta fue agregada')).toBeInTheDocument();
    added.unmount();
    const active = await renderPage('/es/account/payment-methods?done=make-card-active');
    expect(await screen.findByText('Se cambió la tarjeta activa.')).toBeInTheDocument();
    active.unmount();
    const plan = await renderPage('/es/account/payment-methods?done=health-plan');
    expect(await screen.findByText('Los cambios se guardaron')).toBeInTheDocument();
    plan.unmount();
    await renderPage('/es/account/payment-methods?done=add-address');
    await screen.findByRole('combobox', { name: 'Plan de salud' });
    expect(screen.queryByText('La tarjeta fue agregada')).not.toBeInTheDocument();
    expect(screen.queryByText('Los cambios se guardaron')).not.toBeInTheDocument();
  });
});

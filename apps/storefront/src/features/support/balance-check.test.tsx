import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../test/server';
import { waitFor } from '@testing-library/react';
import { errorText } from '@otc/sdk';
import { liveMessages, renderApp, screen, setLocaleCookie } from '../../test/render-app';

// Typing with user-event into whole-app renders is slow on a loaded machine.

let sent: unknown[] = [];

function answerBalance(respond: () => Response) {
  server.use(
    http.post(`${API}/api/balance-check`, async ({ request }) => {
      sent.push(await request.json());
      return respond();
    }),
  );
}

beforeEach(() => {
  sent = [];
  setLocaleCookie('en');
});

describe('balance check', () => {
  it('issue 33, item 18: Enter in the security code with it empty says why there, once', async () => {
    const user = userEvent.setup();
    await renderApp('/balance-check');
    await user.type(await screen.findByLabelText(/^Card number/), '6035 0000 0000 0101');
    const code = screen.getByLabelText(/^Security code/);
    const [region] = liveMessages(code.closest('form')!);
    expect(region).toBeEmptyDOMElement();
    await user.click(code);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('required', 'en')));
    expect(code).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('issue 33: the type comes from the number; National picked for a good network card becomes Network', async () => {
    const user = userEvent.setup();
    answerBalance(() =>
      HttpResponse.json({ type: 'network', last4: '0101', balance: '100.00', periodEndsAt: '2024-12-31' }),
    );
    await renderApp('/balance-check');
    await user.click(await screen.findByRole('radio', { name: 'National benefit card' }));
    await user.type(screen.getByLabelText(/^Card number/), '6035 0000 0000 0101');
    // The issuer ranges are the shop's settings: the type follows the number once they are read.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Network benefit card' })).toBeChecked());
    await user.type(screen.getByLabelText(/^Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByText('$100.00')).toBeInTheDocument();
    expect(sent).toEqual([{ type: 'network', number: '6035 0000 0000 0101', code: '123' }]);
    expect(screen.queryByText('Card number or code is not correct')).not.toBeInTheDocument();
  });

  it.each([
    ['en', '/balance-check', 'National benefit card', 'Network benefit card', /^Card number/, /^Security code/, 'Check balance'],
    ['es', '/es/balance-check', 'Tarjeta de beneficios nacional', 'Tarjeta de beneficios de red', /^Número de tarjeta/, /^Código de seguridad/, 'Consultar saldo'],
  ] as const)(
    'issue 33 (%s): a type picked against the number is named under the number, which stays as typed',
    async (locale, path, national, network, numberLabel, codeLabel, check) => {
      const user = userEvent.setup();
      setLocaleCookie(locale);
      await renderApp(path);
      const number = await screen.findByLabelText(numberLabel);
      await user.type(number, '6035 0000 0000 0101');
      // The number chose its type (the settings' issuer ranges were read) before another is picked.
      await waitFor(() => expect(screen.getByRole('radio', { name: network })).toBeChecked());
      await user.type(screen.getByLabelText(codeLabel), '123');
      await user.click(screen.getByRole('radio', { name: national }));
      await user.click(screen.getByRole('button', { name: check }));
      expect(await screen.findByText(errorText('card_number_is_network', locale))).toBeInTheDocument();
      expect(number).toHaveAttribute('aria-invalid', 'true');
      expect(number).toHaveValue('6035 0000 0000 0101');
      expect(sent).toHaveLength(0);
    },
  );

  it('checks the card number length per card type', async () => {
    const user = userEvent.setup();
    await renderApp('/balance-check');
    const number = await screen.findByLabelText(/^Card number/);
    await user.type(number, '1234 5678 9012 345');
    await user.type(screen.getByLabelText(/^Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(screen.getByText('Your card number should be of 16 or 19 digits')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'S3 benefit card' }));
    expect(
      await screen.findByText('Your card number should be of 16 or 17 digits'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(number).toHaveValue('1234 5678 9012 345');
  });

  it('an empty security code is Required; its hint and length follow the card type', async () => {
    const user = userEvent.setup();
    await renderApp('/balance-check');
    await user.click(await screen.findByRole('radio', { name: 'Network benefit card' }));
    const code = screen.getByLabelText(/^Security code/);
    expect(code).toHaveAccessibleDescription('3 digits on the back of the card');
    await user.type(screen.getByLabelText(/^Card number/), '6035 0000 0000 0101');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.queryByText('This field has wrong format')).not.toBeInTheDocument();
    await user.type(code, '1234');
    expect(await screen.findByText('Enter the 3 digit security code printed on the card.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'S3 benefit card' }));
    expect(code).toHaveAccessibleDescription(/^3 or 4 digits on the back of the card/);
    expect(sent).toHaveLength(0);
  });

  it('shows the balance and the end of the allowance period', async () => {
    const user = userEvent.setup();
    answerBalance(() =>
      HttpResponse.json({
        type: 'national',
        last4: '4321',
        balance: '42.50',
        periodEndsAt: '2024-12-31',
      }),
    );
    await renderApp('/balance-check');
    await user.click(await screen.findByRole('radio', { name: 'National benefit card' }));
    await user.type(screen.getByLabelText(/^Card number/), '6000 1111 2222 4321');
    await user.type(screen.getByLabelText(/^Security code/), '987');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByText('$42.50')).toBeInTheDocument();
    expect(screen.getByText('National benefit card ending in 4321')).toBeInTheDocument();
    expect(screen.getByText('Available until December 31, 2024')).toBeInTheDocument();
    expect(sent).toEqual([{ type: 'national', number: '6000 1111 2222 4321', code: '987' }]);
  });

  it.each([
    ['card_number_or_code_is_not_correct', 400, 'Card number or code is not correct'],
    ['limitReached', 429, 'Your daily request limit is reached'],
    [
      'low_rate',
      403,
      'Your request was rejected as automated activity. Please try again or use another contact method.',
    ],
  ])('translates the error %s', async (code, status, text) => {
    const user = userEvent.setup();
    answerBalance(() => HttpResponse.json({ message: 'x', code }, { status }));
    await renderApp('/balance-check');
    await user.type(await screen.findByLabelText(/^Card number/), '6000111122223333');
    await user.type(screen.getByLabelText(/^Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('6000111122223333');
  });

  it('in Spanish, the wrong card message is Spanish', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    answerBalance(() =>
      HttpResponse.json(
        { message: 'x', code: 'card_number_or_code_is_not_correct' },
        { status: 400 },
      ),
    );
    await renderApp('/es/balance-check');
    await user.type(await screen.findByLabelText(/^Número de tarjeta/), '6000111122223333');
    await user.type(screen.getByLabelText(/^Código de seguridad/), '123');
    await user.click(screen.getByRole('button', { name: 'Consultar saldo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El número de tarjeta o el código no son correctos',
    );
  });

  it('in Spanish, a 422 card-number code shows under the field in Spanish (codes, not texts)', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    answerBalance(() =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          code: 'validation_failed',
          data: { number: ['Your card number should be of 16 or 19 digits'] },
          fields: { number: [{ code: 'card_length_16_or_19' }] },
        },
        { status: 422 },
      ),
    );
    await renderApp('/es/balance-check');
    await user.type(await screen.findByLabelText(/^Número de tarjeta/), '6000111122223333');
    await user.type(screen.getByLabelText(/^Código de seguridad/), '123');
    await user.click(screen.getByRole('button', { name: 'Consultar saldo' }));
    expect(
      await screen.findByText('Su número de tarjeta debe tener 16 o 19 dígitos'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Número de tarjeta/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.queryByText('Your card number should be of 16 or 19 digits'),
    ).not.toBeInTheDocument();
  });
});

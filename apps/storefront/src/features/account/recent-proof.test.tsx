import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { errorText } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { API, server } from '../../test/server';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import {
  customerFixture,
  proofRequired,
  sessionOf,
  useAccountHandlers,
  useProofHandlers,
  useSessionHandlers,
  unprocessable,
  type Recorded,
} from './account-fixtures';


async function renderAccount(path: string) {
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

beforeEach(() => signIn());

/** The customer with a third e-mail, as the API answers once it is added. */
const withNewEmail = () =>
  customerFixture({
    emails: [
      ...customerFixture().emails,
      {
        id: 9,
        address: 'rosa.new@example.com',
        reg: false,
        verified: false,
        receiveMarketingMailing: false,
      },
    ],
  });

/** POST /api/email answers 403 `recent_proof_required` until `proof.proven`; records each try. */
function serveAddEmail(proof: { proven: boolean }) {
  const adds: Recorded[] = [];
  server.use(
    http.post(`${API}/api/email`, async ({ request }) => {
      adds.push({ method: 'POST', path: '/api/email', body: await request.json() });
      return proof.proven ? HttpResponse.json(withNewEmail()) : proofRequired();
    }),
  );
  return adds;
}

async function startAddingEmail(user: ReturnType<typeof userEvent.setup>, path = '/account') {
  await renderAccount(path);
  const emails = await screen.findByRole('region', { name: /E-mails|Correos electrónicos/ });
  await user.click(within(emails).getByRole('button', { name: /Add e-mail|Agregar correo/ }));
  return screen.findByRole('dialog', { name: /Add an e-mail|Agregar un correo/ });
}

describe('recent proof, asked in place', () => {
  it('a 403 recent_proof_required on adding an e-mail asks for the password, then adds the typed e-mail', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers();
    const proof = useProofHandlers({ password: 'Secret123' });
    const adds = serveAddEmail(proof);
    const add = await startAddingEmail(user);
    await user.type(within(add).getByLabelText('E-mail'), 'rosa.new@example.com');
    const send = within(add).getByRole('button', { name: 'Send the code' });
    await user.click(send);

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = await within(confirm).findByLabelText('Enter your password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(
      within(confirm).getByRole('button', { name: 'Send a code to r•••@example.com' }),
    ).toBeInTheDocument();
    await user.type(password, 'Secret123');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    // Proven: the same e-mail is sent again, and the add goes on to the verify step.
    expect(await screen.findByRole('dialog', { name: 'Verify your e-mail' })).toHaveTextContent(
      'rosa.new@example.com',
    );
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    expect(proof.calls).toEqual([
      { method: 'POST', path: '/api/auth/proof', body: { password: 'Secret123' } },
    ]);
    expect(adds.map((call) => call.body)).toEqual([
      { value: 'rosa.new@example.com' },
      { value: 'rosa.new@example.com' },
    ]);
  });

  it('a password-less account proves with a code, and the new password is set as typed', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers({ customer: customerFixture({ hasPassword: false }) });
    useSessionHandlers([sessionOf({ current: true })]);
    const proof = useProofHandlers({
      methods: ['code'],
      codeTo: 'r•••@example.com',
      code: '123456',
    });
    const changes: unknown[] = [];
    server.use(
      http.put(`${API}/api/customer/password`, async ({ request }) => {
        changes.push(await request.json());
        return proof.proven ? HttpResponse.json(customerFixture()) : proofRequired();
      }),
    );
    await renderAccount('/account/security');
    await user.type(await screen.findByLabelText(/^New password/), 'Newpass123');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // No password on this account: only the code is offered.
    expect(within(confirm).queryByLabelText('Enter your password')).not.toBeInTheDocument();
    await user.click(
      await within(confirm).findByRole('button', { name: 'Send a code to r•••@example.com' }),
    );
    expect(
      await within(confirm).findByText(/We sent a 6-digit code by e-mail to/),
    ).toHaveTextContent('r•••@example.com');
    expect(
      within(confirm).getByText(/You can ask for a new code in \d+ seconds\./),
    ).toBeInTheDocument();
    const code = within(confirm).getByLabelText('Code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '111111');
    expect(await within(confirm).findByText(errorText('invalid_code', 'en'))).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');

    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(proof.calls.map((call) => call.path)).toEqual([
      '/api/auth/proof/code',
      '/api/auth/proof',
      '/api/auth/proof',
    ]);
    expect(changes).toEqual([
      { password: 'Newpass123', passwordConfirmation: 'Newpass123' },
      { password: 'Newpass123', passwordConfirmation: 'Newpass123' },
    ]);
  });

  it('in Spanish, a wrong password is said under the field, and a lock says how long to wait', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    useAccountHandlers({ customer: customerFixture({ interfaceLanguage: 'es' }) });
    let tries = 0;
    const proof = useProofHandlers({
      password: 'Secret123',
      wrong: () => {
        tries += 1;
        return tries === 1
          ? unprocessable({ password: { code: 'current_password_incorrect' } })
          : HttpResponse.json(
              { message: 'x', code: 'too_many_requests', retryAfter: 120 },
              { status: 429, headers: { 'Retry-After': '120' } },
            );
      },
    });
    const adds = serveAddEmail(proof);
    const add = await startAddingEmail(user, '/es/account');
    await user.type(within(add).getByLabelText('Correo electrónico'), 'rosa.new@example.com');
    await user.click(within(add).getByRole('button', { name: 'Enviar el código' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    const password = await within(confirm).findByLabelText('Ingrese su contraseña');
    await user.type(password, 'Wrong1234');
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(
      await within(confirm).findByText(errorText('current_password_incorrect', 'es')),
    ).toBeInTheDocument();
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveValue('Wrong1234');

    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(await within(confirm).findByText(/espere 2 minutos/)).toBeInTheDocument();
    // Nothing was changed, and the e-mail typed is still there behind the dialog.
    expect(adds).toHaveLength(1);
    expect(within(add).getByLabelText('Correo electrónico')).toHaveValue('rosa.new@example.com');
  });

  it('Escape closes the dialog: the focus goes back to the button, nothing is retried', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers();
    const proof = useProofHandlers();
    const adds = serveAddEmail(proof);
    const add = await startAddingEmail(user);
    await user.type(within(add).getByLabelText('E-mail'), 'rosa.new@example.com');
    const send = within(add).getByRole('button', { name: 'Send the code' });
    await user.click(send);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await within(confirm).findByLabelText('Enter your password');
    // Every button of the dialog is a 44 px target (min-h-11) or larger.
    for (const button of within(confirm).getAllByRole('button')) {
      expect(button.className).toMatch(/\b(min-h-11|min-h-13|size-11)\b/);
    }
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument(),
    );
    expect(send).toHaveFocus();
    expect(await within(add).findByRole('alert')).toHaveTextContent(
      errorText('recent_proof_required', 'en'),
    );
    expect(within(add).getByLabelText('E-mail')).toHaveValue('rosa.new@example.com');
    expect(adds).toHaveLength(1);
    expect(proof.calls).toHaveLength(0);
  });
});

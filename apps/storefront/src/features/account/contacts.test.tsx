import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { errorText } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { getSdk } from '../../lib/sdk';
import { API, server, settingsFixture } from '../../test/server';
import { liveMessages, renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { customerFixture, useAccountHandlers } from './account-fixtures';


async function renderAccount(path: string) {
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

/** A button named `label` plus the contact (a screen-reader-only part; jsdom drops the space). */
function named(label: string, contact: string): RegExp {
  return new RegExp(`^${label}\\s*${contact.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

function section(name: RegExp | string) {
  return screen.findByRole('region', { name });
}

beforeEach(() => signIn());

/**
 * Each app's store follows the other tabs through the `otc-session` channel. The apps of earlier
 * tests are tabs no longer on screen: their channels are closed, so one test's sign-out is not
 * theirs too (they would each post a logout of their own).
 */
const openChannels: BroadcastChannel[] = [];
const RealBroadcastChannel = globalThis.BroadcastChannel;
vi.stubGlobal(
  'BroadcastChannel',
  class extends RealBroadcastChannel {
    constructor(name: string) {
      super(name);
      openChannels.push(this);
    }
  },
);
afterEach(() => openChannels.splice(0).forEach((channel) => channel.close()));

describe('e-mails and phones', () => {
  it('the primary e-mail offers no Remove (it could only answer an error): it says why instead', async () => {
    setLocaleCookie('en');
    const handlers = useAccountHandlers();
    await renderAccount('/account');
    const emails = await section('E-mails');
    expect(within(emails).queryByRole('button', { name: named('Remove', 'rosa@example.com') })).not.toBeInTheDocument();
    expect(
      within(emails).getByText(/^Your primary email cannot be removed\. To remove it, first make another one primary\.$/),
    ).toBeInTheDocument();
    expect(within(emails).queryByRole('alert')).not.toBeInTheDocument();
    expect(handlers.calls).toHaveLength(0);
  });

  it('in Spanish, the primary phone cannot be removed, and says so', async () => {
    setLocaleCookie('es');
    const handlers = useAccountHandlers();
    await renderAccount('/es/account');
    const phones = await section('Teléfonos');
    expect(within(phones).getAllByText('+1 (202) 555-0101')[0]).toBeVisible();
    expect(within(phones).queryByRole('button', { name: named('Eliminar', '+1 (202) 555-0101') })).not.toBeInTheDocument();
    expect(
      within(phones).getByText(
        `${errorText('primary_phone_cannot_be_removed', 'es')}. Para eliminarlo, primero haga principal otro.`,
      ),
    ).toBeInTheDocument();
    expect(handlers.calls).toHaveLength(0);
  });

  it('removes a non-primary e-mail after a second tap: "Email is removed"', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const handlers = useAccountHandlers();
    await renderAccount('/account');
    const emails = await section('E-mails');
    await user.click(
      within(emails).getByRole('button', { name: named('Remove', 'rosa.old@example.com') }),
    );
    expect(handlers.calls).toHaveLength(0);
    await user.click(within(emails).getByRole('button', { name: /Press again to remove/ }));
    expect(await screen.findByText('Email is removed')).toBeInTheDocument();
    expect(handlers.calls).toEqual([{ method: 'DELETE', path: '/api/email/2', body: undefined }]);
  });

  it('the API refusing a primary (409) shows the catalogue text in the page language', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    useAccountHandlers({
      answer: () =>
        HttpResponse.json(
          { message: 'x', code: 'primary_email_cannot_be_removed' },
          { status: 409 },
        ),
    });
    await renderAccount('/es/account');
    const emails = await section('Correos electrónicos');
    await user.click(
      within(emails).getByRole('button', { name: named('Eliminar', 'rosa.old@example.com') }),
    );
    await user.click(within(emails).getByRole('button', { name: /Presione de nuevo/ }));
    expect(await within(emails).findByRole('alert')).toHaveTextContent(
      errorText('primary_email_cannot_be_removed', 'es'),
    );
  });

  it('adds an e-mail, verifies it with the code, then offers to make it primary', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const handlers = useAccountHandlers();
    const added = customerFixture({
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
    const verified: string[] = [];
    server.use(
      http.post(`${API}/api/email`, async ({ request }) => {
        handlers.calls.push({ method: 'POST', path: '/api/email', body: await request.json() });
        handlers.setCustomer(added);
        return HttpResponse.json(added);
      }),
      http.post(`${API}/api/email/:id/verify`, async ({ request, params }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456')
          return HttpResponse.json({ message: 'x', code: 'invalid_code' }, { status: 422 });
        verified.push(String(params.id));
        return HttpResponse.json(added);
      }),
    );
    await renderAccount('/account');
    const emails = await section('E-mails');
    await user.click(within(emails).getByRole('button', { name: 'Add e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an e-mail' });
    // A phone number is not an e-mail.
    await user.type(within(dialog).getByLabelText('E-mail'), '2025550199');
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    expect(await within(dialog).findByText('This field has wrong format')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'rosa.new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    expect(verify).toHaveTextContent('rosa.new@example.com');
    await user.type(within(verify).getByLabelText('Code'), '111111');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(await within(verify).findByText(errorText('invalid_code', 'en'))).toBeInTheDocument();
    await user.clear(within(verify).getByLabelText('Code'));
    await user.type(within(verify).getByLabelText('Code'), '123456');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('dialog', { name: 'Make this your primary e-mail' }),
    ).toBeInTheDocument();
    expect(verified).toEqual(['9']);
  });

  it('issue 33, item 15: a first phone, verified, does not ask to be the sign-in one (nothing to replace)', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    const before = customerFixture({ phones: [] });
    const handlers = useAccountHandlers({ customer: before });
    const phone = { id: 8, number: '2025550188', reg: false, verified: false, receiveSms: true, allowMarketingCalls: false };
    const added = { ...before, phones: [phone] };
    const verified = { ...before, phones: [{ ...phone, verified: true }] };
    server.use(
      http.post(`${API}/api/phone`, () => {
        handlers.setCustomer(added);
        return HttpResponse.json(added);
      }),
      http.post(`${API}/api/phone/:id/verify`, () => {
        handlers.setCustomer(verified);
        return HttpResponse.json(verified);
      }),
    );
    await renderAccount('/es/account');
    const phones = await section('Teléfonos');
    await user.click(within(phones).getByRole('button', { name: 'Agregar teléfono' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar un teléfono' });
    await user.type(within(dialog).getByLabelText(/^Número de teléfono/), '(202) 555-0188');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar el código' }));
    const verify = await screen.findByRole('dialog', { name: 'Verifique su teléfono' });
    await user.type(within(verify).getByLabelText('Código'), '123456');
    await user.click(within(verify).getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El teléfono fue verificado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Hacer este su teléfono principal')).not.toBeInTheDocument();
    // It can still be made the sign-in one, from its row, when the member wants to.
    expect(
      await within(phones).findByRole('button', { name: named('Hacer principal', '+1 (202) 555-0188') }),
    ).toBeInTheDocument();
  });

  it('?remove=phone-<id> asks in the page whether to remove it (Remove without the scripts), in Spanish; never for the primary one', async () => {
    setLocaleCookie('es');
    const phone = { id: 8, number: '2025550188', reg: false, verified: true, receiveSms: true, allowMarketingCalls: false };
    const primary = { ...phone, id: 9, number: '2025550199', reg: true };
    useAccountHandlers({ customer: customerFixture({ phones: [primary, phone] }) });
    const asking = await renderAccount('/es/account?remove=phone-8');
    const step = await screen.findByRole('group', { name: '¿Eliminar este teléfono?' });
    expect(step).toHaveTextContent('+1 (202) 555-0188');
    const yes = within(step).getByRole('button', { name: 'Sí, eliminarlo' });
    const form = yes.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ intent: 'remove-contact', kind: 'phone', id: '8' });
    expect(within(step).getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/es/account#account-phones');
    asking.unmount();
    await renderAccount('/es/account?remove=phone-9');
    await section('Teléfonos');
    expect(screen.queryByRole('group', { name: '¿Eliminar este teléfono?' })).not.toBeInTheDocument();
  });

  it('the pages a phone added and verified without the scripts led to: ?step=verify-phone-<id> asks its code in the page, ?done=verified-phone:<id> says it (es)', async () => {
    setLocaleCookie('es');
    const phone = { id: 8, number: '2025550188', reg: false, verified: false, receiveSms: true, allowMarketingCalls: false };
    useAccountHandlers({ customer: customerFixture({ phones: [phone] }) });
    const asking = await renderAccount('/es/account?step=verify-phone-8');
    const phones = await section('Teléfonos');
    const step = await within(phones).findByRole('region', { name: 'Verifique su teléfono' });
    expect(step).toHaveTextContent('+1 (202) 555-0188');
    expect(within(step).getByLabelText('Código')).toBeInTheDocument();
    asking.unmount();

    useAccountHandlers({ customer: customerFixture({ phones: [{ ...phone, verified: true }] }) });
    const done = await renderAccount('/es/account?done=verified-phone:8');
    const notice = (await screen.findByText('El teléfono fue verificado')).closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent('+1 (202) 555-0188');
    done.unmount();

    // A verified phone has no code step; the e-mails' section does not read the phones' note.
    await renderAccount('/es/account?step=verify-phone-8&done=verified-email:8');
    await section('Teléfonos');
    expect(screen.queryByRole('region', { name: 'Verifique su teléfono' })).not.toBeInTheDocument();
    expect(screen.queryByText('El correo electrónico fue verificado')).not.toBeInTheDocument();
  });

  it('?step=add-phone draws the add form in the page; a wrong code is said under the code box, the phone kept', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const before = customerFixture({ phones: [] });
    const handlers = useAccountHandlers({ customer: before });
    const phone = { id: 8, number: '2025550188', reg: false, verified: false, receiveSms: true, allowMarketingCalls: false };
    const added = { ...before, phones: [phone] };
    server.use(
      http.post(`${API}/api/phone`, () => {
        handlers.setCustomer(added);
        return HttpResponse.json(added);
      }),
      http.post(`${API}/api/phone/:id/verify`, () =>
        HttpResponse.json({ message: 'x', code: 'invalid_code' }, { status: 422 }),
      ),
    );
    await renderAccount('/account?step=add-phone');
    const phones = await section('Phones');
    const form = await within(phones).findByRole('region', { name: 'Add a phone' });
    await user.type(within(form).getByLabelText(/^Phone number/), '(202) 555-0188');
    await user.click(within(form).getByRole('button', { name: 'Send the code' }));
    const verify = await within(phones).findByRole('region', { name: 'Verify your phone' });
    expect(verify).toHaveTextContent('+1 (202) 555-0188');
    await user.type(within(verify).getByLabelText('Code'), '000001');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(await within(verify).findByText(errorText('invalid_code', 'en'))).toBeInTheDocument();
    expect(within(verify).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(verify).toHaveTextContent('+1 (202) 555-0188');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('issue 33, item 18: add a phone, sent with Enter: a short number, then a wrong code, are said where the focus is (Spanish)', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    const before = customerFixture({ phones: [] });
    const handlers = useAccountHandlers({ customer: before });
    const phone = { id: 8, number: '2025550188', reg: false, verified: false, receiveSms: true, allowMarketingCalls: false };
    server.use(
      http.post(`${API}/api/phone`, () => {
        handlers.setCustomer({ ...before, phones: [phone] });
        return HttpResponse.json({ ...before, phones: [phone] });
      }),
      http.post(`${API}/api/phone/:id/verify`, () =>
        HttpResponse.json({ message: 'x', code: 'invalid_code' }, { status: 422 }),
      ),
    );
    await renderAccount('/es/account?step=add-phone');
    const phones = await section('Teléfonos');
    const form = await within(phones).findByRole('region', { name: 'Agregar un teléfono' });
    const field = within(form).getByLabelText(/^Número de teléfono/);
    const [region] = liveMessages(form);
    expect(region).toBeEmptyDOMElement();
    await user.type(field, '123{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('wrong_format', 'es')));
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, '(202) 555-0188{Enter}');
    const verify = await within(phones).findByRole('region', { name: 'Verifique su teléfono' });
    const code = within(verify).getByLabelText('Código');
    const [verifyRegion] = liveMessages(verify);
    await user.type(code, '000001{Enter}');
    await waitFor(() => expect(verifyRegion).toHaveTextContent(errorText('invalid_code', 'es')));
    expect(code).toHaveFocus();
  });

  it('making an e-mail primary signs out (SDK) and asks to sign in again, back to the account', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    useAccountHandlers();
    let madePrimary = 0;
    let loggedOut = 0;
    server.use(
      http.post(`${API}/api/email/:id/make-primary`, () => {
        madePrimary += 1;
        return HttpResponse.json(customerFixture());
      }),
      http.post(`${API}/api/auth/logout`, () => {
        loggedOut += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { router, store } = await renderAccount('/es/account');
    const emails = await section('Correos electrónicos');
    await user.click(
      within(emails).getByRole('button', {
        name: named('Hacer principal', 'rosa.old@example.com'),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hacer este su correo principal' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Hacer principal e iniciar sesión de nuevo' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/es/account');
    expect(madePrimary).toBe(1);
    expect(loggedOut).toBe(1);
    // The session is the API's cookie (the logout above ends it): this client and store are signed out.
    expect(store.getState().session.signedIn).toBe(false);
    expect(store.dispatch(getSdk).client.isSignedIn()).toBe(false);
    // The sign-in page says why the member is there, with the new address filled in.
    expect(await screen.findByText('Su correo para iniciar sesión ahora es rosa.old@example.com')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Correo electrónico/ })).toHaveValue('rosa.old@example.com');
  });

  it('where adding is off, the customer is told to call the contact center', async () => {
    setLocaleCookie('en');
    server.use(
      http.get(`${API}/api/constants`, () =>
        HttpResponse.json({ ...settingsFixture, addingContactsEnabled: false }),
      ),
    );
    useAccountHandlers();
    await renderAccount('/account');
    const emails = await section('E-mails');
    // The switch is the shop's settings: the section says so once they are read (not after a
    // tick), and then offers no Add.
    await waitFor(() =>
      expect(emails).toHaveTextContent(
        errorText('adding_contacts_disabled', 'en', { phone: '+1 (800) 555-0199' }),
      ),
    );
    expect(within(emails).queryByRole('button', { name: 'Add e-mail' })).not.toBeInTheDocument();
  });
});

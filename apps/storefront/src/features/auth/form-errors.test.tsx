// How sign-in failures read: texts from the SDK's error catalogue by code (never by matching
// text), the spec's own sign-in messages, field errors tied to their fields, in both languages;
// what was typed stays, and a double click sends one request.
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../test/server';
import { errorText } from '@otc/sdk';
import { liveMessages, renderApp, screen, setLocaleCookie } from '../../test/render-app';

function failCodeRequest(status: number, body: Record<string, unknown>) {
  const calls: unknown[] = [];
  server.use(
    http.post(`${API}/api/auth/code`, async ({ request }) => {
      calls.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
  return calls;
}

async function askForCode(user: ReturnType<typeof userEvent.setup>, login: string, button = 'Email me a code') {
  const field = await screen.findByLabelText(/E-mail address|Correo electrónico/, { selector: 'input' });
  await user.type(field, login);
  await user.click(screen.getByRole('button', { name: button }));
  return field;
}

describe('sign-in messages', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('a failed code request: "Failed to request authentication code" and "Please try again or contact support"', async () => {
    const user = userEvent.setup();
    failCodeRequest(503, { message: 'Unavailable', code: 'code_request_failed' });
    await renderApp('/login');
    const field = await askForCode(user, 'ana@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to request authentication code');
    expect(alert).toHaveTextContent('Please try again or contact support');
    expect(field).toHaveValue('ana@example.com');
  });

  it('the daily limit and the automated-activity rejection, in Spanish, from the catalogue', async () => {
    const user = userEvent.setup();
    failCodeRequest(429, { message: 'x', code: 'limitReached' });
    await renderApp('/es/login');
    await askForCode(user, 'ana@example.com', 'Enviarme el código');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ha alcanzado su límite diario de solicitudes');

    failCodeRequest(403, { message: 'x', code: 'low_rate' });
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/Su solicitud fue rechazada como actividad automatizada/),
    );
  });

  it('no answer at all: "Error initializing the sign in process."', async () => {
    const user = userEvent.setup();
    server.use(http.post(`${API}/api/auth/code`, () => HttpResponse.error()));
    await renderApp('/login');
    await askForCode(user, 'ana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error initializing the sign in process.');
  });

  it('a field the API refuses (422 code) is shown under that field in the page language', async () => {
    const user = userEvent.setup();
    failCodeRequest(422, {
      message: 'Los datos no son válidos.',
      code: 'validation_failed',
      fields: { login: [{ code: 'wrong_format' }] },
    });
    await renderApp('/es/login');
    // Valid for the browser-side check (an e-mail), refused by the server.
    const field = await askForCode(user, 'ana@example.com', 'Enviarme el código');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/Este campo tiene un formato incorrecto/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the login before sending (catalogue text, tied to the field)', async () => {
    const user = userEvent.setup();
    const calls = failCodeRequest(500, {});
    await renderApp('/login');
    const field = await askForCode(user, 'not an email');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/This field has wrong format/);
    expect(calls).toHaveLength(0);
  });

  it('password sign-in: "Invalid username or password.", values kept, one request for a double click', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    // The answer waits until both clicks are made (a slow connection), however long a busy
    // machine takes between them: a second request could only come from the second click.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(`${API}/api/auth/login`, async ({ request }) => {
        calls.push(await request.json());
        await answered;
        return HttpResponse.json({ message: 'Invalid username or password.', code: 'invalid_credentials' }, { status: 401 });
      }),
    );
    await renderApp('/login/password');
    const username = await screen.findByLabelText(/E-mail address or phone number/);
    await user.type(username, 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong1234');
    await user.dblClick(screen.getByRole('button', { name: 'Sign in' }));
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(calls).toEqual([{ username: 'ana@example.com', password: 'Wrong1234' }]);
    expect(username).toHaveValue('ana@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Wrong1234');
  });

  it('recovery: the complexity and match messages under their fields', async () => {
    const user = userEvent.setup();
    server.use(http.post(`${API}/api/auth/recovery/code`, () => HttpResponse.json({ channel: 'email', resendIn: 60 })));
    await renderApp('/login-recovery');
    await askForCode(user, 'ana@example.com');
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText(/^New password/), 'simple');
    await user.type(screen.getByLabelText(/^Type the new password again/), 'other');
    await user.click(screen.getByRole('button', { name: 'Save the new password and sign in' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/Your password isn't complex enough/),
    );
    expect(screen.getByLabelText(/^Type the new password again/)).toHaveAccessibleDescription(/Passwords don't match/);
  });
});

// Issue 33, item 18: Enter pressed in the field with the problem leaves the focus where it was,
// so moving it says nothing; the form's live region (in the page before) says the error once, in
// the page's language. A problem in another field moves the focus there instead (said with it).
describe('sign-in errors said when sent with Enter', () => {
  it('sign-in by e-mail: the wrong format is said in the live region, again on a second Enter', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const calls = failCodeRequest(500, {});
    await renderApp('/login');
    const field = await screen.findByLabelText(/E-mail address/, { selector: 'input' });
    const [region] = liveMessages(field.closest('form')!);
    expect(region).toBeEmptyDOMElement();
    await user.type(field, 'not an email{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('wrong_format', 'en')));
    expect(field).toHaveFocus();
    expect(region!.children).toHaveLength(1);
    const first = region!.firstElementChild;
    await user.keyboard('{Enter}');
    // Said again: a new node with the same words.
    await waitFor(() => {
      expect(region!.firstElementChild).not.toBe(first);
      expect(region).toHaveTextContent(errorText('wrong_format', 'en'));
    });
    expect(calls).toHaveLength(0);
  });

  it('a refusal of the API naming the field, sent with Enter, is said in Spanish', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    failCodeRequest(422, { message: 'x', code: 'validation_failed', fields: { login: [{ code: 'wrong_format' }] } });
    await renderApp('/es/login');
    const field = await screen.findByLabelText(/Correo electrónico/, { selector: 'input' });
    const [region] = liveMessages(field.closest('form')!);
    await user.type(field, 'ana@example.com{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('wrong_format', 'es')));
    expect(field).toHaveFocus();
  });

  it('sign-up: an empty e-mail sent with Enter is said', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    await renderApp('/sign-up');
    const field = await screen.findByLabelText(/E-mail address/, { selector: 'input' });
    const [region] = liveMessages(field.closest('form')!);
    await user.click(field);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('required', 'en')));
    expect(field).toHaveFocus();
  });

  it('the one-time code sent empty with Enter is said in Spanish', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    server.use(http.post(`${API}/api/auth/code`, () => HttpResponse.json({ channel: 'email', resendIn: 60 })));
    await renderApp('/es/login');
    await user.type(await screen.findByLabelText(/Correo electrónico/, { selector: 'input' }), 'ana@example.com{Enter}');
    const code = await screen.findByLabelText(/^Código/);
    await waitFor(() => expect(code).toHaveFocus());
    const [region] = liveMessages(code.closest('form')!);
    expect(region).toBeEmptyDOMElement();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('required', 'es')));
    expect(code).toHaveFocus();
  });

  it('password sign-in: Enter in the password with the login empty moves the focus to it, nothing said twice', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    await renderApp('/login/password');
    const username = await screen.findByLabelText(/E-mail address or phone number/);
    await user.type(screen.getByLabelText(/^Password/), 'Secret123{Enter}');
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAccessibleDescription(errorText('not_blank', 'en'));
    expect(liveMessages(username.closest('form')!)[0]).toBeEmptyDOMElement();
  });
});

import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { errorText } from '@otc/sdk';
import { API, server } from '../../test/server';
import { liveMessages, renderApp, screen, setLocaleCookie } from '../../test/render-app';

// Typing with user-event into whole-app renders is slow on a loaded machine.

let sent: unknown[] = [];

function answerContact(respond: () => Response) {
  server.use(
    http.post(`${API}/api/contact`, async ({ request }) => {
      sent.push(await request.json());
      return respond();
    }),
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Rosa');
  await user.type(screen.getByLabelText(/^Last name/), 'Martínez');
  await user.type(screen.getByLabelText(/^Phone number/), '(555) 123-4567');
  await user.type(screen.getByLabelText(/^Message/), 'My order has not arrived yet.');
}

beforeEach(() => {
  sent = [];
  setLocaleCookie('en');
});

describe('contacts page', () => {
  it('shows the support phone formatted, TTY 711, hours and the processing note', async () => {
    await renderApp('/contacts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact us' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await screen.findAllByRole('link', { name: '+1 (800) 555-0199' })).not.toHaveLength(0);
    expect(main).toHaveTextContent('TTY: 711');
    expect(main).toHaveTextContent('Monday to Friday, 8 a.m. to 8 p.m. Eastern time');
    expect(main).toHaveTextContent('Contact messages are processed within the next business day.');
  });

  it('checks a field when it loses focus, 300 ms later', async () => {
    await renderApp('/contacts');
    const first = await screen.findByLabelText(/^First name/);
    fireEvent.focus(first);
    fireEvent.blur(first);
    // An empty name is blank text for the SDK's schema (`not_blank`).
    const blank = errorText('not_blank', 'en');
    expect(screen.queryByText(blank)).not.toBeInTheDocument();
    expect(await screen.findByText(blank)).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
  });

  it('a wrong phone and e-mail block sending and keep what was typed', async () => {
    const user = userEvent.setup();
    answerContact(() => HttpResponse.json({ reference: 'C-1' }));
    await renderApp('/contacts');
    await screen.findByLabelText(/^First name/);
    await fillValid(user);
    await user.clear(screen.getByLabelText(/^Phone number/));
    await user.type(screen.getByLabelText(/^Phone number/), '12345');
    await user.type(screen.getByLabelText(/^E-mail/), 'rosa@');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getAllByText('This field has wrong format')).toHaveLength(2);
    expect(sent).toHaveLength(0);
    // The first invalid field on screen takes the focus once the errors are drawn.
    await waitFor(() => expect(screen.getByLabelText(/^E-mail/)).toHaveFocus());
    expect(screen.getByLabelText(/^Message/)).toHaveValue('My order has not arrived yet.');
  });

  it('issue 33, item 18: a wrong phone sent with Enter in it is said there (Spanish); a refusal naming no field is one alert, the focus kept', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    answerContact(() => HttpResponse.json({ message: 'x', code: 'limitReached' }, { status: 429 }));
    await renderApp('/es/contacts');
    await user.type(await screen.findByLabelText(/^Nombre/), 'Rosa');
    await user.type(screen.getByLabelText(/^Apellido/), 'Martínez');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Hola');
    const phone = screen.getByLabelText(/^Número de teléfono/);
    const [region] = liveMessages(phone.closest('form')!);
    expect(region).toBeEmptyDOMElement();
    await user.type(phone, '12345{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('wrong_format', 'es')));
    expect(phone).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '5551234567{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Su mensaje no fue enviado');
    // Said by the alert as it appears: the focus stays (moving it there would say it twice).
    expect(phone).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says how many characters the message has and its limit, so nothing is cut silently', async () => {
    await renderApp('/contacts');
    const message = await screen.findByLabelText(/^Message/);
    expect(message).toHaveAccessibleDescription(/0 of 4000 characters$/);
    fireEvent.change(message, { target: { value: 'x'.repeat(3700) } });
    expect(await screen.findByText('3700 of 4000 characters')).toHaveAttribute('role', 'status');
    fireEvent.change(message, { target: { value: 'x'.repeat(4000) } });
    expect(await screen.findByText('4000 of 4000 characters: the limit is reached')).toBeInTheDocument();
    expect(message).toHaveAttribute('maxlength', '4000');
  });

  it('sends the message and shows the reference number (e-mail optional)', async () => {
    const user = userEvent.setup();
    answerContact(() => HttpResponse.json({ reference: 'CM-20241105-0042' }));
    const { router } = await renderApp('/contacts');
    await screen.findByLabelText(/^First name/);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('CM-20241105-0042')).toBeInTheDocument();
    // Sent: the page's address says it (a reload thanks again and sends nothing).
    expect(router.state.location.search).toBe('?sent=CM-20241105-0042');
    expect(screen.getByText('Thank you, your message was sent')).toBeInTheDocument();
    // The page says once when messages are processed (issue 33: the thank-you said it again).
    expect(screen.getAllByText('Contact messages are processed within the next business day.')).toHaveLength(1);
    // The focus goes to the confirmation (never left on the page body), and back to the first
    // field for another message.
    await waitFor(() =>
      expect(screen.getByText('Thank you, your message was sent').closest('[tabindex="-1"]')).toHaveFocus(),
    );
    await user.click(screen.getByRole('link', { name: 'Send another message' }));
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveFocus());
    expect(router.state.location.search).toBe('');
    expect(sent).toEqual([
      {
        firstName: 'Rosa',
        lastName: 'Martínez',
        email: '',
        // The SDK's schema sends a US phone as its ten digits (as the API keeps it).
        phone: '5551234567',
        message: 'My order has not arrived yet.',
      },
    ]);
  });

  it('422 field errors show per field by their code, and nothing typed is lost', async () => {
    const user = userEvent.setup();
    // The text under `data` is only what the API would show; the form reads the code in `fields`.
    answerContact(() =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          code: 'validation_failed',
          data: { phone: ['(a server text the form never parses)'] },
          fields: { phone: [{ code: 'wrong_format' }] },
        },
        { status: 422 },
      ),
    );
    await renderApp('/contacts');
    await screen.findByLabelText(/^First name/);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your Message Was Not Sent')).toBeInTheDocument();
    const phone = screen.getByLabelText(/^Phone number/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('This field has wrong format')).toBeInTheDocument();
    expect(screen.queryByText('(a server text the form never parses)')).not.toBeInTheDocument();
    expect(phone).toHaveValue('(555) 123-4567');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Rosa');
  });

  it('in Spanish, a 422 field code shows the catalogue text even when the API text is English', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    answerContact(() =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          code: 'validation_failed',
          data: { message: ['This value should not be blank.'] },
          fields: { message: [{ code: 'too_long', params: { max: 4000 } }] },
        },
        { status: 422 },
      ),
    );
    await renderApp('/es/contacts');
    await user.type(await screen.findByLabelText(/^Nombre/), 'Rosa');
    await user.type(screen.getByLabelText(/^Apellido/), 'Martínez');
    await user.type(screen.getByLabelText(/^Número de teléfono/), '5551234567');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    const message = screen.getByLabelText(/^Mensaje/);
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(errorText('too_long', 'es', { max: 4000 }))).toBeInTheDocument();
    expect(screen.queryByText('This value should not be blank.')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      errorText('validation_failed', 'es'),
    );
  });

  it('a 422 field without a code (older API) shows the API text as sent', async () => {
    const user = userEvent.setup();
    answerContact(() =>
      HttpResponse.json(
        {
          message: 'Validation failed',
          code: 'validation_failed',
          data: { phone: ['This field has wrong format'] },
        },
        { status: 422 },
      ),
    );
    await renderApp('/contacts');
    await screen.findByLabelText(/^First name/);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const phone = screen.getByLabelText(/^Phone number/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('This field has wrong format')).toBeInTheDocument();
  });

  it('no answer at all (network failure) says so, and keeps what was typed', async () => {
    const user = userEvent.setup();
    answerContact(() => HttpResponse.error());
    await renderApp('/contacts');
    await screen.findByLabelText(/^First name/);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorText('network_error', 'en'));
    expect(screen.getByLabelText(/^Message/)).toHaveValue('My order has not arrived yet.');
  });

  it('a failure says the message was not sent, with the reason', async () => {
    const user = userEvent.setup();
    answerContact(() =>
      HttpResponse.json(
        { message: 'Your daily request limit is reached', code: 'limitReached' },
        { status: 429 },
      ),
    );
    await renderApp('/contacts');
    await screen.findByLabelText(/^First name/);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your Message Was Not Sent');
    expect(alert).toHaveTextContent('Your daily request limit is reached');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('My order has not arrived yet.');
  });

  it('in Spanish, errors are Spanish', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    answerContact(() =>
      HttpResponse.json({ message: 'Automated', code: 'low_rate' }, { status: 403 }),
    );
    await renderApp('/es/contacts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contáctenos' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    // Names and message are blank text, the phone is missing: four Spanish messages.
    expect(await screen.findAllByText(errorText('not_blank', 'es'))).toHaveLength(3);
    expect(screen.getByText('Obligatorio')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nombre/), 'Rosa');
    await user.type(screen.getByLabelText(/^Apellido/), 'Martínez');
    await user.type(screen.getByLabelText(/^Número de teléfono/), '5551234567');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Su mensaje no fue enviado');
    expect(alert).toHaveTextContent(
      'Su solicitud fue rechazada como actividad automatizada. Inténtelo de nuevo o use otro medio de contacto.',
    );
  });
});

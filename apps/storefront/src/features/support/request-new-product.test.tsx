import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorText } from '@otc/sdk';
import { http, HttpResponse } from 'msw';
import { customerOf, draftOf } from '../../test/fixtures';
import { API, server } from '../../test/server';
import { liveMessages, renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';


let sent: unknown[] = [];

/** The signed-in customer (the header reads who is signed in). */
const customer = customerOf({
  id: 7,
  name: 'Rosa Martínez',
  lastName: 'Martínez',
  activeInsuranceCard: null,
  insurancePlan: null,
  preferredCommunicationLanguage: null,
  preferredCommunicationMethod: null,
  hasPassword: false,
});

beforeEach(() => {
  sent = [];
  signIn();
  server.use(
    http.get(`${API}/api/auth/me`, () => HttpResponse.json(customer)),
    http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(draftOf([], { id: 1 }))),
    http.post(`${API}/api/product-request`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ number: 'R-2026-000045' });
    }),
  );
});

describe('request a new product', () => {
  it('checks the link, then sends and answers the request number', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    await renderApp('/request-new-product');
    await user.type(await screen.findByLabelText(/^Product name/), 'Compression socks');
    await user.type(screen.getByLabelText(/^Link to the product/), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText('This link doesn’t look like a correct URL'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Link to the product/));
    await user.type(screen.getByLabelText(/^Link to the product/), 'https://example.com/socks');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('R-2026-000045')).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'Compression socks', description: '', link: 'https://example.com/socks' },
    ]);
  });

  it('issue 33, items 18 and 20: Enter in the name says its error there; once sent the focus is on the thank-you, then on the name again', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const { router } = await renderApp('/request-new-product');
    const name = await screen.findByLabelText(/^Product name/);
    const [region] = liveMessages(name.closest('form')!);
    expect(region).toBeEmptyDOMElement();
    await user.click(name);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(region).toHaveTextContent(errorText('not_blank', 'en')));
    expect(name).toHaveFocus();

    await user.type(name, 'Compression socks{Enter}');
    const thanks = await screen.findByRole('heading', { name: 'Thank you, we received your request' });
    // Never on the page body: the box that replaced the form has it.
    await waitFor(() => expect(thanks.closest('[tabindex="-1"]')).toHaveFocus());
    expect(thanks.closest('[tabindex="-1"]')).toHaveTextContent('R-2026-000045');
    // Sent: the page's address says it (a reload thanks again and sends nothing).
    expect(router.state.location.search).toBe('?requested=R-2026-000045');
    await user.click(screen.getByRole('link', { name: 'Request another product' }));
    await waitFor(() => expect(screen.getByLabelText(/^Product name/)).toHaveFocus());
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText(/^Product name/)).toHaveValue('');
  });

  it('opens with the words of a search that found nothing as the product name (from the search modal)', async () => {
    setLocaleCookie('en');
    await renderApp('/request-new-product?name=compression+socks');
    expect(await screen.findByLabelText(/^Product name/)).toHaveValue('compression socks');
  });

  it('an address with a request number thanks with it; one with words in its place shows the form', async () => {
    setLocaleCookie('en');
    const first = await renderApp('/request-new-product?requested=R-2026-000045');
    expect(await screen.findByRole('heading', { name: 'Thank you, we received your request' })).toBeInTheDocument();
    expect(screen.getByText('R-2026-000045')).toBeInTheDocument();
    first.unmount();
    await renderApp('/request-new-product?requested=Call%20555-0100%20to%20claim');
    expect(await screen.findByLabelText(/^Product name/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank you, we received your request' })).not.toBeInTheDocument();
  });

  it('in Spanish too, the searched words fill the name', async () => {
    setLocaleCookie('es');
    await renderApp('/es/request-new-product?name=pa%C3%B1ales+de+noche');
    expect(await screen.findByLabelText(/^Nombre del producto/)).toHaveValue('pañales de noche');
  });

  it('in Spanish, a failure says so in Spanish and keeps what was typed', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/api/product-request`, () =>
        HttpResponse.json({ message: 'x', code: 'limitReached' }, { status: 429 }),
      ),
    );
    await renderApp('/es/request-new-product');
    await user.type(await screen.findByLabelText(/^Nombre del producto/), 'Calcetines');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Su solicitud no fue enviada');
    expect(alert).toHaveTextContent('Ha alcanzado su límite diario de solicitudes');
    expect(screen.getByLabelText(/^Nombre del producto/)).toHaveValue('Calcetines');
  });
});

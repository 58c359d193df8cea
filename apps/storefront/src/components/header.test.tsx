import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, renderApp, screen, setLocaleCookie, signIn, waitForUrl } from '../test/render-app';
import { http, HttpResponse } from 'msw';
import { API, server } from '../test/server';
import { customerOf, draftOf, pendingOrderOf } from '../test/fixtures';

const customerFixture = customerOf();
const emptyDraftFixture = draftOf([], { id: 900 });


describe('header', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('the search button opens the search modal; Escape closes it', async () => {
    const user = userEvent.setup();
    const { store, router } = await renderApp('/');
    await waitForUrl(router, '/');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // The modal's module may still be loading on a first open (it is not in the first load).
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(store.getState().ui.searchOpen).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.searchOpen).toBe(false);
  });

  it('the search button is a GET of the catalog\'s search field before the scripts; with them it opens the modal and stays', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    const { router } = await renderApp('/es/cart');
    await waitForUrl(router, '/es/cart');
    const button = screen.getByRole('button', { name: 'Buscar' });
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/es/catalog#catalog-search');
    await user.click(button);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/es/cart');
  });

  it('the menu button is a GET of this page with #site-menu before the scripts, where the same menu is drawn; with them it opens the drawer', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    // The last add's note (`added`) is not carried on.
    const { router, container } = await renderApp('/es/catalog?category=2&sort=price-asc&added=5');
    await waitForUrl(router, '/es/catalog?category=2&sort=price-asc&added=5');
    const button = screen.getByRole('button', { name: 'Abrir menú' });
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/es/catalog#site-menu');
    expect([...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input.name, input.value])).toEqual([
      ['category', '2'],
      ['sort', 'price-asc'],
    ]);
    // The in-page menu: hidden until the address names it, with the ways a phone has no other.
    const inPage = container.querySelector('#site-menu')!;
    expect(inPage).toHaveAttribute('hidden');
    const links = [...inPage.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/es/catalog', '#main']));
    expect(links.some((href) => href?.startsWith('/es/login'))).toBe(true);
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Menú' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/es/catalog?category=2&sort=price-asc&added=5');
  });

  it('the cart link says the items an order waiting for payment holds, not "empty"', async () => {
    signIn();
    const waiting = draftOf([], { id: 900, pendingOrder: pendingOrderOf({ itemCount: 3 }) });
    server.use(
      http.get(`${API}/api/auth/me`, () => HttpResponse.json(customerFixture)),
      http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(waiting)),
    );
    await renderApp('/');
    expect(await screen.findByRole('link', { name: 'Cart: 3 items waiting for payment' })).toHaveAttribute('href', '/cart');
  });

  it('the waiting items in Spanish', async () => {
    signIn();
    setLocaleCookie('es');
    const waiting = draftOf([], { id: 900, pendingOrder: pendingOrderOf({ itemCount: 1 }) });
    server.use(
      http.get(`${API}/api/auth/me`, () => HttpResponse.json(customerFixture)),
      http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(waiting)),
    );
    await renderApp('/es');
    expect(await screen.findByRole('link', { name: 'Carrito: 1 artículo esperando el pago' })).toBeInTheDocument();
  });

  it('shows Sign in to visitors', async () => {
    await renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('"Sign in" from a page comes back to it (redirect with the query), in Spanish too', async () => {
    setLocaleCookie('es');
    await renderApp('/es/about-us?from=ad');
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      `/es/login?redirect=${encodeURIComponent('/es/about-us?from=ad')}`,
    );
  });

  it('a signed-in Spanish customer opens Mi cuenta: account, orders, sign out and the allowance', async () => {
    const user = userEvent.setup();
    signIn();
    setLocaleCookie('es');
    server.use(
      http.get(`${API}/api/auth/me`, () => HttpResponse.json(customerFixture)),
      http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(emptyDraftFixture)),
    );
    await renderApp('/es');
    const button = await screen.findByRole('button', { name: /^Mi cuenta/ });
    // The allowance of the active card is in the button once `me` has answered.
    await waitFor(() => expect(button).toHaveTextContent('Asignación $150.00'));
    // Issue 33, item 22: aria-controls names the menu only while it is in the page.
    expect(button).not.toHaveAttribute('aria-controls');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByRole('link', { name: 'Mis pedidos' }),
    );
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/es/account');
    expect(screen.getByRole('link', { name: 'Mis pedidos' })).toHaveAttribute('href', '/es/account/orders');
    expect(screen.getByRole('link', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/es/logout');
    const allowance = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href') === '/es/account/payment-methods')
      .map((link) => link.textContent);
    expect(allowance).toContain('Asignación: $150.00, úsela antes del 31 de marzo de 2026');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(button).toHaveFocus();
  });

  it('the phone menu opens as a dialog and closes when a link is chosen', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await waitForUrl(router, '/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menu).toBeInTheDocument();
    const links = Array.from(menu.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/catalog', '/login', '/cart', '/balance-check', '/es', '/about-us']));
    const menuCatalog = Array.from(menu.querySelectorAll('a')).find((a) => a.textContent === 'Catalog');
    await user.click(menuCatalog!);
    await waitForUrl(router, '/catalog');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it("a member's phone menu leads to the account, the orders and the suggested basket (issue 31)", async () => {
    signIn();
    server.use(
      http.get(`${API}/api/auth/me`, () => HttpResponse.json(customerFixture)),
      http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(emptyDraftFixture)),
    );
    const user = userEvent.setup();
    await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const links = Array.from(menu.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/account', '/account/orders', '/account/basket']));
  });
});

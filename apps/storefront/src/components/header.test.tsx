import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, screen, setLocaleCookie, signIn, waitForUrl } from '../test/render-app';
import { guestCart } from '../lib/sdk';
import { connectStore } from '../app/store';

const product = {
  id: 7,
  name: 'Vitamin C 500 mg',
  price: '4.99',
  inStock: 3,
  status: null,
  brand: 'Acme',
  manufacturer: 'Acme Labs',
  categoryId: 2,
  categoryName: 'Vitamins',
  mainImage: '/images/7.jpg',
};

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

  it('the cart link counts the guest cart units', async () => {
    const { store } = await renderApp('/');
    const disconnect = connectStore(store);
    expect(await screen.findByRole('link', { name: 'Cart, empty' })).toHaveAttribute('href', '/cart');
    await guestCart.add(product, 2);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument());
    await guestCart.setAmount(7, 1);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument());
    disconnect();
  });

  it('shows Sign in to visitors', async () => {
    await renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('a signed-in Spanish customer sees Mi cuenta linking to /es/account', async () => {
    signIn();
    setLocaleCookie('es');
    await renderApp('/es');
    expect(await screen.findByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/es/account');
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
});

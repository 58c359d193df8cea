import { waitFor } from '@testing-library/react';
import { currentUrl, renderApp, screen, setLocaleCookie, signIn } from '../test/render-app';

describe('404 rules', () => {
  beforeEach(() => setLocaleCookie('en'));

  it.each(['/item/abc', '/checkout/12x', '/order/1.5', '/success/-3'])(
    'a non-digit id (%s) is "Page Not Found" with the full path',
    async (path) => {
      await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: `Page Not Found ${path}` })).toBeInTheDocument();
      expect(screen.getByTestId('error-status')).toHaveTextContent('404');
      expect(screen.getByText('We are sorry, but the page you requested cannot be displayed right now.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go back main page' })).toHaveAttribute('href', '/');
    },
  );

  it('a digit id opens the page', async () => {
    await renderApp('/item/123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product' })).toBeInTheDocument();
  });

  it('an unmatched path is "Page not found" with the path, inside the layout', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found /no/such/page' })).toBeInTheDocument();
    expect(screen.getByTestId('error-status')).toHaveTextContent('404');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toBe('404 Page not found /no/such/page | Benefit Shop');
  });

  it('in Spanish, the message and the link home are Spanish', async () => {
    setLocaleCookie('es');
    await renderApp('/es/item/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada /es/item/abc' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la página principal' })).toHaveAttribute('href', '/es');
  });

  it('/order/delivery is a page, not an invalid order id', async () => {
    signIn();
    await renderApp('/order/delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery address' })).toBeInTheDocument();
  });
});

describe('login-required pages', () => {
  beforeEach(() => setLocaleCookie('en'));

  it.each([
    ['/account/orders?page=2&sort=new', '/login?redirect=%2Faccount%2Forders%3Fpage%3D2%26sort%3Dnew'],
    ['/checkout/42', '/login?redirect=%2Fcheckout%2F42'],
    ['/request-new-product', '/login?redirect=%2Frequest-new-product'],
  ])('a visitor opening %s goes to %s', async (path, expected) => {
    const { router } = await renderApp(path);
    await waitFor(() => expect(currentUrl(router)).toBe(expected));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('in Spanish the visitor goes to /es/login with the full original path', async () => {
    setLocaleCookie('es');
    const { router } = await renderApp('/es/account?tab=1');
    await waitFor(() => expect(currentUrl(router)).toBe('/es/login?redirect=%2Fes%2Faccount%3Ftab%3D1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('pages without login stay open to visitors', async () => {
    const { router } = await renderApp('/catalog?category=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalog' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/catalog?category=3');
  });

  it('a signed-in user opens the page', async () => {
    signIn();
    const { router } = await renderApp('/account/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/account/orders');
  });

  it('a signed-in user opening /login goes to the redirect', async () => {
    signIn();
    const { router } = await renderApp('/login?redirect=%2Faccount%2Forders%3Fpage%3D2');
    await waitFor(() => expect(currentUrl(router)).toBe('/account/orders?page=2'));
  });

  it('a signed-in user opening /login without redirect (or a foreign one) goes home', async () => {
    signIn();
    const { router } = await renderApp('/login?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('a signed-in user opening /es/login goes to the Spanish home', async () => {
    signIn();
    setLocaleCookie('es');
    const { router } = await renderApp('/es/login');
    await waitFor(() => expect(currentUrl(router)).toBe('/es'));
  });
});

describe('document', () => {
  it('sets the title, <html lang> and hreflang alternates per language', async () => {
    setLocaleCookie('es');
    await renderApp('/es/catalog?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catálogo' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Catálogo | Tienda de beneficios'));
    expect(document.documentElement.lang).toBe('es-US');
    const alternates = Array.from(document.head.querySelectorAll('link[rel="alternate"]')).map(
      (link) => `${link.getAttribute('hreflang')} ${new URL(link.getAttribute('href') ?? '').pathname}${new URL(link.getAttribute('href') ?? '').search}`,
    );
    expect(alternates).toEqual(['en-US /catalog?page=2', 'es-US /es/catalog?page=2', 'x-default /catalog?page=2']);
  });

  it('English pages are en-US with English titles', async () => {
    setLocaleCookie('en');
    await renderApp('/docs/items-eligibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why are some items not eligible' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Why are some items not eligible | Benefit Shop'));
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('the footer shows the company, support phone and TTY 711 from settings', async () => {
    setLocaleCookie('en');
    await renderApp('/');
    expect(await screen.findByText('© 2024 Benefit Shop LLC. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 (800) 555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(screen.getByRole('link', { name: '711' })).toHaveAttribute('href', 'tel:711');
    expect(screen.getByRole('link', { name: 'Why are some items not eligible' })).toHaveAttribute('href', '/docs/items-eligibility');
  });
});

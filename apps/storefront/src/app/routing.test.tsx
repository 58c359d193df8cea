import { waitFor } from '@testing-library/react';
import { renderApp, screen, setLocaleCookie, signIn, waitForUrl } from '../test/render-app';
import { redirectSignedIn } from '../kernel/guards';
import { createAppStore } from './store';
import { createShopSdk } from '../lib/sdk';

/** Where a signed-in visitor of /login?redirect=<value> is sent (the guard, without a router). */
function redirectTarget(value: string): string | null {
  try {
    const store = createAppStore({ sdk: createShopSdk({ signedIn: true, storage: 'browser' }) });
    redirectSignedIn(store, new URL(`http://shop.test/login?redirect=${value}`), 'en');
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
  return null;
}

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

  it('a digit id passes the id rule (whatever the page then shows)', async () => {
    const { router } = await renderApp('/item/123');
    await waitForUrl(router, '/item/123');
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
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
    const { router } = await renderApp('/order/delivery');
    await waitForUrl(router, '/order/delivery');
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
    expect(router.state.matches.at(-1)?.route.id).toBe('en:order-delivery');
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
    await waitForUrl(router, expected);
    expect(router.state.matches.at(-1)?.route.id).toBe('en:login');
  });

  it('in Spanish the visitor goes to /es/login with the full original path', async () => {
    setLocaleCookie('es');
    const { router } = await renderApp('/es/account?tab=1');
    await waitForUrl(router, '/es/login?redirect=%2Fes%2Faccount%3Ftab%3D1');
    expect(router.state.matches.at(-1)?.route.id).toBe('es:login');
  });

  it('pages without login stay open to visitors', async () => {
    const { router } = await renderApp('/balance-check?card=1');
    await waitForUrl(router, '/balance-check?card=1');
    expect(router.state.matches.at(-1)?.route.id).toBe('en:balance-check');
  });

  it('a signed-in user opens the page', async () => {
    signIn();
    const { router } = await renderApp('/account/orders');
    await waitForUrl(router, '/account/orders');
    expect(router.state.matches.at(-1)?.route.id).toBe('en:account-orders');
  });

  it('a signed-in user opening /login goes to the redirect', async () => {
    signIn();
    const { router } = await renderApp('/login?redirect=%2Faccount%2Forders%3Fpage%3D2');
    await waitForUrl(router, '/account/orders?page=2');
  });

  it('a signed-in user opening /login without redirect (or a foreign one) goes home', async () => {
    signIn();
    const { router } = await renderApp('/login?redirect=%2F%2Fevil.example');
    await waitForUrl(router, '/');
  });

  it('a redirect with a control character never leaves the site (/%09/evil.example is not //evil.example)', async () => {
    signIn();
    // `redirect=/%09/evil.example`: the query decodes to "/<tab>/evil.example", which a browser
    // reads as "//evil.example". The SDK's rule refuses it; the old storefront copy followed it.
    const { router } = await renderApp('/login?redirect=%2F%2509%2Fevil.example');
    await waitForUrl(router, '/');
    expect(redirectTarget('/%09/evil.example')).toBe('/');
    expect(redirectTarget('/%2509/evil.example')).toBe('/');
    expect(redirectTarget('/account?tab=1')).toBe('/account?tab=1');
  });

  it('a signed-in user opening /es/login goes to the Spanish home', async () => {
    signIn();
    setLocaleCookie('es');
    const { router } = await renderApp('/es/login');
    await waitForUrl(router, '/es');
  });
});

describe('document', () => {
  it('sets the title, <html lang>, the canonical address and hreflang alternates (as the sitemap names them) per language', async () => {
    setLocaleCookie('es');
    signIn();
    const { router } = await renderApp('/es/account/security?page=2');
    await waitForUrl(router, '/es/account/security?page=2');
    await waitFor(() => expect(document.title).toBe('Seguridad | Tienda de beneficios'));
    expect(document.documentElement.lang).toBe('es-US');
    const alternates = Array.from(document.head.querySelectorAll('link[rel="alternate"]')).map(
      (link) => `${link.getAttribute('hreflang')} ${new URL(link.getAttribute('href') ?? '').pathname}${new URL(link.getAttribute('href') ?? '').search}`,
    );
    expect(alternates).toEqual([
      'en /account/security?page=2',
      'es /es/account/security?page=2',
      'x-default /account/security?page=2',
    ]);
    const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
    expect(new URL(canonical).pathname + new URL(canonical).search).toBe('/es/account/security?page=2');
  });

  it('English pages are en-US with English titles', async () => {
    setLocaleCookie('en');
    signIn();
    const { router } = await renderApp('/account/addresses');
    await waitForUrl(router, '/account/addresses');
    await waitFor(() => expect(document.title).toBe('Addresses | Benefit Shop'));
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

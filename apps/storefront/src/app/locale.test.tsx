import userEvent from '@testing-library/user-event';
import { renderApp, screen, setLocaleCookie, waitForUrl } from '../test/render-app';
import { detectBrowserLocale, localizePath, readLocaleCookie, stripLocale, switchLocaleHref } from '../lib/locale';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => vi.restoreAllMocks());

describe('first visit language detection', () => {
  it('a Spanish browser without a cookie goes to the /es variant, query kept, and the cookie is set', async () => {
    browserLanguages(['es-MX', 'en-US']);
    const { router } = await renderApp('/catalog?sort=price-asc&page=2');
    await waitForUrl(router, '/es/catalog?sort=price-asc&page=2');
    expect((await screen.findAllByRole('link', { name: 'Catálogo' }))[0]).toHaveAttribute('href', '/es/catalog');
    expect(readLocaleCookie()).toBe('es');
  });

  it('an English browser stays, and the cookie remembers English', async () => {
    browserLanguages(['en-GB', 'es']);
    const { router } = await renderApp('/catalog');
    await waitForUrl(router, '/catalog');
    expect((await screen.findAllByRole('link', { name: 'Catalog' }))[0]).toHaveAttribute('href', '/catalog');
    expect(readLocaleCookie()).toBe('en');
  });

  it('with a cookie, the address decides (no redirect)', async () => {
    browserLanguages(['es-ES']);
    setLocaleCookie('en');
    const { router } = await renderApp('/cart');
    await waitForUrl(router, '/cart');
  });

  it('the bare address follows the cookie before the browser language (Spanish remembered)', async () => {
    browserLanguages(['en-US']);
    setLocaleCookie('es');
    const { router } = await renderApp('/?personalcode=ABC');
    await waitForUrl(router, '/es?personalcode=ABC');
    expect(document.documentElement.lang).toBe('es-US');
    expect(readLocaleCookie()).toBe('es');
  });

  it('the bare address follows an English cookie in a Spanish browser', async () => {
    browserLanguages(['es-MX']);
    setLocaleCookie('en');
    const { router } = await renderApp('/');
    await waitForUrl(router, '/');
    expect(document.documentElement.lang).toBe('en-US');
    expect(readLocaleCookie()).toBe('en');
  });

  it('an upper-case /ES address goes to its lower-case one, in Spanish', async () => {
    setLocaleCookie('es');
    const { router } = await renderApp('/ES/catalog?sort=price-asc');
    await waitForUrl(router, '/es/catalog?sort=price-asc');
    expect(document.documentElement.lang).toBe('es-US');
  });

  it('a Spanish link opened by an English browser stays Spanish', async () => {
    browserLanguages(['en-US']);
    const { router } = await renderApp('/es/cart');
    await waitForUrl(router, '/es/cart');
    expect(document.documentElement.lang).toBe('es-US');
    expect(readLocaleCookie()).toBe('es');
  });
});

describe('language switch', () => {
  it('keeps the page and its query, both ways, and updates the cookie', async () => {
    const user = userEvent.setup();
    setLocaleCookie('en');
    const { router } = await renderApp('/catalog?category=4&sort=name-asc');
    await waitForUrl(router, '/catalog?category=4&sort=name-asc');
    const [toSpanish] = screen.getAllByRole('link', { name: /Español/ });
    expect(toSpanish).toHaveAttribute('href', '/es/catalog?category=4&sort=name-asc');
    await user.click(toSpanish!);
    await waitForUrl(router, '/es/catalog?category=4&sort=name-asc');
    expect((await screen.findAllByRole('link', { name: 'Catálogo' }))[0]).toHaveAttribute('href', '/es/catalog');
    expect(readLocaleCookie()).toBe('es');
    expect(document.documentElement.lang).toBe('es-US');

    const [toEnglish] = screen.getAllByRole('link', { name: /English/ });
    await user.click(toEnglish!);
    await waitForUrl(router, '/catalog?category=4&sort=name-asc');
    expect((await screen.findAllByRole('link', { name: 'Catalog' }))[0]).toHaveAttribute('href', '/catalog');
    expect(readLocaleCookie()).toBe('en');
  });

  it('English chosen on the Spanish home page stays English at the bare address', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    const { router } = await renderApp('/es');
    await waitForUrl(router, '/es');
    const [toEnglish] = await screen.findAllByRole('link', { name: /English/ });
    await user.click(toEnglish!);
    await waitForUrl(router, '/');
    expect((await screen.findAllByRole('link', { name: 'Catalog' }))[0]).toHaveAttribute('href', '/catalog');
    expect(readLocaleCookie()).toBe('en');
  });
});

describe('locale helpers', () => {
  it('detects en or es from the preferred languages, default en', () => {
    expect(detectBrowserLocale(['fr-FR', 'es-419', 'en'])).toBe('es');
    expect(detectBrowserLocale(['de', 'EN-us'])).toBe('en');
    expect(detectBrowserLocale(['fr'])).toBe('en');
    expect(detectBrowserLocale(undefined)).toBe('en');
  });

  it('localizes and strips paths', () => {
    expect(localizePath('/', 'es')).toBe('/es');
    expect(localizePath('/item/3', 'es')).toBe('/es/item/3');
    expect(localizePath('/item/3', 'en')).toBe('/item/3');
    expect(stripLocale('/es')).toBe('/');
    expect(stripLocale('/es/cart')).toBe('/cart');
    expect(stripLocale('/estimate')).toBe('/estimate');
    expect(switchLocaleHref({ pathname: '/es', search: '?q=1', hash: '#top' }, 'en')).toBe('/?q=1#top');
  });
});

// Pages that arrive drawn (issues 18 and 29): the server draws every page in its language for the
// visitor whose cookies it gets (a member's pages with their data, a guest's cart), the browser
// hydrates it without a mismatch and without asking again for what the page shows; only the
// colour mode, kept in this browser, follows right after. Before the app has started, the page
// works as plain HTML.
import type { Page } from '@playwright/test';
import { appStarted, expect, test } from '../fixtures/test';
import { en, es, inTurn, localized, shopLocales } from '../fixtures/locales';
import { demoProduct, mainHeading } from '../fixtures/shop';
import { fillCart, newCustomer, orderableProducts } from '../fixtures/purchase';
import { catalogProducts, guestCartWith } from '../fixtures/barriers';
import { webSignIn, webSignOut } from '../fixtures/web-session';

const PUBLIC_PAGES = [
  '/',
  '/catalog',
  '/catalog?category=3&sort=price-asc',
  `/item/${demoProduct.id}`,
  '/about-us',
  '/terms-of-use',
  '/privacy-policy',
  '/return-policy',
  '/accessibility',
  '/contacts',
  '/docs/items-eligibility',
  '/balance-check',
  '/login',
  '/login/password',
  '/login/phone',
  '/login-recovery',
  '/sign-up',
  '/cart',
  '/no-such-page',
  '/item/999999',
];

/** Every console error and page error from now on (hydration mismatches are reported as errors). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 404 page's own status is reported by Chromium as a failed resource: not a script error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Resolves once React has hydrated (or drawn) the page: its root container is marked. */
const hydrated = appStarted;

/** Text as React writes it into HTML. */
function asHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

// Each language once and each colour mode once (they are independent inputs of the drawing):
// English in light, Spanish in dark. All four pairs cost CI's two cores over a minute more. The
// pages take the two runs by turns (the first in English, the next in Spanish, …): each page is
// hydrated once, and the 30 minutes of CI keep 20 s of the two cores.
const HYDRATION_RUNS = [
  { locale: en, colorScheme: 'light' },
  { locale: es, colorScheme: 'dark' },
] as const;

HYDRATION_RUNS.forEach(({ locale, colorScheme }, turn) => {
  const pages = inTurn(PUBLIC_PAGES, turn, HYDRATION_RUNS.length);
  test(`every other public page hydrates what the server drew without a mismatch or a second request (${locale.code}, ${colorScheme})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme, locale: locale.code === 'es' ? 'es-US' : 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const dataAsks: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/images/')) dataAsks.push(pathname);
    });
    for (const path of pages) {
      const address = localized(locale, path);
      errors.length = 0;
      dataAsks.length = 0;
      const answer = await page.goto(address);
      expect(answer?.status(), address).toBe(path === '/no-such-page' || path === '/item/999999' ? 404 : 200);
      const served = (await answer?.text()) ?? '';
      expect(served, address).toContain(`<html lang="${locale.htmlLang}"`);
      expect(served.match(/<title>/g), address).toHaveLength(1);
      await hydrated(page);
      await expect(mainHeading(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      // React took over the server's head elements: still one title, one canonical address.
      expect(await page.locator('head title').count(), address).toBe(1);
      expect(await page.locator('head link[rel="canonical"]').count(), address).toBe(1);
      expect(errors, address).toEqual([]);
      // The page's answers came with it: nothing is asked again (the app's version check aside).
      expect(dataAsks.filter((pathname) => pathname !== '/api/health'), address).toEqual([]);
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
    }
    await context.close();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalog, a Spanish item and the contacts page show their content and links', async ({ page }) => {
    await page.goto('/catalog');
    await expect(mainHeading(page)).toHaveText(shopLocales[0]!.headings.catalog);
    const products = page.getByRole('main').locator('a[href^="/item/"]');
    expect(await products.count()).toBeGreaterThan(5);
    await expect(page.locator('header a[hreflang="es-US"]')).toHaveAttribute('href', '/es/catalog');

    await page.goto(`/es/item/${demoProduct.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
    await expect(mainHeading(page)).toHaveText(demoProduct.name.es);
    await expect(page.getByRole('main').getByText(demoProduct.price).first()).toBeVisible();
    await expect(page).toHaveTitle(`${demoProduct.name.es} | Tienda de beneficios`);
    const productData = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      name?: string;
      offers?: { price?: string; availability?: string };
    };
    expect(productData.name).toBe(demoProduct.name.es);
    expect(productData.offers?.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);

    await page.goto('/contacts');
    await expect(mainHeading(page)).toHaveText(shopLocales[0]!.headings.contacts);
    await expect(page.getByRole('main').locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});

test("a member's pages are drawn for the member by the server, and hydrate as drawn", async ({ page, request }) => {
  const customer = await newCustomer(request, { tag: 'ssr-member' });
  const [product] = await orderableProducts(request, 'en', { minStock: 10 });
  await fillCart(request, customer, [{ sku_id: product!.id, amount: 2 }]);
  const errors = watchErrors(page);
  const dataAsks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/images/') && pathname !== '/api/health') dataAsks.push(pathname);
  });
  await webSignIn(page, customer.login);
  for (const [path, heading] of [
    ['/catalog', 'Catalog'],
    ['/account/orders', 'My orders'],
    ['/cart', 'Cart'],
    ['/account', 'My account'],
    // Each account page's own reads awaited by its loader (a read the render started itself was
    // missing from the page's answers: the browser drew a skeleton and drew the page again).
    ['/account/security', 'Security'],
    ['/account/addresses', 'Addresses'],
    ['/account/payment-methods', 'Payment methods'],
    ['/account/favorites', 'Favorites'],
  ] as const) {
    dataAsks.length = 0;
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    const served = (await answer?.text()) ?? '';
    // The member's header and page, whole in the HTML: no "Sign in", no frame with a spinner.
    expect(served, path).not.toMatch(/>Sign in</);
    expect(served, path).not.toMatch(/role="status"[^>]*aria-label="Loading"|aria-label="Loading"[^>]*role="status"/);
    expect(served, path).toContain(`>${heading}</h1>`);
    if (path === '/cart') expect(served, path).toContain(asHtml(product!.name));
    await expect(mainHeading(page)).toHaveText(heading);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(errors, path).toEqual([]);
    // Hydrated as drawn: nothing the page shows is asked again.
    expect(dataAsks, path).toEqual([]);
  }
});

test('before the app starts, a page is drawn for the visitor of its cookies: the account menu for a member, "Sign in" once signed out', async ({ page, request }) => {
  const customer = await newCustomer(request, { tag: 'ssr-hint' });
  await webSignIn(page, customer.login);
  // The app's scripts never arrive: the page stays as the server drew it.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/about-us', { waitUntil: 'commit' });
  await expect(mainHeading(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'My account' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  // Signed out, the same page shows it.
  await webSignOut(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'My account' })).toHaveCount(0);
});

/** Holds the app's entry script until the returned function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return release;
}

test('before the app has started, the page works as plain HTML: its links lead to pages the server draws', async ({ page }) => {
  const errors = watchErrors(page);
  // The app's entry arrives only when the test says: the pages are the server's until then.
  const release = await holdAppScripts(page);
  await page.goto('/catalog', { waitUntil: 'commit' });
  const first = page.getByRole('main').locator('a[href^="/item/"]').first();
  const href = (await first.getAttribute('href')) ?? '';
  await first.click();
  await expect(page).toHaveURL(href);
  await expect(mainHeading(page)).toBeVisible();
  // The language switch is a link too: the Spanish page, drawn in Spanish.
  await page.getByRole('banner').getByRole('link', { name: /Español/ }).first().click();
  await expect(page).toHaveURL(`/es${href}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  // Nothing waits for the app: no class marks the page as starting.
  await expect(page.locator('html')).not.toHaveClass(/\bapp-starting\b/);
  release();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a radio button ticked before the app has started shows at once and stays ticked when the app draws the form again', async ({ page }) => {
  const errors = watchErrors(page);
  const release = await holdAppScripts(page);
  await page.goto('/sign-up', { waitUntil: 'commit' });
  const withPassword = page.getByRole('radio', { name: /^With a password/ });
  await withPassword.check();
  await expect(withPassword).toBeChecked();
  release();
  await hydrated(page);
  // Typing draws the form again from the app's state: the tick was told to the app.
  await page.getByRole('textbox', { name: /^E-mail address/ }).fill('early@example.com');
  await expect(withPassword).toBeChecked();
  await expect(page.getByRole('radio', { name: /^With a code we send you/ })).not.toBeChecked();
  expect(errors).toEqual([]);
});

test("what a member types before the app has started is still there once it has: the date of birth, the passwords", async ({ page, request }) => {
  const customer = await newCustomer(request, { tag: 'ssr-typed' });
  await webSignIn(page, customer.login);
  const errors = watchErrors(page);

  let release = await holdAppScripts(page);
  await page.goto('/account', { waitUntil: 'commit' });
  const birth = page.getByRole('group', { name: /^Date of birth/ });
  await birth.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'March' });
  await birth.getByRole('textbox', { name: 'Day' }).fill('7');
  await birth.getByRole('textbox', { name: 'Year' }).fill('1951');
  release();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(birth.getByRole('combobox', { name: 'Month' })).toHaveValue('3');
  await expect(birth.getByRole('textbox', { name: 'Day' })).toHaveValue('7');
  await expect(birth.getByRole('textbox', { name: 'Year' })).toHaveValue('1951');

  await page.unrouteAll({ behavior: 'wait' });
  release = await holdAppScripts(page);
  await page.goto('/account/security', { waitUntil: 'commit' });
  const next = page.getByLabel(/^New password/);
  await next.fill('Early1234');
  release();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(next).toHaveValue('Early1234');
  expect(errors).toEqual([]);
});

test("a member's times are drawn in their browser's time zone, by the server and the browser alike", async ({ browser, request }) => {
  // A zone whose calendar day differs from the server's (UTC) now: far west before noon UTC, far east after.
  const timeZone = new Date().getUTCHours() < 12 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
  const context = await browser.newContext({ timezoneId: timeZone });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const customer = await newCustomer(request, { tag: 'ssr-zone' });
  await webSignIn(page, customer.login);
  // A first page writes the zone's cookie (public/colour-mode.js); the next is drawn in it.
  await page.goto('/about-us');
  expect((await context.cookies()).find((cookie) => cookie.name === 'otc_tz')?.value).toBe(encodeURIComponent(timeZone));
  const answer = await page.goto('/account/security');
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date());
  // React's text separators aside, as read.
  const served = ((await answer?.text()) ?? '').replace(/<!-- -->/g, '');
  // The devices list says when each signed in (now: the zone's day, not the server's).
  expect(served).toContain(`Signed in on ${day}`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(`Signed in on ${day}`).first()).toBeVisible();
  expect(JSON.parse((await page.locator('#server-data').textContent()) ?? '{}').timeZone).toBe(timeZone);
  expect(errors).toEqual([]);
  await context.close();
});

test("a visitor opening a member's page is sent to sign in; a guest's cart is drawn by the server", async ({ page, request }) => {
  const errors = watchErrors(page);
  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Forders$/);
  const [product] = await catalogProducts(request, 'en', 1);
  const dataAsks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/images/') && pathname !== '/api/health') dataAsks.push(pathname);
  });
  // The guest's cart is on the server (its HttpOnly cookie): the HTML lists its row.
  let served = '';
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/cart' && response.request().resourceType() === 'document') {
      void response.text().then((text) => (served = text), () => {});
    }
  });
  await guestCartWith(page, [{ product: product!, amount: 2 }], '/cart');
  await expect(page.getByRole('main').getByRole('link', { name: product!.name }).first()).toBeVisible();
  await expect.poll(() => served).toContain(asHtml(product!.name));
  await page.waitForLoadState('networkidle');
  expect(dataAsks).toEqual([]);
  expect(await page.locator('head title').count()).toBe(1);
  expect(await page.locator('head link[rel="canonical"]').count()).toBe(1);
  await expect(page).toHaveTitle('Cart | Benefit Shop');
  expect(errors).toEqual([]);
});

test('a colour mode chosen in this browser is in force before the first paint and after hydration', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  await context.addInitScript(() => localStorage.setItem('colour-mode', 'dark'));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/about-us', { waitUntil: 'commit' });
  await page.waitForSelector('#root header');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Color mode: Dark' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(errors).toEqual([]);
  await context.close();
});

// Pages that arrive drawn (issue 18): the server draws every public page in its language, the
// browser hydrates it without a mismatch and without asking again for what the page shows, and
// what only the browser knows (the session, the colour mode, the guest cart) follows right after.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { demoProduct, mainHeading } from '../fixtures/shop';
import { newCustomer, signInBrowser } from '../fixtures/purchase';
import { catalogProducts, guestCartWith } from '../fixtures/barriers';

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
  // (/cart: the server draws its frame and the browser the cart it keeps: the test below.)
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
async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'))))
    .toBe(true);
}

for (const locale of shopLocales) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`every public page hydrates what the server drew without a mismatch or a second request (${locale.code}, ${colorScheme})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ colorScheme, locale: locale.code === 'es' ? 'es-US' : 'en-US' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const dataAsks: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/') && !pathname.startsWith('/api/images/')) dataAsks.push(pathname);
      });
      for (const path of PUBLIC_PAGES) {
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
  }
}

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

test("a member's page hydrates signed out as drawn, then shows the member's own header and page", async ({ page, request }) => {
  const customer = await newCustomer(request, { tag: 'ssr-member' });
  const errors = watchErrors(page);
  await signInBrowser(page, customer, '/catalog');
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.goto('/account/orders');
  await expect(mainHeading(page)).toHaveText('My orders');
  // The frame the server drew (heading and a Loading spinner) gave way to the member's page.
  await expect(page.getByRole('main').getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test("before the app starts, a browser holding a session does not show the server's \"Sign in\"", async ({ page, request }) => {
  const customer = await newCustomer(request, { tag: 'ssr-hint' });
  await page.goto('/api/health');
  await page.evaluate((tokens) => localStorage.setItem('session-tokens', JSON.stringify(tokens)), customer.tokens);
  // The app's scripts never arrive: the page stays as the server drew it, before hydration.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/about-us');
  await expect(mainHeading(page)).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bhas-session\b/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeHidden();
  // Signed out, the same page shows it.
  await page.evaluate(() => localStorage.removeItem('session-tokens'));
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
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

test('taps on "One more" and "Add to cart" before the app has started are done in order once it has', async ({ page }) => {
  const errors = watchErrors(page);
  // The app's entry arrives only when the test says: the page is the server's until then.
  const release = await holdAppScripts(page);
  await page.goto(`/item/${demoProduct.id}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'One more' }).click();
  await main.getByRole('button', { name: 'One more' }).click();
  await main.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.locator('html')).toHaveClass(/\bapp-starting\b/);
  release();
  await hydrated(page);
  await expect(page.locator('html')).not.toHaveClass(/\bapp-starting\b/);
  // As on a started page: 1 + 2 = 3 units, added once.
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('guest-cart') ?? '[]') as { amount: number }[]).reduce((sum, row) => sum + row.amount, 0)))
    .toBe(3);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a category chosen and the language switched before the app has started are done once it has', async ({ page }) => {
  const errors = watchErrors(page);
  let release = await holdAppScripts(page);
  await page.goto('/catalog');
  const select = page.getByRole('complementary').getByLabel('Category');
  const option = (await select.getByRole('option').allTextContents()).find((text) => /\(\d+\)$/.test(text)) ?? '';
  await select.selectOption({ label: option });
  release();
  await expect(page).toHaveURL(/[?&]category=\d+/);
  await expect(mainHeading(page)).toHaveText(option.replace(/\s*\(\d+\)$/, ''));

  // The language switch keeps the choice in a cookie: a tap held until the app runs still does.
  await page.unrouteAll();
  release = await holdAppScripts(page);
  await page.goto('/es/about-us');
  await page.getByRole('banner').getByRole('link', { name: /English/ }).first().click();
  release();
  await expect(page).toHaveURL('/about-us');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('en');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a radio button ticked before the app has started shows at once and stays ticked when the app draws the form again', async ({ page }) => {
  const errors = watchErrors(page);
  const release = await holdAppScripts(page);
  await page.goto('/sign-up');
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

test("a visitor opening a member's page is sent to sign in; a guest's cart is drawn from this browser", async ({ page, request }) => {
  const errors = watchErrors(page);
  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Forders$/);
  const [product] = await catalogProducts(request, 'en', 1);
  await guestCartWith(page, [{ product: product!, amount: 2 }], '/cart');
  await expect(page.getByRole('main').getByRole('link', { name: product!.name }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The browser drew the page again over the server's frame: one title and one canonical address.
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

import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';

/** Login-required routes of spec section 2, each opened with a query that must survive. */
const protectedPaths = [
  '/account',
  '/account/orders',
  '/account/addresses',
  '/account/favorites',
  '/account/payment-methods',
  '/account/security',
  '/account/complete',
  '/checkout/1',
  '/order/1',
  '/success/1',
  '/order/delivery',
  '/request-new-product',
];

// One page walks every route (a step each): a browser context per route cost more than the
// routes themselves on CI's two cores.
for (const locale of shopLocales) {
  test(`login required (${locale.code}): each route sends a visitor to the sign-in page with its path and query`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of protectedPaths) {
      const original = `${localized(locale, path)}?from=e2e&step=2`;
      await test.step(original, async () => {
        await page.goto(original);
        await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login'));
        const url = new URL(page.url());
        expect(url.searchParams.get('redirect')).toBe(original);
        await expect(mainHeading(page)).toHaveText(locale.headings.login);
        await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang);
      });
    }
  });
}

test('account/complete keeps its fields and continue parameters in the redirect', async ({ page }) => {
  const original = '/es/account/complete?fields=phone%2Cemail&continue=%2Fes%2Fcart';
  await page.goto(original);
  await expect(page).toHaveURL((url) => url.pathname === '/es/login');
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).not.toBeNull();
  const back = new URL(redirect ?? '', 'http://x');
  expect(back.pathname).toBe('/es/account/complete');
  expect(back.searchParams.get('fields')).toBe('phone,email');
  expect(back.searchParams.get('continue')).toBe('/es/cart');
});

import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { en, es, escapeRegExp, type ShopLocale } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';

async function expectErrorPage(page: Page, locale: ShopLocale, message: string, path: string) {
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(mainHeading(page)).toHaveText(`${message} ${path}`);
  await expect(page.getByText(locale.text.errorApology)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang);
  const home = page.getByRole('link', { name: locale.text.goBackMainPage });
  await expect(home).toBeVisible();
  await home.click();
  await expect(page).toHaveURL(locale.code === 'es' ? /\/es$/ : /\/$/);
  await expect(mainHeading(page)).toHaveText(locale.headings.home);
}

const invalidIds: { locale: ShopLocale; path: string }[] = [
  { locale: en, path: '/item/abc' },
  { locale: en, path: '/checkout/12a' },
  { locale: es, path: '/es/order/x1' },
  { locale: es, path: '/es/item/abc' },
];

// One page walks them all (a step each): a test of its own apiece cost a browser context and a
// first page load each, seconds of CI's 30 minutes for a few lines of checks.
test('a non-digit id is "Page Not Found" with the full path (en, es)', async ({ page }) => {
  for (const { locale, path } of invalidIds) {
    await test.step(`${path}: "${locale.text.notFoundInvalidId}"`, async () => {
      await page.goto(path);
      await expectErrorPage(page, locale, locale.text.notFoundInvalidId, path);
    });
  }
});

const unmatched: { locale: ShopLocale; path: string }[] = [
  { locale: en, path: '/no-such-page' },
  { locale: en, path: '/catalog/extra/segments' },
  { locale: es, path: '/es/no-existe' },
];

test('an unmatched path is "Page not found" with the path (en, es)', async ({ page }) => {
  for (const { locale, path } of unmatched) {
    await test.step(`${path}: "${locale.text.notFoundUnmatched}"`, async () => {
      await page.goto(path);
      await expectErrorPage(page, locale, locale.text.notFoundUnmatched, path);
    });
  }
});

test('the error page title names the status and the message', async ({ page }) => {
  await page.goto('/item/abc');
  await expect(page).toHaveTitle(new RegExp(`^404 ${escapeRegExp(en.text.notFoundInvalidId)} /item/abc`));
  await page.goto('/es/zzz');
  await expect(page).toHaveTitle(new RegExp(`^404 ${escapeRegExp(es.text.notFoundUnmatched)} /es/zzz`));
});

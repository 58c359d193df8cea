import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { en, es, localized, shopLocales, takesTurn, type ShopLocale } from '../fixtures/locales';
import { header, mainHeading } from '../fixtures/shop';

function languageLink(page: Page, locale: ShopLocale) {
  return header(page).getByRole('link', { name: new RegExp(`^${locale.text.otherLanguage}\\b`) }).first();
}

test.describe('language switch', () => {
  test('keeps the page and its query, both ways', async ({ page }) => {
    await page.goto('/catalog?sort=price-asc');
    await expect(mainHeading(page)).toHaveText(en.headings.catalog);
    await languageLink(page, en).click();
    await expect(page).toHaveURL('/es/catalog?sort=price-asc');
    await expect(mainHeading(page)).toHaveText(es.headings.catalog);
    await expect(page.locator('html')).toHaveAttribute('lang', es.htmlLang);
    await expect(page.getByLabel(es.text.sortBy)).toHaveValue('price-asc');

    await languageLink(page, es).click();
    await expect(page).toHaveURL('/catalog?sort=price-asc');
    await expect(mainHeading(page)).toHaveText(en.headings.catalog);
    await expect(page.locator('html')).toHaveAttribute('lang', en.htmlLang);
  });

  test('the locale cookie lasts about 365 days and the choice is remembered', async ({ page, context }) => {
    await page.goto('/about-us');
    await languageLink(page, en).click();
    await expect(mainHeading(page)).toHaveText(es.headings.aboutUs);
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('es');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
  });
});

test.describe('first visit with a Spanish browser', () => {
  test.use({ locale: 'es-US' });

  test('lands on /es', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/es$/);
    await expect(mainHeading(page)).toHaveText(es.headings.home);
    await expect(page.locator('html')).toHaveAttribute('lang', es.htmlLang);
  });

  test('keeps the page it asked for', async ({ page }) => {
    await page.goto('/catalog?sort=price-asc');
    await expect(page).toHaveURL('/es/catalog?sort=price-asc');
    await expect(mainHeading(page)).toHaveText(es.headings.catalog);
  });

  test('an explicit English choice wins over the browser language', async ({ page }) => {
    await page.goto('/es/about-us');
    await languageLink(page, es).click();
    await expect(page).toHaveURL('/about-us');
    await page.goto('/');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(mainHeading(page)).toHaveText(en.headings.home);
  });
});

for (const locale of shopLocales) {
  test.describe(`colour mode (${locale.code})`, () => {
    async function choose(page: Page, label: string) {
      await header(page).getByRole('button', { name: locale.text.colourMode }).click();
      await header(page).getByRole('button', { name: label, exact: true }).click();
    }

    // Walked in one language (`takesTurn`): the colour mode does not depend on it.
    if (takesTurn(locale, 0)) test('system, light and dark switch the dark class on <html> and are remembered', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(localized(locale, '/'));
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
      const html = page.locator('html');
      await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(header(page).getByRole('button', { name: locale.text.colourMode })).toHaveAccessibleName(
        new RegExp(locale.text.sameAsDevice),
      );

      await choose(page, locale.text.dark);
      await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
      await page.reload();
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
      await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(header(page).getByRole('button', { name: locale.text.colourMode })).toHaveAccessibleName(
        new RegExp(locale.text.dark),
      );

      // "Light" wins over a dark system preference.
      await page.emulateMedia({ colorScheme: 'dark' });
      await choose(page, locale.text.light);
      await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
      await page.reload();
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
      await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

      // "Same as device" follows the system again (dark here).
      await choose(page, locale.text.sameAsDevice);
      await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
      await page.reload();
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
      await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    });
  });
}

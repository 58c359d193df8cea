import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { demoProduct, mainHeading, openSearch } from '../fixtures/shop';
import { outOfView } from '../fixtures/layout';

/**
 * The narrowest phone the shop supports is 320 px wide: no page may scroll sideways there (long
 * Spanish words and prices included), and the search modal fits too.
 */
const NARROWEST = { width: 320, height: 640 };

const pages = [
  '/',
  '/catalog',
  `/item/${demoProduct.id}`,
  '/contacts',
  '/balance-check',
  '/docs/items-eligibility',
  '/accessibility',
  '/return-policy',
  '/cart',
  '/login',
  '/not-a-page',
];

test.use({ viewport: NARROWEST });

for (const locale of shopLocales) {
  test.describe(`320 px wide (${locale.code})`, () => {
    test('no page scrolls sideways', async ({ page }) => {
      for (const path of pages) {
        const url = localized(locale, path);
        await page.goto(url);
        await expect(mainHeading(page)).toBeVisible();
        // Pictures and late data can widen a page after the heading shows: wait for the network.
        await page.waitForLoadState('networkidle');
        expect(await outOfView(page), url).toEqual([]);
      }
    });

    test('the search modal and its results fit', async ({ page }) => {
      await page.goto(localized(locale, '/'));
      const dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill(locale.searchWord);
      await dialog.getByRole('searchbox').press('Enter');
      await expect(dialog.getByRole('link', { name: new RegExp(locale.searchWord, 'i') }).first()).toBeVisible();
      expect(await outOfView(page)).toEqual([]);
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= NARROWEST.width).toBe(true);
    });
  });
}

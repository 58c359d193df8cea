import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { demoProduct, mainHeading, openSearch } from '../fixtures/shop';

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

/**
 * Visible elements that reach past either edge of the viewport. The layout clips sideways overflow
 * (overflow-x: clip) as a safety net, so the document's scroll width alone would hide it: every
 * element is measured instead, except inside a box that scrolls or truncates on purpose.
 */
function outOfView(page: Page) {
  return page.evaluate(() => {
    const intended = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if (['auto', 'scroll', 'hidden'].includes(overflowX)) return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      // Nothing to see: empty, or visually hidden (sr-only: clipped to nothing).
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).clipPath !== 'none') continue;
      if (rect.left >= -0.5 && rect.right <= window.innerWidth + 0.5) continue;
      if (intended(element)) continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      offenders.push(`${element.tagName.toLowerCase()}.${element.className} [${Math.round(rect.left)}..${Math.round(rect.right)}] ${text}`);
    }
    return offenders.slice(0, 5);
  });
}

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

import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, walkedIn, type ShopLocale } from '../fixtures/locales';
import { catalogTotal, mainHeading, productList } from '../fixtures/shop';

/** The product cards of the list (one list item per product; skeletons have no heading). */
function cards(page: Page, locale: ShopLocale) {
  return productList(page, locale).getByRole('listitem').filter({ has: page.getByRole('heading') });
}

function prices(texts: string[]): number[] {
  return texts.map((text) => Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN));
}

for (const locale of walkedIn('en')) {
  test.describe(`catalog (${locale.code})`, () => {
    test('loads with a total count and a first page of cards', async ({ page }) => {
      await page.goto(localized(locale, '/catalog'));
      await expect(mainHeading(page)).toHaveText(locale.headings.catalog);
      const total = await catalogTotal(page, locale);
      expect(total).toBeGreaterThan(24);
      await expect(cards(page, locale)).toHaveCount(24);
      await expect(page.getByRole('link', { name: locale.text.loadMore })).toBeVisible();
    });

    test('filtering by category puts category in the address and narrows the list', async ({ page }) => {
      await page.goto(localized(locale, '/catalog'));
      const total = await catalogTotal(page, locale);
      const select = page.getByRole('complementary').getByLabel(locale.code === 'es' ? 'Categoría' : 'Category');
      const options = await select.getByRole('option').allTextContents();
      const option = options.find((text) => /\(\d+\)$/.test(text));
      expect(option, 'a category option with its count').toBeDefined();
      const name = (option ?? '').replace(/\s*\(\d+\)$/, '');
      const count = Number(/\((\d+)\)$/.exec(option ?? '')?.[1]);
      await select.selectOption({ label: option ?? '' });
      await expect(page).toHaveURL(/[?&]category=\d+/);
      await expect(mainHeading(page)).toHaveText(name);
      await expect(page.getByText(locale.text.productCount)).toHaveText(new RegExp(`^${count} `));
      expect(count).toBeLessThan(total);
      await expect(cards(page, locale)).toHaveCount(Math.min(count, 24));
    });

    test('load more shows more cards with page=2; sorting resets the page', async ({ page }) => {
      await page.goto(localized(locale, '/catalog'));
      await catalogTotal(page, locale);
      await expect(cards(page, locale)).toHaveCount(24);
      await page.getByRole('link', { name: locale.text.loadMore }).click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(cards(page, locale)).toHaveCount(48);
      // The focus is on the first new card, and what came is said (issue 33).
      await expect(cards(page, locale).nth(24).locator(':focus')).toHaveCount(1);
      await expect(page.getByRole('status').filter({ hasText: locale.code === 'es' ? 'Se muestran 24 productos más' : '24 more products shown' })).toHaveCount(1);

      await page.getByLabel(locale.text.sortBy).selectOption({ label: locale.text.priceLowToHigh });
      await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
      await expect(page).not.toHaveURL(/[?&]page=/);
      await expect(cards(page, locale)).toHaveCount(24);
      const shown = prices(await cards(page, locale).allInnerTexts());
      expect(shown.every((price) => Number.isFinite(price))).toBe(true);
      expect(shown).toEqual([...shown].sort((a, b) => a - b));

      // Each change is a history entry: Back returns to the unsorted second page.
      await page.goBack();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(page).not.toHaveURL(/sort=/);
    });

    test('opening an item and going back restores the scroll position', async ({ page }) => {
      await page.goto(localized(locale, '/catalog'));
      await catalogTotal(page, locale);
      await page.getByRole('link', { name: locale.text.loadMore }).click();
      await expect(cards(page, locale)).toHaveCount(48);
      const card = cards(page, locale).nth(37);
      await card.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      // The wheel may still be scrolling smoothly: take the position once it has stopped moving.
      let before = -1;
      await expect
        .poll(async () => {
          const previous = before;
          before = await page.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => done(window.scrollY))));
          return before === previous;
        })
        .toBe(true);
      const link = card.getByRole('heading').getByRole('link');
      const name = (await link.textContent())?.trim() ?? '';
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/item/\\d+$`));
      await expect(mainHeading(page)).toHaveText(name);

      await page.goBack();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(cards(page, locale)).toHaveCount(48);
      await expect
        .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before), {
          message: `scrollY back near ${before}`,
        })
        .toBeLessThan(80);
    });
  });
}

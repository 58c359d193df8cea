/**
 * The focus never falls to the page body (WCAG 2.4.3, 2.4.7), and the two-tap remove has no time
 * limit (2.2.1), in one language by turns (fixtures/locales.ts, walkedIn; both before CI ran out of its 30 minutes) (issue 21):
 * - a quantity stepper that reaches 1 (or the stock) keeps the focus on its button;
 * - a removed cart line hands the focus to the next line (the heading when the cart empties), and
 *   the removal is said once in a status line;
 * - the search modal and the phone menu closed by a tap on the backdrop give the focus back to the
 *   button that opened them;
 * - "Press again to remove" waits as long as the person needs.
 */
import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { demoProduct, header, mainHeading, openSearch } from '../fixtures/shop';
import { barrierWords, catalogProducts, focused, guestCartWith } from '../fixtures/barriers';

for (const locale of walkedIn('es')) {
  const words = barrierWords[locale.code];

  test.describe(`focus is never lost (${locale.code})`, () => {
    test('a stepper at 1 keeps the focus on its button, on the item page and in the cart', async ({ page, request }) => {
      await page.goto(localized(locale, `/item/${demoProduct.id}`));
      const main = page.getByRole('main');
      const more = main.getByRole('button', { name: words.itemOneMore, exact: true });
      const less = main.getByRole('button', { name: words.itemOneLess, exact: true });
      await more.click();
      await less.focus();
      await page.keyboard.press('Enter');
      await expect(less).toHaveAttribute('aria-disabled', 'true');
      expect(await focused(page)).not.toBe('body');
      await expect(less).toBeFocused();
      // Pressed again at 1: nothing happens, the focus stays.
      await page.keyboard.press('Enter');
      await expect(less).toBeFocused();

      const [product] = await catalogProducts(request, locale.code, 1);
      await guestCartWith(page, [{ product: product!, amount: 2 }], localized(locale, '/cart'));
      const list = page.getByRole('list', { name: words.itemsInCart });
      const lineLess = list.getByRole('button', { name: words.oneLess(product!.name) });
      await lineLess.focus();
      await page.keyboard.press('Enter');
      await expect(list.getByRole('group').first()).toContainText('1');
      await expect(lineLess).toHaveAttribute('aria-disabled', 'true');
      await expect(lineLess).toBeFocused();
    });

    test('a removed cart line hands the focus on and is said; the remove waits without a time limit', async ({ page, request }) => {
      const [first, second] = await catalogProducts(request, locale.code, 2);
      // The clock is the page's: ten minutes pass in an instant while the remove waits.
      await page.clock.install();
      await guestCartWith(page, [{ product: first!, amount: 1 }, { product: second!, amount: 1 }], localized(locale, '/cart'));
      const list = page.getByRole('list', { name: words.itemsInCart });
      await list.getByRole('button', { name: words.remove(first!.name) }).focus();
      await page.keyboard.press('Enter');
      const armed = list.getByRole('button', { name: words.tapAgain(first!.name) });
      await expect(armed).toBeFocused();
      await page.clock.runFor(10 * 60_000);
      await expect(armed).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(list.getByRole('link', { name: first!.name })).toHaveCount(0);
      // The next line's name has the focus; the removal is said in the status line.
      await expect(list.getByRole('link', { name: second!.name })).toBeFocused();
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: words.removed(first!.name) })).toHaveCount(1);

      // The last line: the focus goes to the heading of the emptied cart, and it is said too.
      await list.getByRole('button', { name: words.remove(second!.name) }).click();
      await list.getByRole('button', { name: words.tapAgain(second!.name) }).click();
      await expect(mainHeading(page)).toBeFocused();
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: words.removed(second!.name) })).toHaveCount(1);
    });

    test('"Show more products" puts the focus on the first new card and says how many came (issue 33)', async ({ page }) => {
      await page.goto(localized(locale, '/catalog'));
      const main = page.getByRole('main');
      const more = main.getByRole('link', { name: locale.text.loadMore });
      await expect(more).toBeVisible();
      // The status line is in the page, empty, before the press.
      const said = main.locator('p[role="status"].sr-only');
      await expect(said).toHaveText('');
      const shown = await main.locator('ul > li a[href]').count();
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(said).toHaveText(/\b24\b/);
      expect(await focused(page)).not.toBe('body');
      // The focus is in the first card of the new page, not left below it on the button.
      const place = await page.evaluate(() => {
        const item = document.activeElement?.closest('li');
        return item ? Array.from(item.parentElement!.children).indexOf(item) : -1;
      });
      expect(place, `${shown} links before`).toBe(24);
    });

    test('the search modal closed by a tap on the backdrop gives the focus back to its button', async ({ page }) => {
      await page.goto(localized(locale, '/'));
      await expect(mainHeading(page)).toBeVisible();
      const dialog = await openSearch(page, locale);
      const box = await dialog.boundingBox();
      // Below the panel (it sits at the top): the backdrop.
      await page.mouse.click(10, Math.min((box?.y ?? 0) + (box?.height ?? 0) + 40, page.viewportSize()!.height - 5));
      await expect(dialog).toHaveCount(0);
      expect(await focused(page)).not.toBe('body');
      await expect(header(page).getByRole('button', { name: locale.text.search, exact: true })).toBeFocused();
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 } });
      test('the menu closed by a tap on the backdrop gives the focus back to its button', async ({ page }) => {
        await page.goto(localized(locale, '/'));
        await expect(mainHeading(page)).toBeVisible();
        const opener = header(page).getByRole('button', { name: words.openMenu });
        await opener.click();
        const menu = page.getByRole('dialog', { name: words.menu });
        await expect(menu).toBeVisible();
        // Left of the panel (it slides in from the right): the backdrop.
        await page.mouse.click(5, 400);
        await expect(menu).toHaveCount(0);
        expect(await focused(page)).not.toBe('body');
        await expect(opener).toBeFocused();
      });
    });
  });
}

import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading, openSearch, searchDialog } from '../fixtures/shop';

for (const locale of walkedIn('en')) {
  test.describe(`search modal (${locale.code})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(localized(locale, '/'));
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
    });

    test('opens from the header with the input focused and the categories under 3 characters', async ({ page }) => {
      const dialog = await openSearch(page, locale);
      const input = dialog.getByRole('searchbox', { name: locale.text.searchProducts });
      await expect(input).toBeFocused();
      await expect(dialog.getByRole('heading', { name: locale.text.browseByCategory })).toBeVisible();
      const allProducts = dialog.getByRole('link', { name: locale.text.allProducts });
      await expect(allProducts).toHaveAttribute('href', localized(locale, '/catalog'));
      // One link per category, each to the catalog filtered by it.
      const categoryLinks = dialog.getByRole('link').filter({ hasNotText: locale.text.allProducts });
      await expect(categoryLinks.first()).toHaveAttribute('href', new RegExp(`^${locale.prefix}/catalog\\?category=\\d+$`));
      expect(await categoryLinks.count()).toBeGreaterThan(3);

      await input.fill('ib');
      await expect(dialog.getByRole('heading', { name: locale.text.browseByCategory })).toBeVisible();
    });

    test(`typing "${locale.searchWord}" finds products; a result opens the item and closes the modal`, async ({ page }) => {
      const dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill(locale.searchWord);
      await expect(dialog.getByRole('heading', { name: locale.text.productsFound })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: locale.text.browseByCategory })).toBeHidden();
      const result = dialog.getByRole('listitem').getByRole('link', { name: /ibuprofen/i }).first();
      await expect(result).toBeVisible();
      await expect(dialog.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();
      const name = ((await result.textContent()) ?? '').trim();
      await result.click();
      await expect(searchDialog(page, locale)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`^[^?]*${locale.prefix}/item/\\d+$`));
      await expect(mainHeading(page)).toHaveText(name);
    });

    test('nothing found offers to request the product', async ({ page }) => {
      const dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill('zzzzqqq');
      await dialog.getByRole('searchbox').press('Enter');
      await expect(dialog.getByText(locale.text.nothingFound)).toBeVisible();
      const request = dialog.getByRole('link', { name: locale.text.askToAddProduct });
      // The words typed go with it, as the product's name (issue 19).
      await expect(request).toHaveAttribute('href', `${localized(locale, '/request-new-product')}?name=zzzzqqq`);
      // A visitor is sent to sign in first, with the request page (and the words) as the redirect.
      await request.click();
      await expect(searchDialog(page, locale)).toBeHidden();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login'));
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${localized(locale, '/request-new-product')}?name=zzzzqqq`);
    });

    test('Escape and both close buttons close it; the text is kept on reopening', async ({ page }) => {
      let dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill('vit');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      dialog = await openSearch(page, locale);
      await expect(dialog.getByRole('searchbox')).toHaveValue('vit');
      await dialog.getByRole('button', { name: locale.text.closeSearch }).click();
      await expect(dialog).toBeHidden();

      dialog = await openSearch(page, locale);
      await dialog.getByRole('button', { name: locale.text.close, exact: true }).click();
      await expect(dialog).toBeHidden();
      // Focus returns to the page (the header button that opened it).
      await expect(page.getByRole('button', { name: locale.text.search, exact: true })).toBeFocused();
    });
  });
}

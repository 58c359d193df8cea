/**
 * Issue 19, in Chromium and both languages: a brand is searched as its generic (never "check the
 * spelling"), the modal says the true total and links "See all N results" to the catalog with
 * `q`, and the catalog searches with `q` together with its sort and load more, all kept in the
 * address; Back from an item restores the list and where the reader was.
 */
import { expect, test } from '../fixtures/test';
import { localized, shopLocales, type LocaleCode } from '../fixtures/locales';
import { catalogTotal, mainHeading, openSearch, productList, searchDialog } from '../fixtures/shop';

const words: Record<
  LocaleCode,
  {
    tylenolMatch: string;
    checkSpelling: RegExp;
    seeAll: (n: number) => string;
    resultsFor: (q: string) => string;
    clearSearch: string;
    vitamins: string;
    vitaminsMatch: RegExp;
    generic: RegExp;
  }
> = {
  en: {
    tylenolMatch: 'Showing acetaminophen, the generic of Tylenol',
    checkSpelling: /check the spelling/i,
    seeAll: (n) => (n === 1 ? 'See the 1 result' : `See all ${n} results`),
    resultsFor: (q) => `Results for “${q}”`,
    clearSearch: 'Clear search',
    vitamins: 'vitamins',
    vitaminsMatch: /^Showing the category Vitamins/,
    generic: /acetaminophen/i,
  },
  es: {
    tylenolMatch: 'Mostrando acetaminofén, el genérico de Tylenol',
    checkSpelling: /revise la ortografía/i,
    seeAll: (n) => (n === 1 ? 'Ver el 1 resultado' : `Ver los ${n} resultados`),
    resultsFor: (q) => `Resultados para “${q}”`,
    clearSearch: 'Borrar la búsqueda',
    vitamins: 'vitaminas',
    vitaminsMatch: /^Mostrando la categoría Vitaminas/,
    generic: /acetaminof[eé]n/i,
  },
};

for (const locale of shopLocales) {
  const w = words[locale.code];

  test.describe(`search by brand and see all (${locale.code})`, () => {
    test('“tylenol” is searched as its generic, with the true total; “See all” opens the catalog with q', async ({ page, request }) => {
      const answer = await request.get('/api/search/products?q=tylenol', { headers: { 'Accept-Language': locale.code } });
      const expected = ((await answer.json()) as { total: number }).total;
      expect(expected).toBeGreaterThan(0);

      await page.goto(localized(locale, '/'));
      // The first page of a fresh browser: the app starts before the page shows.
      await expect(mainHeading(page)).toHaveText(locale.headings.home, { timeout: 15_000 });
      const dialog = await openSearch(page, locale);
      const input = dialog.getByRole('searchbox');
      await input.fill('tylenol');
      await input.press('Enter');

      await expect(dialog.getByTestId('search-matches')).toHaveText(w.tylenolMatch);
      await expect(dialog.getByRole('heading', { name: locale.text.productsFound })).toHaveText(
        locale.code === 'es' ? `Productos encontrados: ${expected}` : `Products found: ${expected}`,
      );
      await expect(dialog.getByText(w.checkSpelling)).toHaveCount(0);
      await expect(dialog.getByRole('listitem').getByRole('link', { name: w.generic }).first()).toBeVisible();

      const seeAll = dialog.getByRole('link', { name: w.seeAll(expected) }).first();
      await expect(seeAll).toHaveAttribute('href', `${localized(locale, '/catalog')}?q=tylenol`);
      await seeAll.click();
      await expect(searchDialog(page, locale)).toBeHidden();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === `${localized(locale, '/catalog')}?q=tylenol`);
      await expect(page.getByText(w.resultsFor('tylenol'))).toBeVisible();
      await expect(page.getByRole('main').getByTestId('search-matches')).toHaveText(w.tylenolMatch);
      await expect.poll(() => catalogTotal(page, locale)).toBe(expected);
      await expect(productList(page, locale).getByRole('heading', { level: 3 }).first()).toHaveText(w.generic);

      // The words are cleared on their own: the whole catalog again.
      await page.getByRole('button', { name: w.clearSearch }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/catalog') && url.search === '');
      await expect(page.getByText(w.resultsFor('tylenol'))).toHaveCount(0);
      await expect.poll(() => catalogTotal(page, locale)).toBeGreaterThan(expected);
    });

    test('the catalog keeps q with sort and load more in the address; Back from an item restores the list and scroll', async ({ page, request }) => {
      // Two catalog pages of 24 cards drawn twice (a sort, then more), an item and Back: on a slow
      // CI machine the whole walk takes close to the default 30 s.
      test.setTimeout(60_000);
      const answer = await request.get(`/api/catalog/products?q=${w.vitamins}`, { headers: { 'Accept-Language': locale.code } });
      const { total } = (await answer.json()) as { total: number };
      expect(total).toBeGreaterThan(24);

      await page.goto(`${localized(locale, '/catalog')}?q=${w.vitamins}`);
      // The first page of a fresh browser: the app starts before the page shows (more than the
      // default 7 s on a slow machine with another worker beside it).
      await expect(page.getByText(w.resultsFor(w.vitamins))).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('main').getByTestId('search-matches')).toHaveText(w.vitaminsMatch);
      await expect.poll(() => catalogTotal(page, locale)).toBe(total);

      await page.getByLabel(locale.text.sortBy).selectOption({ label: locale.text.priceLowToHigh });
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === w.vitamins && url.searchParams.get('sort') === 'price-asc');
      const cards = productList(page, locale).getByRole('listitem');
      /** The cards' prices in cents, in the order shown. */
      const listedCents = async () =>
        (await productList(page, locale).getByText(/^\$\d+\.\d{2}$/).allTextContents()).map((price) =>
          Math.round(Number(price.slice(1)) * 100),
        );
      // The list in the new order, not the one before it (still on screen while the new one renders).
      await expect
        .poll(async () => {
          const cents = await listedCents();
          return cents.length === 24 && cents.every((value, index) => index === 0 || cents[index - 1]! <= value);
        })
        .toBe(true);
      await expect(cards).toHaveCount(24);
      await page.getByRole('link', { name: locale.text.loadMore }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.searchParams.get('page') === '2' &&
          url.searchParams.get('q') === w.vitamins &&
          url.searchParams.get('sort') === 'price-asc',
      );
      await expect(cards).toHaveCount(total);
      const cents = await listedCents();
      expect(cents).toEqual([...cents].sort((a, b) => a - b));

      // Far down the second page: open an item, come Back.
      const target = cards.nth(total - 3).getByRole('heading', { level: 3 }).getByRole('link');
      await target.scrollIntoViewIfNeeded();
      const name = ((await target.textContent()) ?? '').trim();
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(1000);
      const listUrl = page.url();
      await target.click();
      await expect(mainHeading(page)).toHaveText(name);
      await page.goBack();
      await expect(page).toHaveURL(listUrl);
      await expect(cards).toHaveCount(total);
      await expect(productList(page, locale).getByRole('link', { name, exact: true })).toBeInViewport();
      const after = await page.evaluate(() => window.scrollY);
      expect(Math.abs(after - before)).toBeLessThan(150);
    });
  });
}

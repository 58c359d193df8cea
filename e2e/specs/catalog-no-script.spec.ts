// The catalog before and without its scripts (issue 29): a guest on a phone and on a desktop, with
// JavaScript off, in both languages, searches from the header, filters by category and brand,
// sorts by price and asks for the items their plan covers. Every control is a plain GET form of
// the catalog's address (a POST for the plan, as before): the server draws each result, and the
// controls show what was chosen. The phone's filters (a drawer with the scripts) and the search
// field (a window with the scripts) are the catalog's own, shown while the address's #fragment
// names them. The scripted behaviour is catalog.spec.ts's and search*.spec.ts's.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { localized, shopLocales, type LocaleCode, type ShopLocale } from '../fixtures/locales';
import { catalogTotal, header, mainHeading, productList } from '../fixtures/shop';

test.use({ javaScriptEnabled: false });

/** A plan the demo data has (apps/api/README.md, Demo data), chosen by the guest on the page. */
const PLAN = { code: 'cl1', name: 'Clear Living One' };

const words: Record<LocaleCode, {
  filters: string;
  category: string;
  brand: string;
  applyFilters: string;
  sort: string;
  resultsFor: (q: string) => string;
  clearSearch: string;
  coverage: string;
  yourPlan: string;
  showMyCoverage: string;
  coveredOnly: string;
  apply: string;
}> = {
  en: {
    filters: 'Filters',
    category: 'Category',
    brand: 'Brand',
    applyFilters: 'Apply filters',
    sort: 'Sort',
    resultsFor: (q) => `Results for “${q}”`,
    clearSearch: 'Clear search',
    coverage: 'Health plan coverage',
    yourPlan: 'Your health plan',
    showMyCoverage: 'Show my coverage',
    coveredOnly: `Show only items ${PLAN.name} covers`,
    apply: 'Apply',
  },
  es: {
    filters: 'Filtros',
    category: 'Categoría',
    brand: 'Marca',
    applyFilters: 'Aplicar filtros',
    sort: 'Ordenar',
    resultsFor: (q) => `Resultados para “${q}”`,
    clearSearch: 'Borrar la búsqueda',
    coverage: 'Cobertura del plan de salud',
    yourPlan: 'Su plan de salud',
    showMyCoverage: 'Ver mi cobertura',
    coveredOnly: `Mostrar solo lo que cubre ${PLAN.name}`,
    apply: 'Aplicar',
  },
};

const screens = [
  { name: 'phone', viewport: { width: 375, height: 667 }, phone: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
] as const;

/** The API's answer for a catalog address's filters, in the page's language. */
async function listed(request: APIRequestContext, locale: ShopLocale, query: Record<string, string>) {
  const answer = await request.get(`/api/catalog/products?${new URLSearchParams(query).toString()}`, {
    headers: { 'Accept-Language': locale.code },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { total: number; brands: string[]; products: { price: string }[] };
}

/**
 * A category and one of its brands the plan covers some, not all, items of: each step (category,
 * brand, covered only) narrows the list the page shows.
 */
async function chooseFilters(request: APIRequestContext, locale: ShopLocale) {
  const answer = await request.get('/api/catalog/categories', { headers: { 'Accept-Language': locale.code } });
  const categories = (await answer.json()) as { id: number; name: string; productCount: number }[];
  for (const category of categories) {
    const inCategory = await listed(request, locale, { category: String(category.id) });
    for (const brand of inCategory.brands) {
      const query = { category: String(category.id), brand };
      const [all, covered] = [await listed(request, locale, query), await listed(request, locale, { ...query, plan: PLAN.code })];
      if (all.total >= 3 && covered.total > 0 && covered.total < all.total && all.total < inCategory.total) {
        return { category, categoryTotal: inCategory.total, brand, brandTotal: all.total, coveredTotal: covered.total };
      }
    }
  }
  throw new Error(`no category and brand ${PLAN.code} covers part of`);
}

/**
 * Whether `url` is the catalog with exactly these parameters (in any order: an address the server
 * cleans comes back with its parameters sorted).
 */
function isCatalogWith(url: URL, catalog: string, query: Record<string, string>): boolean {
  const sorted = (entries: [string, string][]) => JSON.stringify([...entries].sort(([a], [b]) => a.localeCompare(b)));
  return url.pathname === catalog && sorted([...url.searchParams]) === sorted(Object.entries(query));
}

function prices(texts: string[]): number[] {
  return texts.map((text) => Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN));
}

/** The page's filters form (in the sidebar; on a phone shown by its "Filters" button). */
async function openFilters(page: Page, phone: boolean, filtersWord: string) {
  const aside = page.getByRole('complementary', { name: filtersWord });
  if (phone) {
    await expect(aside).toBeHidden();
    const before = page.url();
    await page.getByRole('main').getByRole('button', { name: filtersWord, exact: true }).click();
    // The same address with the fragment that shows them.
    await expect(page).toHaveURL(`${before.split('#')[0]}#catalog-filters`);
  }
  await expect(aside).toBeVisible();
  await expect(aside.locator('form')).toHaveCount(1);
  return aside;
}

for (const locale of shopLocales) {
  const w = words[locale.code];
  for (const screen of screens) {
    test.describe(`the catalog without scripts (${locale.code}, ${screen.name})`, () => {
      test.use({ viewport: screen.viewport });

      test('search from the header, filter by category and brand, sort by price, covered items only', async ({ page, request }) => {
        test.setTimeout(120_000);
        const catalog = localized(locale, '/catalog');
        const picked = await chooseFilters(request, locale);
        const { category, brand } = picked;

        // Search: the header's button leads to the catalog's own search field; Enter sends q.
        await page.goto(localized(locale, '/'));
        const searchField = page.getByRole('searchbox', { name: locale.text.searchProducts });
        await header(page).getByRole('button', { name: locale.text.search, exact: true }).click();
        await expect(page).toHaveURL((url) => url.pathname === catalog && url.hash === '#catalog-search');
        await expect(searchField).toBeVisible();
        await expect(searchField).toBeInViewport();
        await searchField.fill(locale.searchWord);
        await searchField.press('Enter');
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, { q: locale.searchWord }));
        await expect(page.getByText(w.resultsFor(locale.searchWord), { exact: true })).toBeVisible();
        expect(await catalogTotal(page, locale)).toBe((await listed(request, locale, { q: locale.searchWord })).total);
        // The field is gone again (its fragment is not in the address); "Clear search" is a form too.
        await expect(searchField).toBeHidden();
        await page.getByRole('button', { name: w.clearSearch }).click();
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, {}));
        await expect(page.getByText(w.resultsFor(locale.searchWord))).toHaveCount(0);

        // Category: one form with the brand and the price range; the address is clean (no empty fields).
        let filters = await openFilters(page, screen.phone, w.filters);
        await filters.getByRole('combobox', { name: w.category }).selectOption(String(category.id));
        await filters.getByRole('button', { name: w.applyFilters }).click();
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, { category: String(category.id) }) && url.hash === '');
        await expect(mainHeading(page)).toHaveText(category.name);
        expect(await catalogTotal(page, locale)).toBe(picked.categoryTotal);
        // Applied, a phone's filters close: the list is what is seen.
        if (screen.phone) await expect(page.getByRole('complementary', { name: w.filters })).toBeHidden();

        // Brand: the category rides along.
        filters = await openFilters(page, screen.phone, w.filters);
        await expect(filters.getByRole('combobox', { name: w.category })).toHaveValue(String(category.id));
        await filters.getByRole('combobox', { name: w.brand }).selectOption(brand);
        await filters.getByRole('button', { name: w.applyFilters }).click();
        const filtered = { category: String(category.id), brand };
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, filtered));
        expect(await catalogTotal(page, locale)).toBe(picked.brandTotal);
        // The form shows both (on a phone, once opened again).
        await expect(page.locator('#catalog-filters select[name="category"]')).toHaveValue(String(category.id));
        await expect(page.locator('#catalog-filters select[name="brand"]')).toHaveValue(brand);

        // Sort: the select and its button; the filters ride along.
        const sort = page.getByLabel(locale.text.sortBy);
        await sort.selectOption({ label: locale.text.priceLowToHigh });
        await page.getByRole('main').getByRole('button', { name: w.sort, exact: true }).click();
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, { ...filtered, sort: 'price-asc' }));
        await expect(sort).toHaveValue('price-asc');
        const cards = productList(page, locale).getByRole('listitem');
        await expect(cards).toHaveCount(Math.min(picked.brandTotal, 24));
        const shown = prices(await cards.allInnerTexts());
        expect(shown.every((price) => Number.isFinite(price))).toBe(true);
        expect(shown).toEqual([...shown].sort((a, b) => a - b));

        // Covered only: the plan is chosen with the picker's post, then the box is a GET form.
        await page.getByRole('combobox', { name: w.yourPlan }).selectOption(PLAN.code);
        await page.getByRole('button', { name: w.showMyCoverage }).click();
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, { ...filtered, sort: 'price-asc' }));
        const coverage = page.getByRole('region', { name: w.coverage });
        const only = coverage.getByRole('checkbox', { name: w.coveredOnly });
        await expect(only).not.toBeChecked();
        await expect(productList(page, locale).locator('[data-covered="false"]').first()).toBeVisible();
        await only.check();
        await coverage.getByRole('button', { name: w.apply, exact: true }).click();
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, { ...filtered, sort: 'price-asc', coverage: 'covered' }));
        await expect(coverage.getByRole('checkbox', { name: w.coveredOnly })).toBeChecked();
        expect(await catalogTotal(page, locale)).toBe(picked.coveredTotal);
        await expect(productList(page, locale).locator('[data-covered="false"]')).toHaveCount(0);
        await expect(productList(page, locale).locator('[data-covered="true"]').first()).toBeVisible();
        await expect(page.getByLabel(locale.text.sortBy)).toHaveValue('price-asc');

        // Unticked: every item again, with its mark.
        await coverage.getByRole('checkbox', { name: w.coveredOnly }).uncheck();
        await coverage.getByRole('button', { name: w.apply, exact: true }).click();
        await expect(page).toHaveURL((url) => isCatalogWith(url, catalog, { ...filtered, sort: 'price-asc' }));
        expect(await catalogTotal(page, locale)).toBe(picked.brandTotal);
        await expect(coverage.getByRole('checkbox', { name: w.coveredOnly })).not.toBeChecked();
      });
    });
  }
}

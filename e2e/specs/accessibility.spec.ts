import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales, type ShopLocale } from '../fixtures/locales';
import { demoProduct, mainHeading, openSearch } from '../fixtures/shop';

type Scheme = 'light' | 'dark';

const screens: { name: string; open: (page: Page, locale: ShopLocale) => Promise<void> }[] = [
  {
    name: 'home',
    open: async (page, locale) => {
      await page.goto(localized(locale, '/'));
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
    },
  },
  {
    name: 'catalog',
    open: async (page, locale) => {
      await page.goto(localized(locale, '/catalog'));
      await expect(page.getByText(locale.text.productCount)).toBeVisible();
      await expect(page.getByRole('button', { name: locale.text.loadMore })).toBeVisible();
    },
  },
  {
    name: 'item',
    open: async (page, locale) => {
      await page.goto(localized(locale, `/item/${demoProduct.id}`));
      await expect(mainHeading(page)).toHaveText(demoProduct.name[locale.code]);
    },
  },
  {
    name: 'search modal',
    open: async (page, locale) => {
      await page.goto(localized(locale, '/'));
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
      const dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill(locale.searchWord);
      await expect(dialog.getByRole('heading', { name: locale.text.productsFound })).toBeVisible();
    },
  },
];

for (const locale of shopLocales) {
  for (const scheme of ['light', 'dark'] as Scheme[]) {
    for (const screen of screens) {
      test(`axe: ${screen.name} (${locale.code}, ${scheme}) has no serious or critical violations`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await screen.open(page, locale);
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const report = serious.map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help}\n` +
            v.nodes
              .slice(0, 5)
              .map((node) => `    ${node.target.join(' ')} :: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
              .join('\n'),
        );
        expect(serious, report.join('\n')).toEqual([]);
      });
    }
  }
}

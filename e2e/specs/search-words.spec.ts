/**
 * Issue 33, item 6 ("Words shoppers type"), in the search modal in both languages: a word sold
 * under no other spelling is not corrected into another kind of product ("protein" is not
 * "protector"), every word matters ("protector solar" shows no incontinence chip), and the
 * explanation quotes the words typed (never a synonym's spelling of them).
 */
import { expect, test } from '../fixtures/test';
import { localized, shopLocales, type LocaleCode } from '../fixtures/locales';
import { mainHeading, openSearch } from '../fixtures/shop';

const WORDS: Record<
  LocaleCode,
  {
    unsold: string;
    sunscreen: string;
    sunscreenName: RegExp;
    otherChip: string;
    typo: string;
    explained: string;
  }
> = {
  en: {
    unsold: 'protein',
    sunscreen: 'sunscreen',
    sunscreenName: /sunscreen/i,
    otherChip: 'Incontinence',
    typo: 'sun screan',
    explained: 'Showing sunscreen for “sun screan”',
  },
  es: {
    unsold: 'proteína',
    sunscreen: 'protector solar',
    sunscreenName: /protector solar/i,
    otherChip: 'Incontinencia',
    typo: 'bloqueador solar',
    explained: 'Mostrando protector solar para “bloqueador solar”',
  },
};

for (const locale of shopLocales) {
  const w = WORDS[locale.code];
  test.describe(`words shoppers type (${locale.code})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(localized(locale, '/'));
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
    });

    test(`"${w.unsold}" is corrected into no other kind of product: nothing is found`, async ({ page }) => {
      const dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill(w.unsold);
      await expect(dialog.getByText(locale.text.nothingFound)).toBeVisible();
      await expect(dialog.getByTestId('search-matches')).toHaveCount(0);
    });

    test(`"${w.sunscreen}" shows the sunscreen alone, with nothing to explain; "${w.typo}" is quoted as typed`, async ({ page }) => {
      const dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill(w.sunscreen);
      // The products are the last list (the matching categories' chips come before it).
      const results = dialog.getByRole('list').last().getByRole('listitem');
      await expect(results.first()).toContainText(w.sunscreenName);
      for (const text of await results.allTextContents()) expect(text).toMatch(w.sunscreenName);
      await expect(dialog.getByRole('link', { name: w.otherChip, exact: true })).toHaveCount(0);
      await expect(dialog.getByTestId('search-matches')).toHaveCount(0);

      await dialog.getByRole('searchbox').fill(w.typo);
      await expect(dialog.getByTestId('search-matches')).toHaveText(w.explained);
      await expect(results.first()).toContainText(w.sunscreenName);
    });
  });
}

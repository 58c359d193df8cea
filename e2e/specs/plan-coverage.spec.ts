/**
 * Issue 19, in Chromium and both languages: a member's catalog, search and item pages use their
 * saved plan (a visible, removable "covered only" filter, and every card says "Covered by your
 * plan" or "Not covered", with the items-eligibility help beside "Not covered"); the marks are
 * words with an icon, meet 4.5:1 and keep their edge in forced colours. A guest picks a plan
 * (kept in the otc_plan cookie) to see the same, and it goes into the account at sign-up.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales, takesTurn, type LocaleCode } from '../fixtures/locales';
import { registerCustomer, useSession } from '../fixtures/account';
import { outboxCode, uniqueEmail, words as authWordsOf } from '../fixtures/auth';
import { catalogTotal, mainHeading, openSearch, productList } from '../fixtures/shop';

const PLAN = { code: 'cl1', name: 'Clear Living One' };

const words: Record<
  LocaleCode,
  {
    covered: string;
    notCovered: string;
    coveredOnly: string;
    removeCoveredOnly: string;
    showCoveredOnly: string;
    why: (name: string) => RegExp;
    yourPlanPicker: string;
    showMyCoverage: string;
    /** The catalog's explicit "covered only" choice (issue 33, item 4). */
    coveredOnlyChoice: string;
  }
> = {
  en: {
    covered: 'Covered by your plan',
    notCovered: 'Not covered',
    coveredOnly: 'Covered by your plan only',
    removeCoveredOnly: 'Remove filter: Covered by your plan only',
    showCoveredOnly: 'Show only items your plan covers',
    why: (name) => new RegExp(`^Why is ${escape(name)} not covered\\?$`),
    yourPlanPicker: 'Your health plan',
    showMyCoverage: 'Show my coverage',
    coveredOnlyChoice: 'Show only items Clear Living One covers',
  },
  es: {
    covered: 'Cubierto por su plan',
    notCovered: 'No cubierto',
    coveredOnly: 'Solo lo que cubre su plan',
    removeCoveredOnly: 'Quitar el filtro: Solo lo que cubre su plan',
    showCoveredOnly: 'Mostrar solo lo que cubre su plan',
    why: (name) => new RegExp(`^¿Por qué su plan no cubre ${escape(name)}\\?$`),
    yourPlanPicker: 'Su plan de salud',
    showMyCoverage: 'Ver mi cobertura',
    coveredOnlyChoice: 'Mostrar solo lo que cubre Clear Living One',
  },
};

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How many products match `query` in the API (the catalog's own total). */
async function apiTotal(request: APIRequestContext, query: string, lang: LocaleCode): Promise<number> {
  const answer = await request.get(`/api/catalog/products?${query}`, { headers: { 'Accept-Language': lang } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { total: number }).total;
}

for (const locale of shopLocales) {
  const w = words[locale.code];

  test.describe(`plan coverage (${locale.code})`, () => {
    // Each test in one language, by turns (`takesTurn`): the marks and the chip are the same code.
    if (takesTurn(locale, 0)) test('a member’s catalog, search and item use their plan: a removable chip, and every card says whether it is covered', async ({ page, request }) => {
      const tokens = await registerCustomer(request, uniqueEmail(`cover-${locale.code}`));
      const auth = { authorization: `Bearer ${tokens.token}` };
      expect((await request.put('/api/customer/health-plan', { headers: auth, data: { code: PLAN.code } })).ok()).toBe(true);
      await useSession(page, tokens);
      const covered = await apiTotal(request, `q=tylenol&plan=${PLAN.code}`, locale.code);
      const all = await apiTotal(request, 'q=tylenol', locale.code);
      expect(covered).toBeLessThan(all);

      // Covered items only is the member's explicit choice (issue 33, item 4).
      await page.goto(`${localized(locale, '/catalog')}?q=tylenol&coverage=covered`);
      const only = page.getByRole('checkbox', { name: w.coveredOnlyChoice });
      await expect(only).toBeChecked();
      await expect(page.getByText(PLAN.name, { exact: true })).toBeVisible();
      await expect.poll(() => catalogTotal(page, locale)).toBe(covered);
      const marks = productList(page, locale).locator('[data-covered]');
      await expect(marks).toHaveCount(covered);
      await expect(productList(page, locale).locator('[data-covered="false"]')).toHaveCount(0);
      await expect(marks.first()).toHaveText(w.covered);

      // By default: every item, each with its mark.
      await only.click();
      await expect(page).toHaveURL((url) => !url.searchParams.has('coverage') && url.searchParams.get('q') === 'tylenol');
      await expect.poll(() => catalogTotal(page, locale)).toBe(all);
      await expect(marks).toHaveCount(all);
      const notCovered = productList(page, locale).locator('[data-covered="false"]');
      await expect(notCovered).toHaveCount(all - covered);
      await expect(notCovered.first()).toHaveText(w.notCovered);
      await expect(only).not.toBeChecked();

      // Readable: words and an icon, at least 4.5:1 in this colour mode, and an edge in forced colours.
      const contrast = await new AxeBuilder({ page }).include('[data-covered]').withRules(['color-contrast']).analyze();
      expect(contrast.violations).toEqual([]);
      await expect(notCovered.first().locator('svg')).toHaveAttribute('aria-hidden', 'true');
      await page.emulateMedia({ forcedColors: 'active' });
      const edge = await notCovered.first().evaluate((mark) => {
        const style = getComputedStyle(mark);
        return { style: style.borderTopStyle, width: parseFloat(style.borderTopWidth) };
      });
      expect(edge.style).not.toBe('none');
      expect(edge.width).toBeGreaterThanOrEqual(1);
      await page.emulateMedia({ forcedColors: 'none' });

      // "Not covered" leads to the items-eligibility help; the item page says it too.
      const card = page.getByRole('article').filter({ has: page.locator('[data-covered="false"]') }).first();
      const name = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
      const why = card.getByRole('link', { name: w.why(name) });
      await expect(why).toHaveAttribute('href', localized(locale, '/docs/items-eligibility'));
      await card.getByRole('heading', { level: 3 }).getByRole('link').click();
      await expect(mainHeading(page)).toHaveText(name);
      await expect(page.getByRole('main').locator('[data-covered="false"]').first()).toHaveText(w.notCovered);
      await page.getByRole('main').getByRole('link', { name: w.why(name) }).click();
      await expect(mainHeading(page)).toHaveText(locale.headings.itemsEligibility);

      // The search modal: the member's plan by default, and marks on every result.
      const dialog = await openSearch(page, locale);
      await dialog.getByRole('searchbox').fill('tylenol');
      await dialog.getByRole('searchbox').press('Enter');
      await expect(dialog.getByRole('button', { name: w.removeCoveredOnly })).toBeVisible();
      await expect(dialog.locator('[data-covered="true"]')).toHaveCount(Math.min(covered, 20));
      await dialog.getByRole('button', { name: w.removeCoveredOnly }).click();
      await expect(dialog.locator('[data-covered="false"]').first()).toHaveText(w.notCovered);
    });

    if (takesTurn(locale, 1)) test('a guest picks a plan (kept in the otc_plan cookie) to see the same, and it goes into the account at sign-up', async ({ page, request }) => {
      const covered = await apiTotal(request, `q=tylenol&plan=${PLAN.code}`, locale.code);
      await page.goto(`${localized(locale, '/catalog')}?q=tylenol`);
      await expect(productList(page, locale).getByRole('listitem').first()).toBeVisible();
      await expect(page.locator('[data-covered]')).toHaveCount(0);

      await page.getByRole('combobox', { name: w.yourPlanPicker }).selectOption(PLAN.code);
      await page.getByRole('button', { name: w.showMyCoverage }).click();
      await expect(productList(page, locale).locator('[data-covered="false"]').first()).toHaveText(w.notCovered);
      await page.getByRole('checkbox', { name: w.coveredOnlyChoice }).click();
      await expect.poll(() => catalogTotal(page, locale)).toBe(covered);
      await expect(productList(page, locale).locator('[data-covered="true"]')).toHaveCount(covered);
      const planCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'otc_plan')?.value ?? null;
      expect(await planCookie()).toBe(PLAN.code);

      // Kept in the browser (the cookie): a reload shows the same, drawn by the server.
      await page.reload();
      await expect(page.getByRole('checkbox', { name: w.coveredOnlyChoice })).toBeChecked();
      await expect(page.getByText(PLAN.name, { exact: true })).toBeVisible();
      await page.getByRole('checkbox', { name: w.coveredOnlyChoice }).click();
      await expect(productList(page, locale).locator('[data-covered="false"]').first()).toHaveText(w.notCovered);

      // Sign up: the plan becomes the account's.
      const a = authWordsOf(locale);
      const email = uniqueEmail(`cover-signup-${locale.code}`);
      await page.goto(`${localized(locale, '/sign-up')}?redirect=${encodeURIComponent(`${localized(locale, '/catalog')}?q=tylenol`)}`);
      await page.getByRole('textbox', { name: a.email }).fill(email);
      await page.getByRole('button', { name: a.sendByEmail }).click();
      await expect(page.getByRole('heading', { name: a.step2Register })).toBeVisible();
      await page.getByRole('textbox', { name: a.code }).fill(await outboxCode(request, email));
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/complete'));
      await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'otc_plan')).toBe(false);
      // Signed up in the browser: the session is the context's cookie.
      const me = await page.context().request.get('/api/auth/me');
      expect(((await me.json()) as { insurancePlan: { code: string } | null }).insurancePlan?.code).toBe(PLAN.code);

      await page.getByRole('textbox', { name: a.firstName }).fill('Ana');
      await page.getByRole('textbox', { name: a.lastName }).fill('Prueba');
      // March (the first option is the placeholder).
      await page.getByLabel(a.month, { exact: true }).selectOption({ index: 3 });
      await page.getByRole('textbox', { name: a.day, exact: true }).fill('7');
      await page.getByRole('textbox', { name: a.year, exact: true }).fill('1951');
      await page.getByRole('button', { name: a.saveAndContinue }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/catalog') && url.searchParams.get('q') === 'tylenol');
      // Now the member's own plan: marked by it, every item.
      await expect(page.getByRole('checkbox', { name: w.coveredOnlyChoice })).not.toBeChecked();
      await expect(productList(page, locale).locator('[data-covered="true"]').first()).toBeVisible();
      await expect(productList(page, locale).locator('[data-covered="false"]').first()).toBeVisible();
    });
  });
}

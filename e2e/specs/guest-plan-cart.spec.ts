/**
 * Issue 33, items 1 and 4 (and issue 29's guest plan cookie), in both languages at phone width:
 * one plan control on the catalog (choosing a plan marks every item; "covered only" is its own
 * choice), the choice kept in the `otc_plan` cookie, and a guest's cart that names the plan on an
 * item it does not cover and says, before sign-in, that it cannot be paid with that plan's card.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales, type LocaleCode } from '../fixtures/locales';
import { mainHeading, productList } from '../fixtures/shop';

test.use({ viewport: { width: 390, height: 844 } });

const PLAN = { code: 'cl1', name: 'Clear Living One' };

const words: Record<LocaleCode, {
  yourPlanPicker: string;
  showMyCoverage: string;
  coveredOnly: string;
  notCovered: string;
  addToCart: string;
  notCoveredBy: string;
  cannotPay: string;
  signInToCheckOut: string;
}> = {
  en: {
    yourPlanPicker: 'Your health plan',
    showMyCoverage: 'Show my coverage',
    coveredOnly: `Show only items ${PLAN.name} covers`,
    notCovered: 'Not covered',
    addToCart: 'Add to cart',
    notCoveredBy: `Not covered by ${PLAN.name}`,
    cannotPay: `Some items are not covered by ${PLAN.name}: they cannot be paid with a ${PLAN.name} benefit card.`,
    signInToCheckOut: 'Sign in to check out',
  },
  es: {
    yourPlanPicker: 'Su plan de salud',
    showMyCoverage: 'Ver mi cobertura',
    coveredOnly: `Mostrar solo lo que cubre ${PLAN.name}`,
    notCovered: 'No cubierto',
    addToCart: 'Agregar al carrito',
    notCoveredBy: `No cubierto por ${PLAN.name}`,
    cannotPay: `Algunos artículos no están cubiertos por ${PLAN.name}: no se pueden pagar con una tarjeta de beneficios de ${PLAN.name}.`,
    signInToCheckOut: 'Iniciar sesión para comprar',
  },
};

/** An item in stock that the plan does not cover (the API's own marks). */
async function notCoveredItem(request: APIRequestContext, lang: LocaleCode) {
  const answer = await request.get(`/api/catalog/products?q=tylenol&coveragePlan=${PLAN.code}`, { headers: { 'Accept-Language': lang } });
  expect(answer.ok()).toBe(true);
  const { products } = (await answer.json()) as { products: { id: number; name: string; inStock: number; status: number | null; coveredByPlan: boolean | null }[] };
  const item = products.find((product) => product.coveredByPlan === false && product.inStock > 0 && product.status === null);
  expect(item, 'a tylenol item Clear Living One does not cover').toBeDefined();
  return item!;
}

for (const locale of shopLocales) {
  const w = words[locale.code];

  test.describe(`a guest's plan on the catalog and in the cart (${locale.code})`, () => {
    test('one plan control: the plan marks every item, covered only is a choice apart (item 4)', async ({ page }) => {
      await page.goto(`${localized(locale, '/catalog')}?q=tylenol`);
      await expect(productList(page, locale).getByRole('listitem').first()).toBeVisible();
      await page.getByRole('combobox', { name: w.yourPlanPicker }).selectOption(PLAN.code);
      await page.getByRole('button', { name: w.showMyCoverage }).click();
      // Every item with its mark: the "Not covered" ones are not hidden.
      const notCovered = productList(page, locale).locator('[data-covered="false"]');
      await expect(notCovered.first()).toHaveText(w.notCovered);
      const only = page.getByRole('checkbox', { name: w.coveredOnly });
      await expect(only).not.toBeChecked();
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'otc_plan')?.value).toBe(PLAN.code);

      await only.click();
      await expect(only).toBeChecked();
      await expect(page).toHaveURL((url) => url.searchParams.get('coverage') === 'covered');
      await expect(notCovered).toHaveCount(0);
      await expect(productList(page, locale).locator('[data-covered="true"]').first()).toBeVisible();
      await only.click();
      await expect(only).not.toBeChecked();
      await expect(notCovered.first()).toBeVisible();

      // Drawn by the server with the plan (the cookie): the marks are there before the scripts.
      const html = await (await page.request.get(`${localized(locale, '/catalog')}?q=tylenol`)).text();
      expect(html).toContain('data-covered="false"');
    });

    test('a guest adds an item the plan does not cover: the cart says so before sign-in (item 1)', async ({ page, request }) => {
      const item = await notCoveredItem(request, locale.code);
      await page.goto(`${localized(locale, '/catalog')}?q=tylenol`);
      await page.getByRole('combobox', { name: w.yourPlanPicker }).selectOption(PLAN.code);
      await page.getByRole('button', { name: w.showMyCoverage }).click();
      await expect(productList(page, locale).locator('[data-covered="false"]').first()).toBeVisible();

      await page.goto(localized(locale, `/item/${item.id}`));
      await expect(mainHeading(page)).toHaveText(item.name);
      await page.getByRole('main').getByRole('button', { name: w.addToCart }).first().click();
      await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'otc_cart')).toBe(true);

      await page.goto(localized(locale, '/cart'));
      const line = page.locator(`[data-line="${item.id}"]`);
      await expect(line.getByText(w.notCoveredBy, { exact: true })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(w.cannotPay);
      await expect(page.getByRole('link', { name: w.signInToCheckOut })).toBeVisible();
    });
  });
}

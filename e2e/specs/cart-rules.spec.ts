import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  fillCart,
  newCustomer,
  orderableProducts,
  productOutsidePlan,
  productPricedBetween,
  productWithLittleStock,
  purchaseWords,
  signInBrowser,
  unitsFor,
} from '../fixtures/purchase';

for (const locale of walkedIn('es')) {
  const words = purchaseWords[locale.code];

  test.describe(`cart rules (${locale.code})`, () => {
    test('a stock-limited item cannot be raised past its stock', async ({ page, request }) => {
      const customer = await newCustomer(request, { tag: `stock-${locale.code}`, language: locale.code });
      // A product left with 5 units (its stock set through the development route).
      const few = await productWithLittleStock(request, locale.code, 5);
      await fillCart(request, customer, [{ sku_id: few.id, amount: few.inStock - 1 }]);
      await signInBrowser(page, customer, localized(locale, '/cart'));
      const list = page.getByRole('list', { name: words.itemsInCart });
      const more = list.getByRole('button', { name: words.oneMore(few.name) });
      await expect(more).toBeEnabled();
      await more.click();
      await expect(list.getByText(words.cannotAddMore)).toBeVisible();
      await expect(more).toBeDisabled();
      await expect(list.getByRole('group').getByText(String(few.inStock), { exact: true })).toBeVisible();
    });

    test('a row the plan does not cover blocks checkout until it is removed', async ({ page, request }) => {
      const customer = await newCustomer(request, { tag: `flag-${locale.code}`, language: locale.code, plan: 'cl1' });
      const outside = await productOutsidePlan(request, locale.code, 'cl1');
      const others = (await orderableProducts(request, locale.code, { minStock: 10, pages: [3], plan: 'cl1' })).filter((product) => product.id !== outside.id);
      const fine = others[0]!;
      await fillCart(request, customer, [
        { sku_id: fine.id, amount: unitsFor(fine, 30) },
        { sku_id: outside.id, amount: 1 },
      ]);
      await signInBrowser(page, customer, localized(locale, '/cart'));
      await expect(mainHeading(page)).toHaveText(words.cart);
      const list = page.getByRole('list', { name: words.itemsInCart });
      await expect(list.getByRole('link', { name: words.eligibility })).toHaveAttribute(
        'href',
        localized(locale, '/docs/items-eligibility'),
      );
      await expect(page.getByText(words.removeThem)).toBeVisible();
      const checkout = page.getByRole('button', { name: words.checkout, exact: true });
      await expect(checkout).toBeDisabled();
      await expect(page.getByText(words.resolveIssues)).toBeVisible();

      await list.getByRole('button', { name: words.remove(outside.name) }).click();
      await list.getByRole('button', { name: words.tapAgain(outside.name) }).click();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(checkout).toBeEnabled();
    });

    test('the minimum-order notice blocks checkout until the subtotal reaches it', async ({ page, request }) => {
      const customer = await newCustomer(request, { tag: `min-${locale.code}`, language: locale.code });
      // Priced so that a few units stay under $25 and one more reaches it; 20 units to sell at
      // least (raised through the development route when fewer).
      const product = await productPricedBetween(request, locale.code, { priceMin: 7, priceMax: 11.99, minStock: 20 });
      const below = unitsFor(product, 25) - 1;
      await fillCart(request, customer, [{ sku_id: product.id, amount: below }]);
      await signInBrowser(page, customer, localized(locale, '/cart'));
      const checkout = page.getByRole('button', { name: words.checkout, exact: true });
      await expect(page.getByRole('status').filter({ hasText: words.minimumOrder })).toBeVisible();
      await expect(checkout).toBeDisabled();
      await page.getByRole('list', { name: words.itemsInCart }).getByRole('button', { name: words.oneMore(product.name) }).click();
      await expect(page.getByRole('status').filter({ hasText: words.minimumOrder })).toHaveCount(0);
      await expect(checkout).toBeEnabled();
    });
  });
}

/**
 * Paying checks again what placing checked: an order placed without a health plan, then the plan
 * switched to one that does not cover its product, is refused at pay (`order_has_issues`) with the
 * row named, and Back to cart shows it in the cart as not covered. Nothing is charged.
 */
import { ORDER_STATUS } from '@otc/sdk';
import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, shopLocales } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  draftOf,
  newCustomer,
  orderOf,
  ownProduct,
  placeByApi,
  purchaseWords,
  sandboxCards,
  signInBrowser,
  unitsFor,
  unitsToSell,
} from '../fixtures/purchase';

for (const locale of shopLocales) {
  const words = purchaseWords[locale.code];

  test(`a plan switched after placing is refused at pay: the row named, Back to cart (${locale.code})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer(request, { tag: `plan-switch-${locale.code}`, language: locale.code });
    const product = await ownProduct(request, locale.code, 'plan-switch');
    const amount = unitsFor(product, 30);
    const placed = await placeByApi(request, customer, [{ sku_id: product.id, amount }]);
    // Plan cl1 does not cover the product.
    const switched = await request.put('/api/customer/health-plan', { headers: customer.auth, data: { code: 'cl1' } });
    expect(switched.ok(), await switched.text()).toBe(true);

    await signInBrowser(page, customer, localized(locale, `/checkout/${placed.orderId}?step=payment`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: words.payForOrder(placed.number) })).toBeVisible();
    await page.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.approve.number);
    await page.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
    await main.getByRole('button', { name: new RegExp(`^${escapeRegExp(words.payNow)}: \\$`) }).click();

    // No payment was tried: the order itself stopped it.
    const failure = main.locator('[data-tone="error"]').filter({ hasText: words.orderNotPaid });
    await expect(failure).toContainText(words.resolveIssues);
    await expect(failure).toContainText(words.cannotBeOrderedNowLine(product.name));
    await expect(failure).toContainText(words.somethingChanged);
    await expect(page.getByRole('complementary').getByText(words.cannotBeOrderedNow, { exact: true })).toBeVisible();

    // Nothing was charged: the order still waits, its units still held.
    expect((await orderOf(request, customer, placed.orderId)).status).toBe(ORDER_STATUS.waitingForPayment);
    expect(await unitsToSell(request, product.id)).toBe(product.inStock - amount);

    await failure.getByRole('button', { name: words.backToCart }).click();
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/cart$`));
    await expect(mainHeading(page)).toHaveText(words.cart);
    const list = main.getByRole('list', { name: words.itemsInCart });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(product.name);
    await expect(main.getByText(words.notSupportedByPlan)).toBeVisible();
    await expect(main.getByRole('button', { name: words.checkout, exact: true })).toBeDisabled();

    const draft = await draftOf(request, customer);
    expect(draft.pendingOrder).toBeNull();
    expect(draft.rows.map((row) => ({ id: row.sku.id, amount: row.amount, bad: row.badReasonCode }))).toEqual([
      { id: product.id, amount, bad: 2 },
    ]);
    expect(await unitsToSell(request, product.id)).toBe(product.inStock);
  });
}

/**
 * An order whose payment failed stays the customer's, payable, in both languages: after a reload
 * the checkout shows its payment step again (Pay now), and the cart says where the items are
 * (Back to cart brings them in, and checkout works again).
 *
 * Declines here use the insufficient-funds card (6035 0000 0000 0003): it is no refused proof of a
 * security code, so it never counts toward the card's 10-an-hour limit.
 */
import type { Page } from '@playwright/test';
import { ORDER_STATUS, formatPrice } from '@otc/sdk';
import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  checkoutToPayment,
  deliverToFirstAddress,
  draftOf,
  expectPaidOrder,
  fillCart,
  newCustomer,
  orderOf,
  ownProduct,
  purchaseWords,
  sandboxCards,
  signInBrowser,
  unitsFor,
  unitsToSell,
  type PurchaseWords,
} from '../fixtures/purchase';

const address = '100 Congress Ave, Austin, TX 78701';

/** Types the card on the payment step and presses the step's button (place, or pay now). */
async function payWith(page: Page, words: PurchaseWords, card: { number: string; code: string }, button: RegExp) {
  await page.getByRole('textbox', { name: words.cardNumber }).fill(card.number);
  await page.getByRole('textbox', { name: words.securityCode }).fill(card.code);
  await page.getByRole('main').getByRole('button', { name: button }).click();
}

for (const locale of walkedIn('en')) {
  const words = purchaseWords[locale.code];
  const payNowButton = new RegExp(`^${escapeRegExp(words.payNow)}: \\$`);

  test.describe(`an unpaid order (${locale.code})`, () => {
    test('a declined payment, a reload: the same order’s payment step, Pay now with another card, paid', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `pay-again-${locale.code}`, language: locale.code, plan: 'cl1' });
      const product = await ownProduct(request, locale.code, 'pay-again');
      const amount = unitsFor(product, 30);
      const draftId = await fillCart(request, customer, [{ sku_id: product.id, amount }]);
      await deliverToFirstAddress(request, customer);

      await signInBrowser(page, customer, localized(locale, `/checkout/${draftId}?step=payment`));
      const main = page.getByRole('main');
      await payWith(page, words, sandboxCards.insufficient, words.placeOrder);
      await expect(main.locator('[data-tone="error"]').filter({ hasText: words.paymentNotAccepted })).toContainText(words.notEnough);

      // Placed, not paid: its own address, its units held.
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/checkout/${draftId}\\?step=payment$`));
      const placed = await orderOf(request, customer, draftId);
      expect(placed.status).toBe(ORDER_STATUS.waitingForPayment);
      expect(await unitsToSell(request, product.id)).toBe(product.inStock - amount);
      const total = formatPrice(placed.billing.total);
      await expect(main.getByRole('button', { name: words.payNowAmount(total), exact: true })).toBeVisible();

      // A reload shows the same order's payment step, not an empty checkout.
      await page.reload();
      await expect(main.getByRole('heading', { name: words.payForOrder(placed.number) })).toBeVisible();
      await expect(main.getByText(words.holdUntil)).toBeVisible();
      await expect(main.getByRole('button', { name: words.backToCart, exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: words.placeOrder })).toHaveCount(0);
      await expect(main.getByRole('button', { name: words.payNowAmount(total), exact: true })).toBeVisible();

      await payWith(page, words, sandboxCards.approve, payNowButton);
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/success/${draftId}$`), { timeout: 15_000 });
      await expect(mainHeading(page)).toHaveText(words.thanks);
      expect((await orderOf(request, customer, draftId)).status).toBe(ORDER_STATUS.paymentVerification);
    });

    test('a declined payment, the cart after a reload says where the items are; Back to cart brings them back and checkout works again', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const customer = await newCustomer(request, { tag: `back-to-cart-${locale.code}`, language: locale.code, plan: 'cl1' });
      const product = await ownProduct(request, locale.code, 'back-to-cart');
      const amount = unitsFor(product, 30);
      const draftId = await fillCart(request, customer, [{ sku_id: product.id, amount }]);
      await deliverToFirstAddress(request, customer);

      await signInBrowser(page, customer, localized(locale, `/checkout/${draftId}?step=payment`));
      const main = page.getByRole('main');
      await payWith(page, words, sandboxCards.insufficient, words.placeOrder);
      await expect(main.locator('[data-tone="error"]').filter({ hasText: words.paymentNotAccepted })).toContainText(words.notEnough);
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/checkout/${draftId}\\?step=payment$`));
      const { number } = await orderOf(request, customer, draftId);

      // A new load of the cart: not "empty", but where the items are.
      await page.goto(localized(locale, '/cart'));
      await expect(mainHeading(page)).toHaveText(words.cart);
      const notice = main.getByRole('status').filter({ hasText: words.itemsInOrder(number) });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('link', { name: new RegExp(`^${escapeRegExp(words.payNow)}`) })).toHaveAttribute(
        'href',
        new RegExp(`${locale.prefix}/checkout/${draftId}\\?step=payment$`),
      );
      const list = main.getByRole('list', { name: words.itemsInCart });
      await expect(list).toHaveCount(0);

      await notice.getByRole('button', { name: words.backToCart }).click();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByRole('listitem')).toContainText(product.name);
      await expect(main.getByText(words.itemsInOrder(number))).toHaveCount(0);

      // The order waits no more: its rows are the cart's, its units free again.
      const draft = await draftOf(request, customer);
      expect(draft.pendingOrder).toBeNull();
      expect(draft.rows.map((row) => ({ id: row.sku.id, amount: row.amount }))).toEqual([{ id: product.id, amount }]);
      expect(await unitsToSell(request, product.id)).toBe(product.inStock);

      // And checkout works again, to a paid order.
      const orderId = await checkoutToPayment(page, locale, address);
      await page.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.approve.number);
      await page.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
      await main.getByRole('button', { name: words.placeOrder }).click();
      await expectPaidOrder(page, request, customer, locale, orderId, words.paymentVerification);
    });
  });
}

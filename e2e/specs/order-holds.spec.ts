/**
 * The order's life on a server with the settings shortened (the `order-holds` project, its own
 * server: UNPAID_ORDER_MINUTES=0.25, HOLD_SWEEP_SECONDS=2, ORDER_CANCEL_MINUTES=0; see
 * playwright.config.ts), in both languages:
 * - after the cancel window (none here) a paid order offers no Cancel order and the API refuses
 *   to cancel it (409 `order_not_cancellable`);
 * - an unpaid order left past its 15 s goes back to the cart by itself and frees its units; paying
 *   it then is refused, and the cart shows the items without the waiting notice.
 *
 * Declines use the insufficient-funds card (no refused proof of a security code).
 */
import { ORDER_STATUS } from '@otc/sdk';
import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, shopLocales } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  buyByApi,
  deliverToFirstAddress,
  draftOf,
  fillCart,
  newCustomer,
  orderOf,
  ownProduct,
  purchaseWords,
  sandboxCards,
  signInBrowser,
  unitsFor,
  unitsToSell,
} from '../fixtures/purchase';

for (const locale of shopLocales) {
  const words = purchaseWords[locale.code];

  test.describe(`order holds and the cancel window, shortened (${locale.code})`, () => {
    // Each flow in one language (fixtures/locales.ts, walkedIn): the closed window in English, the
    // hold that ends in Spanish.
    if (locale.code === 'en')
    test('after the cancel window a paid order offers no Cancel order, and the API answers order_not_cancellable', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `holds-paid-${locale.code}`, language: locale.code });
      const product = await ownProduct(request, locale.code, 'holds-paid');
      const paid = await buyByApi(request, customer, [{ sku_id: product.id, amount: unitsFor(product, 30) }]);
      const order = await orderOf(request, customer, paid.orderId);
      expect(order.status).toBe(ORDER_STATUS.paymentVerification);
      expect(order.cancellableUntil).toBeNull();

      await signInBrowser(page, customer, localized(locale, `/order/${paid.orderId}`));
      const main = page.getByRole('main');
      await expect(mainHeading(page)).toContainText(paid.number);
      await expect(main.getByRole('list', { name: words.progress })).toBeVisible();
      await expect(main.getByRole('button', { name: words.cancelOrder })).toHaveCount(0);
      await expect(main.getByText(words.canCancelUntil)).toHaveCount(0);

      await page.goto(localized(locale, '/account/orders'));
      const row = page.getByRole('list', { name: words.orders }).getByRole('listitem').filter({ hasText: paid.number });
      await expect(row).toContainText(words.paymentVerification);
      await expect(row.getByRole('link', { name: words.viewOrder })).toBeVisible();
      await expect(row.getByRole('button', { name: words.cancelOrder })).toHaveCount(0);

      const refused = await request.post(`/api/order/${paid.orderId}/cancel`, {
        headers: { ...customer.auth, 'Accept-Language': locale.code },
      });
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'order_not_cancellable' });
      const after = await orderOf(request, customer, paid.orderId);
      expect(after.status).toBe(ORDER_STATUS.paymentVerification);
      expect(after.refund).toBeNull();
    });

    if (locale.code === 'es')
    test('an unpaid order left past its minutes goes back to the cart with its units; paying it then is refused', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const customer = await newCustomer(request, { tag: `holds-expire-${locale.code}`, language: locale.code, plan: 'cl1' });
      const product = await ownProduct(request, locale.code, 'holds-expire');
      const amount = unitsFor(product, 30);
      const orderId = await fillCart(request, customer, [{ sku_id: product.id, amount }]);
      await deliverToFirstAddress(request, customer);

      // Placed through the checkout, the payment declined: the order waits, holding its units.
      await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=payment`));
      const main = page.getByRole('main');
      await page.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.insufficient.number);
      await page.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.insufficient.code);
      await main.getByRole('button', { name: words.placeOrder }).click();
      const failure = main.locator('[data-tone="error"]').filter({ hasText: words.paymentNotAccepted });
      await expect(failure).toContainText(words.notEnough);
      const placed = await orderOf(request, customer, orderId);
      expect(placed.status).toBe(ORDER_STATUS.waitingForPayment);
      expect(Date.parse(placed.payableUntil!) - Date.now()).toBeLessThanOrEqual(15_000);
      expect(await unitsToSell(request, product.id)).toBe(product.inStock - amount);

      // The hold ends (15 s; the server sweeps every 2 s): the units are free to sell again.
      await expect
        .poll(() => unitsToSell(request, product.id), { timeout: 60_000, intervals: [1_000] })
        .toBe(product.inStock);

      // The page still offers to pay; paying is refused now, and says where the items are.
      await page.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.approve.number);
      await page.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
      await main.getByRole('button', { name: new RegExp(`^${escapeRegExp(words.payNow)}: \\$`) }).click();
      // No payment was tried: the order's time was over.
      const timeOver = main.locator('[data-tone="error"]').filter({ hasText: words.orderNotPaid });
      await expect(timeOver).toContainText(words.timeOver);
      await timeOver.getByRole('link', { name: words.goToCart }).click();

      // The cart: the items, no waiting notice, checkout open.
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/cart$`));
      await expect(mainHeading(page)).toHaveText(words.cart);
      const list = main.getByRole('list', { name: words.itemsInCart });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByRole('listitem')).toContainText(product.name);
      await expect(main.getByText(words.itemsInOrder(placed.number))).toHaveCount(0);
      await expect(main.getByRole('button', { name: words.checkout, exact: true })).toBeEnabled();

      const draft = await draftOf(request, customer);
      expect(draft.pendingOrder).toBeNull();
      expect(draft.rows.map((row) => ({ id: row.sku.id, amount: row.amount }))).toEqual([{ id: product.id, amount }]);
      expect(await unitsToSell(request, product.id)).toBe(product.inStock);

      // The same on a new load of the cart.
      await page.reload();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(main.getByRole('button', { name: words.checkout, exact: true })).toBeEnabled();
      await expect(main.getByText(words.itemsInOrder(placed.number))).toHaveCount(0);
    });
  });
}

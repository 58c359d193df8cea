/**
 * Cancel, in both languages, within the window (the main server keeps the default
 * ORDER_CANCEL_MINUTES, 30): a paid order from its page (a confirmation first; then "Cancelled on
 * …" and the refund to the card that paid), and an unpaid order from the order history (its units
 * are free to sell again). After the window: order-holds.spec.ts, on a server without one.
 */
import { ORDER_STATUS, formatPrice } from '@otc/sdk';
import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  buyByApi,
  newCustomer,
  orderOf,
  ownProduct,
  placeByApi,
  purchaseWords,
  signInBrowser,
  unitsFor,
  unitsToSell,
} from '../fixtures/purchase';

for (const locale of walkedIn('es')) {
  const words = purchaseWords[locale.code];

  test.describe(`cancel an order (${locale.code})`, () => {
    test('a paid order, from its page within the window: confirmation, "Cancelled on", the refund to the card', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `cancel-paid-${locale.code}`, language: locale.code });
      const product = await ownProduct(request, locale.code, 'cancel-paid');
      const amount = unitsFor(product, 30);
      const paid = await buyByApi(request, customer, [{ sku_id: product.id, amount }]);
      expect(await unitsToSell(request, product.id)).toBe(product.inStock - amount);
      const order = await orderOf(request, customer, paid.orderId);
      expect(order.cancellableUntil).not.toBeNull();
      const total = formatPrice(order.billing.total);

      await signInBrowser(page, customer, localized(locale, `/order/${paid.orderId}`));
      await expect(mainHeading(page)).toContainText(paid.number);
      const main = page.getByRole('main');
      await expect(main.getByText(words.canCancelUntil)).toBeVisible();
      const cancel = main.getByRole('button', { name: words.cancelOrder });
      await expect(cancel).toHaveCount(1);

      // The confirmation says where the money goes; keeping the order changes nothing.
      await cancel.click();
      const dialog = page.getByRole('dialog', { name: words.cancelOrderTitle(paid.number) });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(words.refundTo(total, '0101'));
      const keep = dialog.getByRole('button', { name: words.keepOrder });
      await expect(keep).toBeFocused();
      await keep.click();
      await expect(dialog).toBeHidden();
      expect((await orderOf(request, customer, paid.orderId)).status).toBe(ORDER_STATUS.paymentVerification);

      await cancel.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: words.yesCancel }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('region', { name: words.notifications })).toContainText(words.orderCancelled(paid.number));
      await expect(main.getByText(words.cancelledOn)).toBeVisible();
      await expect(main.getByText(words.refundedToCard(total, '0101'))).toBeVisible();
      await expect(mainHeading(page)).toContainText(words.cancelledBadge);
      await expect(main.getByRole('button', { name: words.cancelOrder })).toHaveCount(0);

      const cancelled = await orderOf(request, customer, paid.orderId);
      expect(cancelled.status).toBe(ORDER_STATUS.cancelled);
      expect(cancelled.refund).toMatchObject({ amount: order.billing.total, last4: '0101' });
      // Its units are back on sale.
      expect(await unitsToSell(request, product.id)).toBe(product.inStock);

      // The same after a reload.
      await page.reload();
      await expect(main.getByText(words.refundedToCard(total, '0101'))).toBeVisible();
      await expect(main.getByText(words.cancelledOn)).toBeVisible();
    });

    test('an unpaid order, from the order history: nothing charged, its units free to sell again', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `cancel-unpaid-${locale.code}`, language: locale.code });
      const product = await ownProduct(request, locale.code, 'cancel-unpaid');
      const amount = unitsFor(product, 30);
      const placed = await placeByApi(request, customer, [{ sku_id: product.id, amount }]);
      expect(await unitsToSell(request, product.id)).toBe(product.inStock - amount);

      await signInBrowser(page, customer, localized(locale, '/account/orders'));
      await expect(mainHeading(page)).toHaveText(words.myOrders);
      const row = page.getByRole('list', { name: words.orders }).getByRole('listitem').filter({ hasText: placed.number });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('button', { name: new RegExp(`^${words.payNow}`) })).toBeVisible();
      await expect(row.getByRole('button', { name: new RegExp(`^${words.backToCart}`) })).toBeVisible();

      await row.getByRole('button', { name: words.cancelOrder }).click();
      const dialog = page.getByRole('dialog', { name: words.cancelOrderTitle(placed.number) });
      await expect(dialog).toContainText(words.releaseUnpaid);
      await dialog.getByRole('button', { name: words.yesCancel }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText(words.cancelledOn)).toBeVisible();
      await expect(row).toContainText(words.cancelledBadge);
      await expect(row.getByRole('button', { name: words.cancelOrder })).toHaveCount(0);
      await expect(row.getByRole('button', { name: new RegExp(`^${words.payNow}`) })).toHaveCount(0);
      // The focus stays in the row: on its link to the order.
      await expect(row.getByRole('link', { name: words.viewOrder })).toBeFocused();

      const cancelled = await orderOf(request, customer, placed.orderId);
      expect(cancelled.status).toBe(ORDER_STATUS.cancelled);
      expect(cancelled.refund).toBeNull();
      expect(await unitsToSell(request, product.id)).toBe(product.inStock);

      // Its page says so, with no refund line (nothing was paid).
      await row.getByRole('link', { name: words.viewOrder }).click();
      await expect(mainHeading(page)).toContainText(placed.number);
      await expect(page.getByRole('main').getByText(words.cancelledOn)).toBeVisible();
      await expect(page.getByRole('main').getByText(words.refundedToCard(formatPrice(placed.total), '0101'))).toHaveCount(0);
    });
  });
}

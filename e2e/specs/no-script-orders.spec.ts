// A member's order page without the scripts (issue 29, item 5), each in one language by turns (walkedIn; the purchase journey of no-script.spec.ts stays in both): Pay now, Back to cart
// and Cancel order are forms posting to the order page's action, which the server runs for the
// session cookie's member. Back to cart lands in the cart with the units there; Pay now on the
// order's payment step; Cancel order asks first in the page (?cancel=1, with where the money goes),
// then draws the order cancelled with its refund. An order cancelled meanwhile (another tab) gets
// the catalogue's message drawn in its page.
import { ORDER_STATUS, formatPrice } from '@otc/sdk';
import { expect, test } from '@playwright/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  buyByApi,
  draftOf,
  fillCart,
  newCustomer,
  orderOf,
  orderableProducts,
  placeByApi,
  purchaseWords,
  sandboxCards,
  signInBrowser,
  unitsFor,
} from '../fixtures/purchase';

test.use({ javaScriptEnabled: false });

const notWaiting = { en: 'This order is not waiting for payment.', es: 'Este pedido no está esperando el pago.' };

for (const locale of walkedIn('es')) {
  const words = purchaseWords[locale.code];

  test.describe(`an order's forms without scripts (${locale.code})`, () => {
    test('Back to cart: the cart, with the order’s units in it', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `noscript-back-${locale.code}`, language: locale.code });
      const [product] = await orderableProducts(request, locale.code, { minStock: 10 });
      const amount = unitsFor(product!, 30);
      const placed = await placeByApi(request, customer, [{ sku_id: product!.id, amount }]);

      await signInBrowser(page, customer, localized(locale, `/order/${placed.orderId}`));
      await expect(mainHeading(page)).toContainText(placed.number);
      const back = page.getByRole('main').getByRole('button', { name: new RegExp(`^${words.backToCart}`) });
      const post = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === localized(locale, `/order/${placed.orderId}`));
      await back.click();
      expect((await post).status()).toBe(303);
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/cart'));
      await expect(page.getByRole('main')).toContainText(product!.name);
      const draft = await draftOf(request, customer);
      expect(draft.rows.map((row) => [row.sku.id, row.amount])).toEqual([[product!.id, amount]]);
      expect(draft.pendingOrder).toBeNull();
    });

    test('Pay now: the payment step; an order cancelled in another tab meanwhile says so in its page', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `noscript-pay-${locale.code}`, language: locale.code });
      const [product] = await orderableProducts(request, locale.code, { minStock: 10 });
      const placed = await placeByApi(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

      await signInBrowser(page, customer, localized(locale, `/order/${placed.orderId}`));
      const main = page.getByRole('main');
      await main.getByRole('button', { name: new RegExp(`^${words.payNow}`) }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/checkout/${placed.orderId}`) && url.search === '?step=payment');
      await expect(main.getByRole('textbox', { name: words.cardNumber })).toBeVisible();

      // Another tab cancels it; this one still shows Pay now.
      await page.goto(localized(locale, `/order/${placed.orderId}`));
      const cancelled = await request.post(`/api/order/${placed.orderId}/cancel`, { headers: customer.auth });
      expect(cancelled.ok(), await cancelled.text()).toBe(true);
      await main.getByRole('button', { name: new RegExp(`^${words.payNow}`) }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/order/${placed.orderId}`));
      await expect(main.getByText(notWaiting[locale.code])).toBeVisible();
      await expect(main.getByText(words.cancelledOn)).toBeVisible();
      await expect(main.getByRole('button', { name: new RegExp(`^${words.payNow}`) })).toHaveCount(0);
    });

    test('Cancel order: the confirmation in the page, then the order cancelled with its refund', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `noscript-cancel-${locale.code}`, language: locale.code });
      const [product] = await orderableProducts(request, locale.code, { minStock: 10 });
      const paid = await buyByApi(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);
      const order = await orderOf(request, customer, paid.orderId);
      const total = formatPrice(order.billing.total);

      await signInBrowser(page, customer, localized(locale, `/order/${paid.orderId}`));
      const main = page.getByRole('main');
      await main.getByRole('button', { name: words.cancelOrder }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/order/${paid.orderId}`) && url.search === '?cancel=1');
      await expect(main.getByText(words.cancelOrderTitle(paid.number))).toBeVisible();
      await expect(main).toContainText(words.refundTo(total, '0101'));
      // Keeping it changes nothing.
      await main.getByRole('link', { name: words.keepOrder }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/order/${paid.orderId}`) && url.search === '');
      expect((await orderOf(request, customer, paid.orderId)).status).not.toBe(ORDER_STATUS.cancelled);

      await main.getByRole('button', { name: words.cancelOrder }).click();
      await main.getByRole('button', { name: words.yesCancel }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/order/${paid.orderId}`) && url.search === '');
      await expect(main.getByText(words.cancelledOn)).toBeVisible();
      await expect(main.getByText(words.refundedToCard(total, '0101'))).toBeVisible();
      await expect(mainHeading(page)).toContainText(words.cancelledBadge);
      const now = await orderOf(request, customer, paid.orderId);
      expect(now.status).toBe(ORDER_STATUS.cancelled);
      expect(now.refund).toMatchObject({ amount: order.billing.total, last4: '0101' });
    });

    test("another order waiting at checkout: its Cancel order leads to that order's confirmation", async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `noscript-other-${locale.code}`, language: locale.code });
      const [first, second] = await orderableProducts(request, locale.code, { minStock: 10 });
      const waiting = await placeByApi(request, customer, [{ sku_id: first!.id, amount: unitsFor(first!, 30) }]);
      const draftId = await fillCart(request, customer, [{ sku_id: second!.id, amount: unitsFor(second!, 30) }]);
      const addresses = (await (await request.get('/api/customer/address', { headers: customer.auth })).json()) as { id: number }[];
      expect((await request.put('/api/order/delivery', { headers: customer.auth, data: { addressId: addresses[0]!.id } })).ok()).toBe(true);

      await signInBrowser(page, customer, localized(locale, `/checkout/${draftId}?step=payment`));
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.approve.number);
      await main.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
      await main.getByRole('button', { name: words.placeOrder }).click();
      // Refused (the waiting order first), drawn by the server with what can be done about it.
      const cancel = main.getByRole('button', { name: new RegExp(`${words.cancelOrder.source}\\s+${waiting.number}`) });
      await cancel.click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/order/${waiting.orderId}`) && url.search === '?cancel=1');
      await expect(main.getByText(words.cancelOrderTitle(waiting.number))).toBeVisible();
    });
  });
}

test('without scripts (es): "Show more" in the order history is a GET of the page with one more page, landing on its first new order', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await newCustomer(request, { tag: 'noscript-more-orders', language: 'es' });
  const products = await orderableProducts(request, 'es', { minStock: 10 });
  // One more order than a page of the history holds (ten), each over the minimum order.
  for (let i = 0; i < 11; i += 1) {
    const product = products[i % products.length]!;
    await buyByApi(request, customer, [{ sku_id: product.id, amount: unitsFor(product, 26) }]);
  }
  await signInBrowser(page, customer, '/es/account/orders');
  const orders = page.getByRole('list', { name: 'Pedidos' });
  await expect(orders.getByRole('link', { name: /^Ver el pedido/ })).toHaveCount(10);
  await page.getByRole('button', { name: 'Mostrar 1 pedido más (queda 1)' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/es/account/orders' && url.search === '?page=2' && url.hash === '#orders-page-2');
  await expect(orders.getByRole('link', { name: /^Ver el pedido/ })).toHaveCount(11);
  await expect(page.locator('#orders-page-2')).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Mostrar \d+ pedidos? más/ })).toHaveCount(0);
});

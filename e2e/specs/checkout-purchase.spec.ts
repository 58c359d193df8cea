import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  fillCart,
  newCustomer,
  orderableProducts,
  purchaseWords,
  sandboxCards,
  signInBrowser,
  unitsFor,
} from '../fixtures/purchase';

for (const locale of walkedIn('en')) {
  const words = purchaseWords[locale.code];

  test.describe(`purchase (${locale.code})`, () => {
    test('a customer fills a cart, applies Welcome10, checks out and pays with a network card', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `buy-${locale.code}`, language: locale.code, plan: 'cl1' });
      const [product] = await orderableProducts(request, locale.code, { minStock: 10, plan: 'cl1' });
      expect(product).toBeDefined();
      await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

      await signInBrowser(page, customer, localized(locale, '/cart'));
      await expect(mainHeading(page)).toHaveText(words.cart);
      const list = page.getByRole('list', { name: words.itemsInCart });
      await expect(list.getByRole('listitem')).toHaveCount(1);

      // Welcome10: estimated at once, then the server's totals.
      await page.getByRole('textbox', { name: words.promoField }).fill('Welcome10');
      await page.getByRole('button', { name: words.apply, exact: true }).click();
      await expect(page.getByText(words.codeApplied('Welcome10'))).toBeVisible();
      await expect(page.getByText(words.promoLine('Welcome10'))).toBeVisible();

      await page.getByRole('button', { name: words.checkout, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/checkout/\\d+$`));
      await page.getByRole('button', { name: words.continueToDelivery }).click();

      // Step 2: when it arrives (issue 33), then the customer's Texas address is chosen for the order.
      await expect(page.getByText(words.arrives, { exact: true })).toBeVisible();
      const deliverTo = page.getByRole('group', { name: words.deliverTo });
      await deliverTo.getByText('100 Congress Ave, Austin, TX 78701').click();
      await expect(deliverTo.getByRole('radio', { name: '100 Congress Ave, Austin, TX 78701' })).toBeChecked();
      const next = page.getByRole('button', { name: words.continueToPayment });
      await expect(next).toBeEnabled();
      await next.click();

      // Step 3: the plan's card method is recommended and chosen first.
      const methods = page.getByRole('group', { name: words.paymentMethod });
      await expect(methods.getByRole('radio', { name: words.networkCard })).toBeChecked();
      await page.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.approve.number);
      await page.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
      await page.getByRole('button', { name: words.placeOrder }).dblclick();

      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/success/\\d+$`), { timeout: 15_000 });
      await expect(mainHeading(page)).toHaveText(words.thanks);
      await expect(page.getByText(words.verifying)).toBeVisible();
      // The days it arrives between, counted from today.
      await expect(page.getByText(new RegExp(`^${words.arrives}: `))).toBeVisible();
      const orderId = Number(page.url().split('/').pop());

      // One order was placed, and the cart is empty now.
      const history = (await (await request.get('/api/order', { headers: customer.auth })).json()) as {
        items: { id: number; number: string }[];
      };
      expect(history.items.map((order) => order.id)).toEqual([orderId]);
      const number = history.items[0]!.number;

      await page.goto(localized(locale, '/account/orders'));
      await expect(mainHeading(page)).toHaveText(words.myOrders);
      const row = page.getByRole('list', { name: words.orders }).getByRole('listitem').filter({ hasText: number });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(words.paymentVerification);
    });
  });
}

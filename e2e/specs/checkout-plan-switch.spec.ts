/**
 * The money that pays decides what is covered (issue 32, item 5), as at a till: an order placed,
 * then the profile's plan switched to one that does not cover its product, is still paid by a card
 * whose own plan covers it (the sandbox card's plan covers every product). The profile's plan is
 * what the shop shows, not a key to the allowance; the API's route tests cover a card refused for
 * an item its plan does not cover (card_plan_does_not_cover).
 */
import { ORDER_STATUS } from '@otc/sdk';
import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
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

for (const locale of walkedIn('en')) {
  const words = purchaseWords[locale.code];

  test(`a profile plan switched after placing changes nothing: the paying card's plan decides (${locale.code})`, async ({ page, request }) => {
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

    // The card's own plan covers the product: it pays, whatever the profile says now.
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/success/${placed.orderId}$`), { timeout: 15_000 });
    await expect(mainHeading(page)).toHaveText(words.thanks);
    expect((await orderOf(request, customer, placed.orderId)).status).not.toBe(ORDER_STATUS.waitingForPayment);
    expect(await unitsToSell(request, product.id)).toBe(product.inStock - amount);
  });
}

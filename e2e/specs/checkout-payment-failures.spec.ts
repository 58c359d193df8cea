import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { fillCart, newCustomer, orderableProducts, purchaseWords, sandboxCards, signInBrowser, unitsFor } from '../fixtures/purchase';

for (const locale of walkedIn('es')) {
  const words = purchaseWords[locale.code];

  // One refused security-code check of the decline card per language (the card-proof limit
  // allows 10 an hour per card number on a server, all accounts together).
  test(`a declined card and a card short of funds say why; the order is paid afterwards (${locale.code})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer(request, { tag: `fail-${locale.code}`, language: locale.code, plan: 'cl1' });
    const [product] = await orderableProducts(request, locale.code, { minStock: 10, plan: 'cl1' });
    const orderId = await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);
    const addresses = (await (await request.get('/api/customer/address', { headers: customer.auth })).json()) as { id: number }[];
    await request.put('/api/order/delivery', { headers: customer.auth, data: { addressId: addresses[0]!.id } });

    await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=payment`));
    const main = page.getByRole('main');
    const pay = async (card: { number: string; code: string }, button: ReturnType<typeof main.getByRole>) => {
      await page.getByRole('textbox', { name: words.cardNumber }).fill(card.number);
      await page.getByRole('textbox', { name: words.securityCode }).fill(card.code);
      await button.click();
    };

    await pay(sandboxCards.decline, main.getByRole('button', { name: words.placeOrder }));
    // Said once (issue 33, item 8): the card field takes the focus with its error; the box beside
    // the button keeps the advice and is no live region; no notification tells it a third time.
    const failure = main.locator('[data-tone="error"]').filter({ hasText: words.paymentNotAccepted });
    await expect(failure).toContainText(words.notCorrect);
    await expect(main.getByRole('alert')).toHaveCount(0);
    const cardField = page.getByRole('textbox', { name: words.cardNumber });
    await expect(cardField).toBeFocused();
    await expect(cardField).toHaveAccessibleDescription(new RegExp(escapeRegExp(words.notCorrect)));
    await expect(
      page.getByRole('region', { name: words.notifications }).getByRole('listitem').filter({ hasText: words.paymentNotAccepted }),
    ).toHaveCount(0);

    // The order is placed and still payable: its own address, and the button pays it.
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/checkout/${orderId}\\?step=payment$`));
    const payNow = main.getByRole('button', { name: new RegExp(`^${escapeRegExp(words.payNow)}: \\$`) });
    await expect(payNow).toBeVisible();
    await expect(main.getByRole('button', { name: words.placeOrder })).toHaveCount(0);

    await pay(sandboxCards.insufficient, payNow);
    await expect(failure).toContainText(words.notEnough);

    await pay(sandboxCards.approve, payNow);
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/success/${orderId}$`), { timeout: 15_000 });
    await expect(mainHeading(page)).toHaveText(words.thanks);
  });
}

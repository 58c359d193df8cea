import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { fillCart, newCustomer, orderableProducts, purchaseWords, sandboxCards, signInBrowser, unitsFor } from '../fixtures/purchase';

for (const locale of shopLocales) {
  const words = purchaseWords[locale.code];

  test(`a declined card and a card short of funds say why; the order is paid afterwards (${locale.code})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer(request, { tag: `fail-${locale.code}`, language: locale.code, plan: 'cl1' });
    const [product] = await orderableProducts(request, locale.code, { minStock: 10, plan: 'cl1' });
    const orderId = await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);
    const addresses = (await (await request.get('/api/customer/address', { headers: customer.auth })).json()) as { id: number }[];
    await request.put('/api/order/delivery', { headers: customer.auth, data: { addressId: addresses[0]!.id } });

    await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=payment`));
    const place = page.getByRole('button', { name: words.placeOrder });
    const pay = async (card: { number: string; code: string }) => {
      await page.getByRole('textbox', { name: words.cardNumber }).fill(card.number);
      await page.getByRole('textbox', { name: words.securityCode }).fill(card.code);
      await place.click();
    };

    await pay(sandboxCards.decline);
    const failure = page.getByRole('main').getByRole('alert');
    await expect(failure).toContainText(words.errorPlacing);
    await expect(failure).toContainText(words.notCorrect);

    await pay(sandboxCards.insufficient);
    await expect(failure).toContainText(words.notEnough);

    await pay(sandboxCards.approve);
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/success/${orderId}$`), { timeout: 15_000 });
    await expect(mainHeading(page)).toHaveText(words.thanks);
  });
}

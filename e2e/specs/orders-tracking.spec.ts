import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { advanceOrder, buyByApi, newCustomer, orderableProducts, purchaseWords, signInBrowser, unitsFor } from '../fixtures/purchase';

for (const locale of walkedIn('es')) {
  const words = purchaseWords[locale.code];

  test(`after order:advance to shipped and delivered, the order page shows the tracking number and the step (${locale.code})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer(request, { tag: `track-${locale.code}`, language: locale.code });
    const [product] = await orderableProducts(request, locale.code, { minStock: 10 });
    const paid = await buyByApi(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

    // The development route runs `ops order:advance` on the server's own database.
    expect(await advanceOrder(request, paid.orderId)).toMatchObject({ id: paid.orderId, number: paid.number, status: 10 });
    const shipped = await advanceOrder(request, paid.orderId);
    expect(shipped).toMatchObject({ status: 20, trackingCarrier: 'UPS', trackingNumber: expect.stringMatching(/^\w+$/) });
    const trackingNumber = shipped.trackingNumber!;

    await signInBrowser(page, customer, localized(locale, `/order/${paid.orderId}`));
    await expect(mainHeading(page)).toContainText(paid.number);
    await expect(page.getByText(trackingNumber).first()).toBeVisible();
    const progress = page.getByRole('list', { name: words.progress });
    await expect(progress.locator('[aria-current="step"]')).toContainText(words.shipped);
    // On its way: when it arrives (issue 33); once delivered, no more.
    await expect(page.getByText(new RegExp(`^${words.arrives}: `))).toBeVisible();

    expect(await advanceOrder(request, paid.orderId)).toMatchObject({ status: 30, trackingNumber });
    await page.reload();
    await expect(progress.getByRole('listitem').last()).toContainText(`${words.delivered}, ${words.completed}`);
    await expect(page.getByRole('main').getByText(words.delivered).first()).toBeVisible();
    await expect(page.getByText(new RegExp(`^${words.arrives}`))).toHaveCount(0);
  });
}

/**
 * The whole visit in the browser: a guest fills a cart, signs up by e-mail code (the code from the
 * development outbox), completes the profile, sees the merge notice, applies Welcome10, adds a
 * delivery address at checkout and pays with the network sandbox card; the order is in the history.
 */
import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { header, headerCartLink, mainHeading } from '../fixtures/shop';
import { outboxCode, uniqueEmail, words as authWordsOf } from '../fixtures/auth';
import { methodWords, orderableProducts, purchaseWords, sandboxCards } from '../fixtures/purchase';

for (const locale of walkedIn('es')) {
  const words = purchaseWords[locale.code];
  const w = authWordsOf(locale);
  const more = methodWords[locale.code];

  test(`a visitor fills a cart, signs up by code, checks out with Welcome10 and pays (${locale.code})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Two units just over the $25.00 minimum: a product of $12.60 to $14.00 (the last of that
    // range on the page, one per language, so no other spec's pick is raised past its stock).
    const products = await orderableProducts(request, locale.code, { priceMin: 12.6, priceMax: 14, pages: [1], minStock: 10 });
    const product = products[products.length - (locale.code === 'en' ? 1 : 2)];
    expect(product, 'an orderable product of $12.60 to $14.00').toBeDefined();

    // As a guest: the item page's button, then one more in the cart.
    await page.goto(localized(locale, `/item/${product!.id}`));
    await page.getByRole('main').getByRole('button', { name: locale.text.addToCart, exact: true }).click();
    await expect(headerCartLink(page, locale)).toHaveAccessibleName(locale.text.cartWithItems);
    await page.goto(localized(locale, '/cart'));
    await expect(mainHeading(page)).toHaveText(words.cart);
    await page.getByRole('button', { name: words.oneMore(product!.name) }).click();
    await expect(headerCartLink(page, locale)).toHaveAccessibleName(locale.code === 'en' ? 'Cart, 2 items' : 'Carrito, 2 artículos');

    // Sign up by e-mail code, back to the cart afterwards.
    const email = uniqueEmail(`visitor-${locale.code}`);
    await page.goto(`${localized(locale, '/sign-up')}?redirect=${encodeURIComponent(localized(locale, '/cart'))}`);
    await page.getByRole('textbox', { name: w.email }).fill(email);
    await page.getByRole('button', { name: w.sendByEmail }).click();
    await expect(page.getByRole('heading', { name: w.step2Register })).toBeVisible();
    await page.getByRole('textbox', { name: w.code }).fill(await outboxCode(request, email));

    // The guest cart went to the new account: the notice says so.
    await expect(page.getByText(w.cartMerged, { exact: true })).toBeVisible();
    await expect(page.getByText(w.added)).toContainText(product!.name);

    // The forced profile completion, then the cart.
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/complete'));
    await page.getByRole('textbox', { name: w.firstName }).fill('Ana');
    await page.getByRole('textbox', { name: w.lastName }).fill('Visitante');
    await page.getByLabel(w.month, { exact: true }).selectOption({ label: w.march });
    await page.getByRole('textbox', { name: w.day, exact: true }).fill('7');
    await page.getByRole('textbox', { name: w.year, exact: true }).fill('1951');
    await page.getByRole('button', { name: w.saveAndContinue }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/cart'));
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    const list = page.getByRole('list', { name: words.itemsInCart });
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('textbox', { name: words.promoField }).fill('Welcome10');
    await page.getByRole('button', { name: words.apply, exact: true }).click();
    await expect(page.getByText(words.codeApplied('Welcome10'))).toBeVisible();
    await expect(page.getByText(words.promoLine('Welcome10'))).toBeVisible();

    await page.getByRole('button', { name: words.checkout, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/checkout/\\d+$`));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('button', { name: words.continueToDelivery }).click();

    // No address yet: the new-address form, saved and chosen.
    const form = page.getByRole('form', { name: more.newAddress });
    await form.getByRole('textbox', { name: more.street }).fill('100 Congress Ave');
    await form.getByRole('textbox', { name: more.city }).fill('Austin');
    await form.getByLabel(more.state).selectOption('TX');
    await form.getByRole('textbox', { name: more.zip }).fill('78701');
    await form.getByRole('button', { name: more.saveAndDeliver }).click();
    const deliverTo = page.getByRole('group', { name: words.deliverTo });
    await expect(deliverTo.getByRole('radio', { name: '100 Congress Ave, Austin, TX 78701' })).toBeChecked();
    const next = page.getByRole('button', { name: words.continueToPayment });
    await expect(next).toBeEnabled();
    await next.click();

    const methods = page.getByRole('group', { name: words.paymentMethod });
    await methods.getByText(words.networkCard).click();
    await expect(methods.getByRole('radio', { name: words.networkCard })).toBeChecked();
    await page.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.approve.number);
    await page.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
    await page.getByRole('button', { name: words.placeOrder }).click();

    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/success/${orderId}$`), { timeout: 15_000 });
    await expect(mainHeading(page)).toHaveText(words.thanks);
    await expect(page.getByText(words.verifying)).toBeVisible();

    await page.goto(localized(locale, '/account/orders'));
    await expect(mainHeading(page)).toHaveText(words.myOrders);
    const rows = page.getByRole('list', { name: words.orders }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(words.paymentVerification);
  });
}

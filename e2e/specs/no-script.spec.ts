// The shop before and without its scripts (issue 29): every page is drawn by the server for the
// visitor whose cookies it gets, and its forms post to the server, which runs the same route
// action the app runs and draws the page again. Here with JavaScript off in the browser: a guest
// fills a cart, signs in with a password (a POST: the password is never in an address), a wrong
// password is drawn with the login kept, and the guest's items join the member's cart.
// The shop before and without its scripts (issue 29): every page is drawn by the server for the
// visitor whose cookies it gets, and its forms post to the server, which runs the same route
// action the app runs and draws the page again. Here with JavaScript off in the browser: a guest
// fills a cart with two items the member's plan covers, signs in as a demo member with a password
// (a POST: the password is never in an address), a wrong password is drawn with the login kept,
// the guest's items join the member's cart; then the checkout: the steps are GET forms, the
// delivery address and the payment are posts answered 303, the demo card on file pays, the
// thank-you page and the order in /account/orders are drawn by the server.
//
// The demo members (apps/api/README.md, Demo data): James (en, plan ep, national card ...1001)
// and Rosa (es, plan cl1, network card ...1001); each card pays for what its plan covers.
import { expect, test, type APIRequestContext, type Request } from '@playwright/test';
import { demoCustomers, demoPassword } from '../fixtures/auth';
import { escapeRegExp, localized, shopLocales } from '../fixtures/locales';
import { demoCustomer, draftOf, expectPaidOrder, fillCart, methodWords, newCustomer, orderableProducts, purchaseWords, sandboxCards, signInBrowser, unitsFor } from '../fixtures/purchase';

const members = {
  en: { member: demoCustomers.james, plan: 'ep', onFile: /^Card ending in 1001, balance \$/ },
  es: { member: demoCustomers.rosa, plan: 'cl1', onFile: /^Tarjeta terminada en 1001, saldo \$/ },
} as const;

test.use({ javaScriptEnabled: false });

/** A new member (address on file) whose cart holds one product, delivered to that address: at the payment step. */
async function cartAtPayment(request: APIRequestContext, options: { tag: string; language: 'en' | 'es'; plan?: string }) {
  const customer = await newCustomer(request, options);
  const [product] = await orderableProducts(request, options.language, { minStock: 10, ...(options.plan ? { plan: options.plan } : {}) });
  const orderId = await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);
  const addresses = (await (await request.get('/api/customer/address', { headers: customer.auth })).json()) as { id: number }[];
  expect((await request.put('/api/order/delivery', { headers: customer.auth, data: { addressId: addresses[0]!.id } })).ok()).toBe(true);
  return { customer, product: product!, orderId };
}

for (const locale of shopLocales) {
  test(`without scripts (${locale.code}): add two items, a wrong then the right password, the items in the member's cart, checkout with the card on file`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { member, plan, onFile } = members[locale.code];
    const buy = purchaseWords[locale.code];
    const login = member.email;
    const addresses: Request[] = [];
    page.on('request', (sent) => addresses.push(sent));

    // Two products the member's plan covers (its card pays for them), together above the minimum
    // order and below the card's balance, each added by its item page's own form (a post, then back).
    const [first, second] = await orderableProducts(request, locale.code, { plan, minStock: 10, priceMin: 13, priceMax: 30, pages: [1, 2] });
    expect(second, 'two products the plan covers').toBeDefined();
    const firstId = String(first!.id);
    const secondId = String(second!.id);
    for (const id of [firstId, secondId]) {
      await page.goto(localized(locale, `/item/${id}`));
      await page.locator(`main form[method="post"]:has(input[name="intent"][value="add"]):has(input[name="productId"][value="${id}"]) button[type="submit"]`).first().click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/item/${id}`) && url.searchParams.get('added') === id);
      // Said in the page drawn after the add, with the product's name and the way to the cart.
      const added = page.getByRole('main').getByRole('status').filter({ hasText: buy.addedToCart });
      await expect(added).toContainText(id === firstId ? first!.name : second!.name);
      await expect(added.getByRole('link', { name: buy.viewCart })).toHaveAttribute('href', localized(locale, '/cart'));
    }

    // The guest's cart is the server's: drawn with both rows.
    await page.goto(localized(locale, '/cart'));
    await expect(page.locator(`main [data-line="${firstId}"]`)).toBeVisible();
    await expect(page.locator(`main [data-line="${secondId}"]`)).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'otc_cart')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // A wrong password: the page is drawn again with the login kept, never the password.
    const signIn = `${localized(locale, '/login/password')}?redirect=${encodeURIComponent(localized(locale, '/cart'))}`;
    await page.goto(signIn);
    await page.locator('#username').fill(login);
    await page.locator('#password').fill('Wrong-password-1');
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login/password'));
    await expect(page.locator('#username')).toHaveValue(login);
    await expect(page.locator('#password')).toHaveValue('');
    await expect(page.locator('main [role="alert"], main [role="status"]').first()).toBeVisible();

    // The right one: signed in by the session cookie, back to the cart, the guest's items in it.
    await page.locator('#password').fill(demoPassword);
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/cart'));
    await expect(page.locator(`main [data-line="${firstId}"]`)).toBeVisible();
    await expect(page.locator(`main [data-line="${secondId}"]`)).toBeVisible();
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'otc_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // One more unit of the first row from the cart's own form, still without scripts.
    await page.locator(`main [data-line="${firstId}"] button[name="amount"][value="2"]`).click();
    await expect(page.locator(`main [data-line="${firstId}"] output`)).toHaveText('2');

    // The sign-in was a POST each time: no address ever carried the password.
    const posts = addresses.filter((sent) => sent.method() === 'POST' && sent.url().includes('/login/password'));
    expect(posts).toHaveLength(2);
    expect(addresses.some((sent) => sent.url().includes(demoPassword) || sent.url().includes('Wrong-password'))).toBe(false);

    // Checkout: the cart's button is a GET form to the open order's checkout.
    await page.locator('main').getByRole('button', { name: buy.checkout, exact: true }).click();
    await expect(page).toHaveURL((url) => new RegExp(`^${localized(locale, '/checkout/')}\\d+$`).test(url.pathname));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    // Step 1 to step 2: a GET of ?step=delivery. The member's only address is drawn chosen.
    await page.getByRole('button', { name: buy.continueToDelivery }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'delivery');
    const deliverTo = page.getByRole('group', { name: buy.deliverTo });
    await expect(deliverTo.locator('input[type="radio"]:checked')).toHaveCount(1);

    // The address is posted with "Continue to payment": 303 to the payment step.
    await page.getByRole('button', { name: buy.continueToPayment }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/checkout/${orderId}`) && url.searchParams.get('step') === 'payment');
    await expect(page.getByRole('group', { name: buy.paymentMethod })).toBeVisible();

    // The demo card on file is chosen already (no number to type): the payment is a post, 303 to
    // the thank-you page, drawn by the server with the order; then the order in the history.
    await expect(page.getByRole('radio', { name: onFile })).toBeChecked();
    await expect(page.getByRole('textbox', { name: buy.cardNumber })).toHaveCount(0);
    await page.getByRole('button', { name: buy.placeOrder }).click();
    await expect(page.getByText(buy.verifying)).toBeVisible({ timeout: 15_000 });
    await expectPaidOrder(page, request, await demoCustomer(request, login), locale, orderId, buy.paymentVerification);
    const checkoutPosts = addresses.filter((sent) => sent.method() === 'POST' && sent.url().includes('/checkout/'));
    expect(checkoutPosts.map((sent) => new URLSearchParams(sent.postData() ?? '').get('intent'))).toEqual(['delivery', 'pay']);
  });
}

// A refused card without scripts: the page is drawn again by the server with the refusal (from
// the error's code), the card number kept and the security code not; the order is placed and
// payable at its own address, and the next post pays that same order. Spanish only: the decline
// card's security-code checks are limited per hour on a server (checkout-payment-failures.spec.ts).
test('without scripts (es): a declined card is drawn with the number kept; the same order is paid afterwards', async ({ page, request }) => {
  test.setTimeout(90_000);
  const locale = shopLocales.find((shop) => shop.code === 'es')!;
  const words = purchaseWords.es;
  const { customer, product, orderId } = await cartAtPayment(request, { tag: 'noscript-decline', language: 'es', plan: 'cl1' });

  await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=payment`));
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.decline.number);
  await main.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.decline.code);
  await main.getByRole('button', { name: words.placeOrder }).click();

  // Drawn by the server: the refusal beside the button, the order's own payment step.
  await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/checkout/${orderId}`));
  const failure = main.locator('[data-tone="error"]').filter({ hasText: words.paymentNotAccepted });
  await expect(failure).toContainText(words.notCorrect);
  const number = main.getByRole('textbox', { name: words.cardNumber });
  await expect(number).toHaveValue(sandboxCards.decline.number);
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByRole('textbox', { name: words.securityCode })).toHaveValue('');
  await expect(main.getByRole('button', { name: words.placeOrder })).toHaveCount(0);
  const payNow = main.getByRole('button', { name: new RegExp(`^${escapeRegExp(words.payNow)}: \\$`) });

  // Pay again with the approving card: the same order, 303 to its thank-you page.
  await number.fill(sandboxCards.approve.number);
  await main.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
  await payNow.click();
  await expectPaidOrder(page, request, customer, locale, orderId, words.paymentVerification);
});

// Without scripts the payment form carries the card fields of the method it was drawn with; a
// card method picked there without its card (none typed, or a card on file of another method) is
// asked for before anything is placed: the draft stays a draft, the card number field says why.
test('without scripts (en): a card method without its card is asked for before the order is placed', async ({ page, request }) => {
  test.setTimeout(90_000);
  const locale = shopLocales.find((shop) => shop.code === 'en')!;
  const words = purchaseWords.en;
  const { customer, product, orderId } = await cartAtPayment(request, { tag: 'noscript-nocard', language: 'en' });

  await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=payment`));
  const main = page.getByRole('main');
  await main.locator('label', { hasText: methodWords.en.national }).click();
  await main.getByRole('button', { name: words.placeOrder }).click();

  await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/checkout/${orderId}`));
  const number = main.getByRole('textbox', { name: words.cardNumber });
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByRole('radio', { name: methodWords.en.national })).toBeChecked();
  const failure = main.locator('[data-tone="error"]').filter({ hasText: words.errorPlacing });
  await expect(failure).toContainText('Card number: Enter the card number');
  await expect(failure).not.toContainText('The given data was invalid');
  // Nothing placed: the cart is still the open draft, no order waits for payment.
  const draft = await draftOf(request, customer);
  expect(draft.id).toBe(orderId);
  expect(draft.pendingOrder).toBeNull();
  await expect(main.getByRole('button', { name: words.placeOrder })).toBeVisible();
});

// A member with no address adds one at the delivery step without scripts: the form posts to the
// checkout's action (intent=address), a refusal of the contract's rules is drawn under its field
// with what was typed kept, and a good address is saved and chosen (303 to the payment step).
test('without scripts (en): a new address at the delivery step, refused then saved and delivered to', async ({ page, request }) => {
  test.setTimeout(90_000);
  const locale = shopLocales.find((shop) => shop.code === 'en')!;
  const customer = await newCustomer(request, { tag: 'noscript-address', language: 'en', address: false });
  const [product] = await orderableProducts(request, 'en', { minStock: 10 });
  const orderId = await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

  await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=delivery`));
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByRole('textbox', { name: /^Street address/ }).fill('100 Congress Ave');
  await form.getByRole('textbox', { name: /^City/ }).fill('Austin');
  await form.getByRole('combobox', { name: /^State/ }).selectOption('TX');
  const zip = form.getByRole('textbox', { name: /^ZIP code/ });
  await zip.fill('787');
  await form.getByRole('button', { name: 'Save and deliver here' }).click();

  // Drawn again by the server: the ZIP code marked, what was typed kept.
  await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/checkout/${orderId}`) && url.searchParams.get('step') === 'delivery');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: /^Street address/ })).toHaveValue('100 Congress Ave');
  await expect(form.getByRole('combobox', { name: /^State/ })).toHaveValue('TX');

  await zip.fill('78701');
  await form.getByRole('button', { name: 'Save and deliver here' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'payment');
  await expect(page.getByText('Delivery to: 100 Congress Ave, Austin, TX 78701')).toBeVisible();
});

// A double press without scripts: the browser sends the payment form twice and shows the second
// answer. The second post finds the order placed (or paid) by the first and pays that same order
// (the API answers the first payment), so the shopper sees the thank-you page of one paid order.
test('without scripts (en): a double press on Place order pays one order and shows its thank-you page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const locale = shopLocales.find((shop) => shop.code === 'en')!;
  const words = purchaseWords.en;
  const { customer, product, orderId } = await cartAtPayment(request, { tag: 'noscript-double', language: 'en' });

  await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=payment`));
  const posts: Request[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/checkout/')) posts.push(sent);
  });
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: words.cardNumber }).fill(sandboxCards.approve.number);
  await main.getByRole('textbox', { name: words.securityCode }).fill(sandboxCards.approve.code);
  await main.getByRole('button', { name: words.placeOrder }).dblclick();
  await expectPaidOrder(page, request, customer, locale, orderId, words.paymentVerification);
  expect(posts.length).toBeGreaterThanOrEqual(1);
  const history = (await (await request.get('/api/order', { headers: customer.auth })).json()) as { items: { id: number }[] };
  expect(history.items.map((order) => order.id)).toEqual([orderId]);
});

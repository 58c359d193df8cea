// The header's account menu and the delivery step's "Add a new address" before and without the
// scripts (issue 29, item 5): both are buttons that open something in the page with the scripts,
// and GET forms without them: "My account" leads to the account's pages, whose menu signs out
// (the sign-out page's form posts); "Add a new address" draws the checkout step again with the
// new address form open (?address=new; its Cancel draws it closed), whose post saves the address
// and delivers there.
import { expect, test } from '@playwright/test';
import { localized, shopLocales } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { fillCart, methodWords, newCustomer, orderableProducts, signInBrowser, unitsFor } from '../fixtures/purchase';

test.use({ javaScriptEnabled: false });

const words = {
  en: { account: 'My account', profile: 'My account', signOut: 'Sign out', signedOut: 'You are signed out', signIn: 'Sign in', press: 'Press Sign out to end your session on this device.' },
  es: { account: 'Mi cuenta', profile: 'Mi cuenta', signOut: 'Cerrar sesión', signedOut: 'Ha cerrado sesión', signIn: 'Iniciar sesión', press: 'Pulse Cerrar sesión para terminar su sesión en este dispositivo.' },
} as const;

for (const locale of shopLocales) {
  const said = words[locale.code];
  test(`without scripts (${locale.code}): "My account" leads to the account, whose menu signs out`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const customer = await newCustomer(request, { tag: `noscript-signout-${locale.code}`, language: locale.code });
    await signInBrowser(page, customer, localized(locale, '/catalog'));
    await page.getByRole('banner').getByRole('button', { name: new RegExp(`^${said.account}`) }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account'));
    await page.getByRole('navigation', { name: said.profile }).getByRole('link', { name: said.signOut }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/logout'));
    // Without the scripts the page asks (it spun "Signing you out…" for ever: newcomer's walk).
    await expect(page.getByRole('main')).toContainText(said.press);
    const post = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === localized(locale, '/logout'));
    await page.getByRole('main').getByRole('button', { name: said.signOut }).click();
    expect((await post).ok()).toBe(true);
    await expect(mainHeading(page)).toHaveText(said.signedOut);
    await expect(page.getByRole('banner').getByRole('link', { name: said.signIn })).toBeVisible();
    // The session is over on the server: the account asks to sign in.
    await page.goto(localized(locale, '/account'));
    await expect(page).toHaveURL((url) => url.pathname.startsWith(localized(locale, '/login')));
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });
  test('without scripts (es): the menu button shows the menu in the page, which signs in and switches the language', async ({ page }) => {
    const locale = shopLocales.find((shop) => shop.code === 'es')!;
    await page.goto(localized(locale, '/catalog?category=1'));
    const menu = page.locator('#site-menu');
    await expect(menu).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/catalog') && url.search === '?category=1' && url.hash === '#site-menu');
    const nav = page.getByRole('navigation', { name: 'Menú' });
    await expect(nav).toBeVisible();
    // Its "Close menu" hides it again.
    await page.getByRole('link', { name: 'Cerrar menú' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
    await nav.getByRole('link', { name: /English/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/catalog' && url.search === '?category=1');
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(mainHeading(page)).toBeVisible();
  });
});

test('without scripts (en): "Add a new address" at the delivery step opens its form, which saves and delivers there', async ({ page, request }) => {
  test.setTimeout(90_000);
  const locale = shopLocales.find((shop) => shop.code === 'en')!;
  const add = methodWords.en;
  const customer = await newCustomer(request, { tag: 'noscript-more-address', language: 'en' });
  const [product] = await orderableProducts(request, 'en', { minStock: 10 });
  const orderId = await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

  await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=delivery`));
  await expect(page.getByRole('form', { name: add.newAddress })).toHaveCount(0);
  const addButton = page.getByRole('main').getByRole('button', { name: 'Add a new address' });
  await addButton.click();
  await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'delivery' && url.searchParams.get('address') === 'new');
  const form = page.getByRole('form', { name: add.newAddress });
  // Cancel closes it again (the step without ?address=new), then it is opened for good.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'delivery' && !url.searchParams.has('address'));
  await expect(form).toHaveCount(0);
  await addButton.click();
  await form.getByRole('textbox', { name: add.street }).fill('200 Main St');
  await form.getByRole('textbox', { name: add.city }).fill('Dallas');
  await form.getByRole('combobox', { name: add.state }).selectOption('TX');
  await form.getByRole('textbox', { name: add.zip }).fill('75201');
  await form.getByRole('button', { name: add.saveAndDeliver }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'payment');
  await expect(page.getByText('Delivery to: 200 Main St, Dallas, TX 75201')).toBeVisible();
});

// Two addresses and none chosen yet: the step's button was drawn disabled, which nothing turned on
// again without the scripts (newcomer's walk). It posts the radios as they are; none chosen is
// refused with why, one chosen goes on to the payment.
test('without scripts (en): with two addresses, the one chosen at the delivery step is delivered to', async ({ page, request }) => {
  test.setTimeout(90_000);
  const locale = shopLocales.find((shop) => shop.code === 'en')!;
  const customer = await newCustomer(request, { tag: 'noscript-two-addresses', language: 'en' });
  const second = await request.post('/api/customer/address', {
    headers: customer.auth,
    data: { address: '12 Elm Road', city: 'Dallas', state: 'TX', zip: '75201' },
  });
  expect(second.ok()).toBe(true);
  const [product] = await orderableProducts(request, 'en', { minStock: 10 });
  const orderId = await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

  await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=delivery`));
  const main = page.getByRole('main');
  const next = main.getByRole('button', { name: 'Continue to payment' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(main.getByText('Please choose a delivery address.')).toBeVisible();
  await main.locator('label', { hasText: '12 Elm Road' }).click();
  await next.click();
  await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'payment');
  await expect(page.getByText('Delivery to: 12 Elm Road, Dallas, TX 75201')).toBeVisible();
});

// The language switch without scripts (newcomer's walk): "English" led back to Spanish, by the
// cookie at the bare address or by a Spanish browser's first-visit rule. Followed from the shop's
// own page, the address is the visitor's choice.
test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-US', extraHTTPHeaders: { 'accept-language': 'es-US,es;q=0.9' } });
  test('without scripts: "English" on a Spanish page shows the English page, the home page too', async ({ page }) => {
    await page.goto('/es/catalog');
    await expect(mainHeading(page)).toHaveText('Catálogo');
    await page.getByRole('banner').getByRole('link', { name: /English/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/catalog');
    await expect(mainHeading(page)).toHaveText('Catalog');
    await page.goto('/es');
    await page.getByRole('banner').getByRole('link', { name: /English/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});

// The item page's amount without scripts (newcomer's walk: + and − did nothing, one unit went in):
// the stepper is a GET of the page with ?quantity=, which the add takes.
test('without scripts (en): the item page\'s + and − choose the amount the add puts in the cart', async ({ page, request }) => {
  const locale = shopLocales.find((shop) => shop.code === 'en')!;
  const [product] = await orderableProducts(request, 'en', { minStock: 10 });
  await page.goto(localized(locale, `/item/${product!.id}`));
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'One more' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('quantity') === '2');
  await main.getByRole('button', { name: 'One more' }).click();
  await main.getByRole('button', { name: 'One more' }).click();
  await main.getByRole('button', { name: 'One less' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('quantity') === '3');
  await expect(main.getByRole('group', { name: new RegExp('^Quantity of') }).locator('output')).toHaveText('3');
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('added') === String(product!.id) && !url.searchParams.has('quantity'));
  await expect(main.getByText('3 in your cart')).toBeVisible();
});

test.describe('a device set to dark', () => {
  test.use({ colorScheme: 'dark' });
  test('without scripts: the page follows the device (public/colour-mode.js sets it with them)', async ({ page }) => {
    for (const address of ['/catalog', '/es/catalog']) {
      await page.goto(address);
      const colours = await page.evaluate(() => ({
        scheme: getComputedStyle(document.documentElement).colorScheme,
        body: getComputedStyle(document.body).backgroundColor,
      }));
      // The dark surface (--ui-surface), not the light one's white.
      expect(colours).toEqual({ scheme: 'dark', body: 'rgb(13, 22, 32)' });
    }
  });
});

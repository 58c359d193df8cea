/**
 * What members ran into (issue 21), in English and Spanish by turns (each test once, `takesTurn`):
 * - a declined payment is said once (by the card field taking the focus with its error, in words);
 * - the contact form's thank-you takes the focus on a phone (on screen, read);
 * - the language cookie decides the bare address `/` before the browser's language;
 * - a guest's `?personalcode=` is checked against the shop's promotions on landing.
 */
import { appStarted, expect, test } from '../fixtures/test';
import { escapeRegExp, localized, shopLocales, takesTurn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { fillCart, newCustomer, orderableProducts, purchaseWords, sandboxCards, signInBrowser, unitsFor } from '../fixtures/purchase';
import { announcements, clearAnnouncements, recordAnnouncements } from '../fixtures/announcements';
import { barrierWords, focused } from '../fixtures/barriers';

for (const locale of shopLocales) {
  const words = barrierWords[locale.code];
  const buy = purchaseWords[locale.code];

  test.describe(`members (${locale.code})`, () => {
    if (takesTurn(locale, 0)) test('a declined payment is said once, in words', async ({ page, request }) => {
      test.setTimeout(120_000);
      await recordAnnouncements(page);
      const customer = await newCustomer(request, { tag: `said-${locale.code}`, language: locale.code, plan: 'cl1' });
      const [product] = await orderableProducts(request, locale.code, { minStock: 10, plan: 'cl1' });
      const orderId = await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);
      const addresses = (await (await request.get('/api/customer/address', { headers: customer.auth })).json()) as { id: number }[];
      await request.put('/api/order/delivery', { headers: customer.auth, data: { addressId: addresses[0]!.id } });
      await signInBrowser(page, customer, localized(locale, `/checkout/${orderId}?step=payment`));
      const main = page.getByRole('main');
      await page.getByRole('textbox', { name: buy.cardNumber }).fill(sandboxCards.decline.number);
      await page.getByRole('textbox', { name: buy.securityCode }).fill(sandboxCards.decline.code);
      await clearAnnouncements(page);
      await main.getByRole('button', { name: buy.placeOrder }).click();
      await expect(main.locator('[data-tone="error"]').filter({ hasText: buy.paymentNotAccepted })).toBeVisible();
      // Said once (issue 33, item 8): by the card field, which takes the focus with its error in
      // words (no field key such as "input.card"); no live region says it again.
      const cardField = page.getByRole('textbox', { name: buy.cardNumber });
      await expect(cardField).toBeFocused();
      await expect(cardField).toHaveAccessibleDescription(new RegExp(escapeRegExp(buy.notCorrect)));
      await expect(cardField).not.toHaveAccessibleDescription(/input\.|\bcard:/);
      // Late announcements would come within a moment.
      await page.waitForTimeout(1500);
      const said = (await announcements(page)).filter((a) => a.text.includes(buy.paymentNotAccepted) || a.text.includes(buy.notCorrect));
      expect(said, JSON.stringify(said)).toHaveLength(0);
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 } });
      if (takesTurn(locale, 1)) test('the contact form’s thank-you takes the focus and is on screen', async ({ page }) => {
        await page.goto(localized(locale, '/contacts'));
        await expect(mainHeading(page)).toBeVisible();
        await page.getByLabel(words.firstName).fill('Rosa');
        await page.getByLabel(words.lastName).fill('Martínez');
        await page.getByLabel(words.phone).fill('(555) 123-4567');
        await page.getByLabel(words.message).fill('My order has not arrived yet.');
        await page.getByRole('button', { name: words.sendMessage }).click();
        const thanks = page.getByText(words.contactSent);
        await expect(thanks).toBeVisible();
        expect(await focused(page)).not.toBe('body');
        const box = page.locator(':focus');
        await expect(box).toContainText(words.contactSent);
        await expect(box).toBeInViewport();
      });
    });

    if (takesTurn(locale, 2)) test('the language chosen is remembered at the bare address, before the browser language', async ({ browser, baseURL }) => {
      // The browser speaks the other language; the person chooses this one with the switch.
      const context = await browser.newContext({ baseURL, locale: locale.code === 'es' ? 'en-US' : 'es-ES' });
      const page = await context.newPage();
      const other = locale.code === 'es' ? '' : '/es';
      await page.goto(`${other}/catalog`);
      await expect(page).toHaveURL(new RegExp(`${other}/catalog$`));
      // A page of its own context: the fixture's goto (which waits for the app) is not in play here.
      // A press while React takes the page over was lost in 1 of about 40 runs (CI and here).
      await appStarted(page);
      await page.getByRole('banner').first().getByRole('link', { name: new RegExp(locale.code === 'es' ? 'Español' : 'English') }).first().click();
      // Anchored at the host: `/catalog$` alone also matches the `/es/catalog` being left.
      await expect(page).toHaveURL(new RegExp(`^[a-z]+://[^/]+${locale.prefix}/catalog$`));
      // Coming back later to the bare address: the choice decides.
      await page.goto('/');
      await expect(mainHeading(page)).toHaveText(locale.headings.home);
      expect(new URL(page.url()).pathname).toBe(locale.prefix || '/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang);
      await context.close();
    });

    if (takesTurn(locale, 3)) test('a guest’s personalcode is checked against the shop’s promotions on landing', async ({ page }) => {
      await page.goto(localized(locale, '/?personalcode=NOPE123'));
      const region = page.getByRole('region', { name: buy.notifications });
      await expect(region.getByText(words.codeNotValid('NOPE123'))).toBeVisible();
      await page.goto(localized(locale, '/cart'));
      await expect(mainHeading(page)).toBeVisible();
      await expect(page.getByText(buy.codeApplied('NOPE123'))).toHaveCount(0);

      await page.goto(localized(locale, '/catalog?personalcode=Welcome10'));
      await expect(region.getByText(words.codeValid('Welcome10', 10))).toBeVisible();
    });
  });
}

/**
 * Paying through the checkout page with the sandbox methods of the default settings besides the
 * network card (checkout-purchase.spec.ts): a national card typed in (nationsbenefits), and the
 * customer's active S3 card (prohealth).
 *
 * Runs in the `more-methods` project, on the second server with its own sandbox ledger: on the
 * main server the account-cards suite puts 6036 0000 0000 0001 and both free S3 approve cards
 * (6037 0000 0000 0001, 6037 0000 0000 0001 7) on its own customers' accounts, and a card on an
 * account pays only for its owner. Both methods pay there exactly as with the default settings
 * (the second server only adds credit and balance to the list).
 */
import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  checkoutToPayment,
  expectPaidOrder,
  fillCart,
  methodCards,
  methodWords,
  newCustomer,
  orderableProducts,
  purchaseWords,
  signInBrowser,
  unitsFor,
} from '../fixtures/purchase';

const address = '100 Congress Ave, Austin, TX 78701';
/** Issue 33's words of the payment step: the one recommendation, and where a missing card goes. */
const oneRecommendation = {
  en: { tag: 'Recommended for your plan', addS3: /add your S3 benefit card or make it active in Payment methods\.$/, paymentMethods: 'Payment methods' },
  es: { tag: 'Recomendado para su plan', addS3: /agregue su tarjeta de beneficios S3 o actívela en Métodos de pago\.$/, paymentMethods: 'Métodos de pago' },
} as const;
/** A national approve card of the sandbox (plan ep) that no other suite uses. */
const ownNationalCard = { number: '6036000000000209', code: '456' };

/** S3 approve cards of the sandbox, one per language (a card belongs to one account). */
const s3Cards = {
  en: { number: '6037 0000 0000 0001 7', code: '1234', last4: '0017' },
  es: { number: '6037 0000 0000 0001', code: '789', last4: '0001' },
} as const;

for (const locale of walkedIn('es')) {
  const words = purchaseWords[locale.code];
  const more = methodWords[locale.code];

  test.describe(`payment methods of the default settings (${locale.code})`, () => {
    test('pays with a national benefit card typed in (nationsbenefits)', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `national-${locale.code}`, language: locale.code, plan: 'ep' });
      const [product] = await orderableProducts(request, locale.code, { minStock: 20, plan: 'ep' });
      expect(product).toBeDefined();
      await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 25) }]);

      await signInBrowser(page, customer, localized(locale, '/cart'));
      await expect(mainHeading(page)).toHaveText(words.cart);
      const orderId = await checkoutToPayment(page, locale, address);

      const methods = page.getByRole('group', { name: words.paymentMethod });
      await methods.getByText(more.national).click();
      await expect(methods.getByRole('radio', { name: more.national })).toBeChecked();
      await page.getByRole('textbox', { name: words.cardNumber }).fill(methodCards.national.number);
      await page.getByRole('textbox', { name: words.securityCode }).fill(methodCards.national.code);
      await page.getByRole('button', { name: words.placeOrder }).click();

      await expect(page.getByText(words.verifying)).toBeVisible({ timeout: 15_000 });
      await expectPaidOrder(page, request, customer, locale, orderId, words.paymentVerification);
    });

    test('recommends one method, the member’s own card’s; the insurance card, not on file, is not offered (issue 33)', async ({ page, request }) => {
      test.setTimeout(90_000);
      const said = oneRecommendation[locale.code];
      // An ep member (the plan names both benefit card methods) whose own card is a national one.
      const customer = await newCustomer(request, { tag: `one-recommended-${locale.code}`, language: locale.code, plan: 'ep' });
      const added = await request.post('/api/insurance-card', { headers: customer.auth, data: { type: 'national', ...ownNationalCard } });
      expect(added.ok(), await added.text()).toBe(true);
      const [product] = await orderableProducts(request, locale.code, { minStock: 20, plan: 'ep' });
      expect(product).toBeDefined();
      await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 25) }]);

      await signInBrowser(page, customer, localized(locale, '/cart'));
      await expect(mainHeading(page)).toHaveText(words.cart);
      await checkoutToPayment(page, locale, address);

      const methods = page.getByRole('group', { name: words.paymentMethod });
      await expect(methods.getByText(said.tag, { exact: true })).toHaveCount(1);
      const national = methods.getByRole('radio', { name: more.national });
      await expect(national).toHaveAccessibleName(new RegExp(said.tag));
      await expect(national).toBeChecked();
      // Not a disabled insurance option: it is left out, and the page says where its card goes.
      await expect(methods.getByRole('radio', { name: more.insurance })).toHaveCount(0);
      const note = page.getByRole('main').locator('p').filter({ hasText: said.addS3 });
      await expect(note.getByRole('link', { name: said.paymentMethods })).toHaveAttribute(
        'href',
        localized(locale, '/account/payment-methods'),
      );
    });

    test('pays with the active S3 card on the account (prohealth)', async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `s3-${locale.code}`, language: locale.code, plan: 'uhc' });
      const card = s3Cards[locale.code];
      const added = await request.post('/api/insurance-card', {
        headers: customer.auth,
        data: { type: 's3', number: card.number.replace(/ /g, ''), code: card.code },
      });
      expect(added.ok(), await added.text()).toBe(true);
      const [product] = await orderableProducts(request, locale.code, { minStock: 20, plan: 'uhc' });
      expect(product).toBeDefined();
      await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 25) }]);

      await signInBrowser(page, customer, localized(locale, '/cart'));
      await expect(mainHeading(page)).toHaveText(words.cart);
      const orderId = await checkoutToPayment(page, locale, address);

      const methods = page.getByRole('group', { name: words.paymentMethod });
      const insurance = methods.getByRole('radio', { name: more.insurance });
      await expect(insurance).toBeEnabled();
      await methods.getByText(more.insurance).click();
      await expect(insurance).toBeChecked();
      await expect(methods.getByText(more.activeCardEnding(card.last4))).toBeVisible();
      // No card number to type: the card on file pays.
      await expect(page.getByRole('textbox', { name: words.cardNumber })).toHaveCount(0);
      await page.getByRole('button', { name: words.placeOrder }).click();

      await expect(page.getByText(words.verifying)).toBeVisible({ timeout: 15_000 });
      await expectPaidOrder(page, request, customer, locale, orderId, words.paymentVerification);
    });
  });
}

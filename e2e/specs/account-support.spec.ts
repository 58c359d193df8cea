import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { accountWords, uniqueEmail, registerCustomer, useSession } from '../fixtures/account';

const balanceCards = {
  en: {
    type: 'network',
    number: '6035 0000 0000 0003',
    code: '123',
    balance: '$5.00',
    last4: '0003',
  },
  es: {
    type: 'national',
    number: '6036 0000 0000 0002',
    code: '456',
    balance: '$250.00',
    last4: '0002',
  },
} as const;

for (const locale of walkedIn('en')) {
  const words = accountWords[locale.code];

  test.describe(`support pages (${locale.code})`, () => {
    test('a visitor checks a card balance', async ({ page }) => {
      const card = balanceCards[locale.code];
      await page.goto(localized(locale, '/balance-check'));
      await expect(mainHeading(page)).toHaveText(words.balanceCheck);
      const main = page.getByRole('main');
      // The other benefit card picked first: the number decides the type (issue 33).
      const otherType = card.type === 'network' ? 'national' : 'network';
      await main.getByRole('radio', { name: words.cardType[otherType] }).check();
      await main.getByLabel(words.cardNumber).fill(card.number);
      await expect(main.getByRole('radio', { name: words.cardType[card.type] })).toBeChecked();
      await main.getByLabel(words.securityCode).fill(card.code);
      await main.getByRole('button', { name: words.checkBalance }).click();
      await expect(main.getByText(card.balance, { exact: true })).toBeVisible();
      await expect(
        main.getByText(words.endingIn(words.cardType[card.type], card.last4)),
      ).toBeVisible();
      await expect(main.getByText(words.availableUntil)).toBeVisible();
    });

    test.describe('without scripts', () => {
      test.use({ javaScriptEnabled: false });
      // A POST to the page's action (newcomer's walk: it was a GET, the card's number and code in
      // the address, and nothing drawn).
      test('a visitor checks a card balance: a post, the number and code never in an address', async ({ page }) => {
        const card = balanceCards[locale.code];
        await page.goto(localized(locale, '/balance-check'));
        const main = page.getByRole('main');
        await main.getByRole('radio', { name: words.cardType[card.type] }).check();
        await main.getByLabel(words.cardNumber).fill(card.number);
        await main.getByLabel(words.securityCode).fill(card.code);
        const post = page.waitForRequest((sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === localized(locale, '/balance-check'));
        await main.getByRole('button', { name: words.checkBalance }).click();
        await post;
        await expect(main.getByText(card.balance, { exact: true })).toBeVisible();
        expect(page.url()).not.toContain(card.code);
        expect(new URL(page.url()).search).toBe('');
      });
    });

    test('a visitor asking for a product signs in first', async ({ page }) => {
      await page.goto(localized(locale, '/request-new-product'));
      await expect(page).toHaveURL(
        new RegExp(
          `${escapeRegExp(localized(locale, '/login'))}\\?redirect=${escapeRegExp(encodeURIComponent(localized(locale, '/request-new-product')))}$`,
        ),
      );
    });

    test('a customer requests a new product and gets its number', async ({ page, request }) => {
      await useSession(page, await registerCustomer(request, uniqueEmail(`request-${locale.code}`)));
      await page.goto(localized(locale, '/request-new-product'));
      await expect(mainHeading(page)).toHaveText(words.requestProduct);
      const main = page.getByRole('main');
      await main.getByLabel(words.productName).fill('Compression socks, size M');
      await main.getByLabel(words.description).fill('Knee-high, 15-20 mmHg');
      await main.getByLabel(words.link).fill('socks dot com');
      await main.getByRole('button', { name: words.sendRequest }).click();
      await expect(main.getByText(words.invalidUrl)).toBeVisible();
      await main.getByLabel(words.link).fill('https://example.com/socks');
      await main.getByRole('button', { name: words.sendRequest }).click();
      await expect(main.getByText(words.requestNumber)).toBeVisible();
    });
  });
}

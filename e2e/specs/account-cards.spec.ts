import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { accountWords, uniqueEmail, registerCustomer, useSession } from '../fixtures/account';

interface SandboxCard {
  type: 'network' | 'national' | 's3';
  number: string;
  code: string;
  last4: string;
  balance: string;
}

/** Sandbox cards (apps/api/README.md); each language adds its own, as a card belongs to one account. */
const cards: Record<'en' | 'es', { first: SandboxCard; second: SandboxCard }> = {
  en: {
    first: {
      // Not 6035 0000 0000 0101: the checkout suites pay with that one, and a card on an
      // account pays only for its owner.
      type: 'network',
      number: '6035 0000 0000 0000 019',
      code: '123',
      last4: '0019',
      balance: '$100.00',
    },
    second: {
      type: 's3',
      number: '6037 0000 0000 0001 7',
      code: '1234',
      last4: '0017',
      balance: '$300.00',
    },
  },
  es: {
    first: {
      type: 'national',
      number: '6036 0000 0000 0001',
      code: '456',
      last4: '0001',
      balance: '$250.00',
    },
    second: {
      type: 's3',
      number: '6037 0000 0000 0001',
      code: '789',
      last4: '0001',
      balance: '$250.00',
    },
  },
};

for (const locale of walkedIn('en')) {
  const words = accountWords[locale.code];

  test.describe(`account payment methods (${locale.code})`, () => {
    test('adds a card (checked per type), shows its balance, adds another and makes it active', async ({
      page,
      request,
    }) => {
      await useSession(page, await registerCustomer(request, uniqueEmail(`cards-${locale.code}`)));
      await page.goto(localized(locale, '/account/payment-methods'));
      await expect(mainHeading(page)).toHaveText(words.paymentMethods);
      const main = page.getByRole('main');

      async function addCard(card: SandboxCard) {
        await main.getByRole('button', { name: words.addCard }).first().click();
        const dialog = page.getByRole('dialog', { name: words.addCardTitle });
        await dialog.getByRole('radio', { name: words.cardType[card.type] }).check();
        await dialog.getByLabel(words.cardNumber).fill(card.number);
        await dialog.getByLabel(words.securityCode).fill(card.code);
        await dialog.getByRole('button', { name: words.addCardButton }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(words.cardAdded, { exact: true }).first()).toBeVisible();
      }

      const { first, second } = cards[locale.code];
      // A wrong length for the type is caught before sending.
      await main.getByRole('button', { name: words.addCard }).click();
      const dialog = page.getByRole('dialog', { name: words.addCardTitle });
      await dialog.getByRole('radio', { name: words.cardType[first.type] }).check();
      await dialog.getByLabel(words.cardNumber).fill('6035 0000 0000 001');
      await dialog.getByLabel(words.securityCode).fill(first.code);
      await dialog.getByRole('button', { name: words.addCardButton }).click();
      await expect(dialog.getByLabel(words.cardNumber)).toHaveAttribute('aria-invalid', 'true');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await addCard(first);
      const firstCard = main
        .getByRole('listitem')
        .filter({ hasText: words.endingIn(words.cardType[first.type], first.last4) });
      await expect(firstCard).toContainText(first.balance);
      await expect(firstCard.getByText(words.availableUntil)).toBeVisible();
      // The first card added is the active one.
      await expect(firstCard.getByText(words.active, { exact: true })).toBeVisible();

      await addCard(second);
      const secondCard = main
        .getByRole('listitem')
        .filter({ hasText: words.endingIn(words.cardType[second.type], second.last4) });
      await expect(secondCard).toContainText(second.balance);
      await expect(secondCard.getByText(words.active, { exact: true })).toHaveCount(0);

      await secondCard.getByRole('button', { name: new RegExp(`^${words.makeActive}`) }).click();
      await expect(page.getByText(words.changesSaved, { exact: true })).toBeVisible();
      await expect(secondCard.getByText(words.active, { exact: true })).toBeVisible();
      await expect(firstCard.getByText(words.active, { exact: true })).toHaveCount(0);
      await expect(
        firstCard.getByRole('button', { name: new RegExp(`^${words.makeActive}`) }),
      ).toBeVisible();
    });
  });
}

test('a card of another account is refused with the spec text', async ({ page, request }) => {
  await useSession(page, await registerCustomer(request, uniqueEmail('cards-taken')));
  await page.goto('/account/payment-methods');
  await page.getByRole('main').getByRole('button', { name: 'Add a card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  // The demo customer Rosa's card.
  await dialog.getByLabel(/^Card number/).fill('6035 0000 0000 1001');
  await dialog.getByLabel(/^Security code/).fill('321');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Card already in system (used by another account).',
  );
  await expect(dialog.getByLabel(/^Card number/)).toHaveValue('6035 0000 0000 1001');
  await dialog.getByLabel(/^Security code/).fill('999');
  await dialog.getByLabel(/^Card number/).fill('6035 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  // The issuer's 422 names the number: its text goes under the field.
  await expect(dialog.getByText('Card number or code is not correct')).toBeVisible();
  await expect(dialog.getByLabel(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
});

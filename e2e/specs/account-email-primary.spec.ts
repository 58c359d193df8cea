import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import {
  accountWords,
  uniqueEmail,
  outboxCode,
  registerCustomer,
  useSession,
} from '../fixtures/account';

for (const locale of walkedIn('es')) {
  const words = accountWords[locale.code];

  test.describe(`account e-mails (${locale.code})`, () => {
    test('adds an e-mail, verifies it, makes it primary (sign in again), then removes the old one', async ({
      page,
      request,
    }) => {
      const first = uniqueEmail(`primary-${locale.code}`);
      const second = uniqueEmail(`second-${locale.code}`);
      await useSession(page, await registerCustomer(request, first));

      await page.goto(localized(locale, '/account'));
      await expect(mainHeading(page)).toHaveText(words.myAccount);
      const emails = page.getByRole('region', { name: words.emails });
      const button = (label: string, email: string) =>
        emails.getByRole('button', {
          name: new RegExp(`^${escapeRegExp(label)}\\s*${escapeRegExp(email)}$`),
        });

      // The primary (sign-in) e-mail cannot be removed: no Remove that only answers an error;
      // the row says why (issue 21).
      await expect(emails.getByText(words.primaryBadge)).toBeVisible();
      await expect(button(words.remove, first)).toHaveCount(0);
      await expect(emails.getByText(words.primaryEmailCannotBeRemoved, { exact: false })).toBeVisible();

      // Add the new one and verify it with the code sent to it.
      await emails.getByRole('button', { name: words.addEmail }).click();
      const add = page.getByRole('dialog', { name: words.addEmailTitle });
      await add.getByLabel(words.emailLabel, { exact: true }).fill(second);
      await add.getByRole('button', { name: words.sendCode }).click();
      const verify = page.getByRole('dialog', { name: words.verifyTitle });
      await expect(verify).toContainText(second);
      await verify.getByLabel(words.code, { exact: true }).fill(await outboxCode(request, second));
      await verify.getByRole('button', { name: words.verify, exact: true }).click();

      // Make it primary: signed out, sent to sign in, and back to the account afterwards.
      const primary = page.getByRole('dialog', { name: words.primaryTitle });
      await primary.getByRole('button', { name: words.makePrimaryAndSignIn }).click();
      await expect(page).toHaveURL(
        new RegExp(
          `${escapeRegExp(localized(locale, '/login'))}\\?redirect=${escapeRegExp(encodeURIComponent(localized(locale, '/account')))}&changed=email&login=`,
        ),
      );
      // It says why, with the new address filled in (issue 21).
      await expect(page.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(words.emailLabel)}`) })).toHaveValue(second);
      // The API ended every session of the account, this browser's web session too.
      const me = await page.context().request.get('/api/auth/me');
      expect(me.status()).toBe(401);

      // Sign in again with the new primary e-mail (the sign-in UI is tested by the auth suites).
      await useSession(page, { login: second });
      await page.goto(localized(locale, '/account'));
      await expect(mainHeading(page)).toHaveText(words.myAccount);
      await expect(button(words.makePrimary, first)).toBeVisible();

      // The old one is no longer primary: it can be removed (a second tap confirms).
      await button(words.remove, first).click();
      await emails
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(words.tapAgainToRemove)}`) })
        .click();
      await expect(page.getByText(words.emailRemoved, { exact: true })).toBeVisible();
      await expect(emails.getByText(first, { exact: true })).toHaveCount(0);
      await expect(emails.getByText(second, { exact: true }).first()).toBeVisible();
    });
  });
}

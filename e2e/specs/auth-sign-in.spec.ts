import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { header, mainHeading } from '../fixtures/shop';
import { demoCustomers, outboxCode, signInWithPassword, words } from '../fixtures/auth';

// Each language signs in a different demo customer, so the two runs never wait on each other's
// resend countdown.
const byLocale = { en: demoCustomers.james, es: demoCustomers.rosa } as const;

for (const locale of walkedIn('en')) {
  const w = words(locale);
  const customer = byLocale[locale.code];

  test.describe(`sign in (${locale.code})`, () => {
    test('by phone code: the code from the outbox signs in, the header shows the account menu', async ({ page, request }) => {
      await page.goto(localized(locale, '/login/phone'));
      await expect(mainHeading(page)).toHaveText(locale.headings.login);
      await page.getByRole('textbox', { name: w.phone }).fill(customer.phone);
      await page.getByRole('button', { name: w.sendBySms }).click();
      await expect(page.getByRole('heading', { name: w.step2 })).toBeVisible();
      await expect(page.getByText(customer.shownPhone)).toBeVisible();
      // The countdown is shown; a new code only after it.
      await expect(page.getByRole('timer')).toHaveText(/\d+/);

      const code = await outboxCode(request, customer.phone);
      await page.getByRole('textbox', { name: w.code }).fill(code);
      // The whole code sends itself, then the default redirect (home).
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/'));
      await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    });

    test('by password, then logout: "Sign in" again here and in another tab', async ({ page, context }) => {
      await page.goto(localized(locale, '/login/password'));
      await expect(mainHeading(page)).toHaveText(w.signInWithPassword);
      await signInWithPassword(page, locale, customer.email);
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/'));
      const menu = header(page).getByRole('button', { name: w.myAccount });
      await expect(menu).toBeVisible();

      const other = await context.newPage();
      await other.goto(localized(locale, '/catalog'));
      await expect(header(other).getByRole('button', { name: w.myAccount })).toBeVisible();

      await menu.click();
      await header(page).getByRole('link', { name: w.signOut }).click();
      await expect(mainHeading(page)).toHaveText(w.signedOut);
      await expect(header(page).getByRole('link', { name: w.headerSignIn, exact: true })).toBeVisible();
      // The web session is over for the whole browser: the API no longer knows the cookie.
      expect((await context.request.get('/api/auth/me')).status()).toBe(401);
      // The other tab follows.
      await expect(header(other).getByRole('link', { name: w.headerSignIn, exact: true })).toBeVisible();
    });

    test('a wrong password says "Invalid username or password." and keeps what was typed', async ({ page }) => {
      await page.goto(localized(locale, '/login/password'));
      await signInWithPassword(page, locale, customer.email, 'Wrong9999');
      await expect(page.getByRole('alert')).toHaveText(
        locale.code === 'en' ? 'Invalid username or password.' : 'Usuario o contraseña no válidos.',
      );
      await expect(page.getByRole('textbox', { name: w.usernameLabel })).toHaveValue(customer.email);
    });
  });
}

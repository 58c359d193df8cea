/**
 * Password recovery, in Spanish only: the whole flow (a code by e-mail, the new password checked
 * for complexity and match, signed in, then the old and the new password tried in a fresh
 * browser) takes well over 10 s, so it runs in one language to keep the suite's time down.
 */
import { expect, test } from '../fixtures/test';
import { es, localized } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { outboxCode, registerByApi, signInWithPassword, uniqueEmail, words } from '../fixtures/auth';

const locale = es;
const w = words(locale);

test(`recover a password: code, new password (complexity and match checked), then it signs in (${locale.code})`, async ({
  page,
  request,
}) => {
  // Four steps that each hash a password on the server (registration, recovery, the old and the
  // new password tried) and two browsers: on a slow CI machine more than the default 30 s.
  test.setTimeout(60_000);
  const email = uniqueEmail(`recovery-${locale.code}`);
  // An account in the page's language: signing in continues in the customer's interface language.
  await registerByApi(request, email, 'OldPass123', locale.code);
  const registrationCode = await outboxCode(request, email);

  await page.goto(localized(locale, '/login-recovery'));
  await expect(mainHeading(page)).toHaveText(locale.headings.loginRecovery);
  await page.getByRole('textbox', { name: w.email }).fill(email);
  await page.getByRole('button', { name: w.sendByEmail }).click();
  await expect(page.getByRole('heading', { name: w.step2Recovery })).toBeVisible();
  const code = await outboxCode(request, email, registrationCode);
  await page.getByRole('textbox', { name: w.code }).fill(code);

  const password = page.getByLabel(w.newPassword);
  const again = page.getByLabel(w.newPasswordAgain);
  await password.fill('simple');
  await again.fill('different');
  await page.getByRole('button', { name: w.saveNewPassword }).click();
  await expect(password).toHaveAccessibleDescription(
    locale.code === 'en' ? /Your password isn't complex enough/ : /no es lo bastante segura/,
  );
  await expect(again).toHaveAccessibleDescription(locale.code === 'en' ? /Passwords don't match/ : /no coinciden/);

  await password.fill('NewPass456');
  await again.fill('NewPass456');
  await page.getByRole('button', { name: w.saveNewPassword }).click();
  // Signed in (the new account has no names: the completion page asks for them).
  await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/complete'));

  // The new password works; the old one does not.
  const fresh = await page.context().browser()!.newContext();
  const other = await fresh.newPage();
  await other.goto(new URL(localized(locale, '/login/password'), page.url()).toString());
  await signInWithPassword(other, locale, email, 'OldPass123');
  await expect(other.getByRole('alert')).toBeVisible();
  await signInWithPassword(other, locale, email, 'NewPass456');
  await expect(other).toHaveURL((url) => url.pathname === localized(locale, '/account/complete'));
  await fresh.close();
});

import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { header, mainHeading } from '../fixtures/shop';
import { outboxCode, uniqueEmail, words } from '../fixtures/auth';

for (const locale of walkedIn('es')) {
  const w = words(locale);

  test(`sign up by e-mail code, then the forced profile completion continues where it started (${locale.code})`, async ({
    page,
    request,
  }) => {
    const email = uniqueEmail(`signup-${locale.code}`);
    await page.goto(`${localized(locale, '/sign-up')}?redirect=${encodeURIComponent(localized(locale, '/catalog?sort=price-asc'))}`);
    await expect(mainHeading(page)).toHaveText(locale.headings.signUp);
    await page.getByRole('textbox', { name: w.email }).fill(email);
    await page.getByRole('button', { name: w.sendByEmail }).click();
    await expect(page.getByRole('heading', { name: w.step2Register })).toBeVisible();

    const code = await outboxCode(request, email);
    await page.getByRole('textbox', { name: w.code }).fill(code);

    // A new account has no names or birthdate: after the redirect, the completion page (500 ms later).
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/complete'));
    const url = new URL(page.url());
    expect(url.searchParams.get('fields')).toBe('firstName,lastName,birthdate');
    expect(url.searchParams.get('continue')).toBe(localized(locale, '/catalog?sort=price-asc'));
    await expect(mainHeading(page)).toHaveText(w.completeTitle);

    await page.getByRole('textbox', { name: w.firstName }).fill('Ana');
    await page.getByRole('textbox', { name: w.lastName }).fill('Prueba');
    await page.getByLabel(w.month, { exact: true }).selectOption({ label: w.march });
    await page.getByRole('textbox', { name: w.day, exact: true }).fill('7');
    await page.getByRole('textbox', { name: w.year, exact: true }).fill('1951');
    await page.getByRole('button', { name: w.saveAndContinue }).click();

    await expect(page).toHaveURL((next) => `${next.pathname}${next.search}` === localized(locale, '/catalog?sort=price-asc'));
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    // Complete now: it stays.
    await page.waitForTimeout(800);
    expect(new URL(page.url()).pathname).toBe(localized(locale, '/catalog'));
  });
}

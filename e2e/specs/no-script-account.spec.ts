// The account's forms without the scripts (issue 29): each posts to its page's action, which the
// server runs for the visitor of the session cookie and draws the page again with the answer.
// Here with JavaScript off, each in one language by turns (walkedIn; the purchase journey of no-script.spec.ts stays in both): a member made through the API (with a password) signs in
// through the password page's form, edits the profile (a refused date of birth is drawn with what
// was typed, then saved), adds an address (the GET form ?address=new draws the form in the page;
// the post leads to the page saying it, ?done=add-address:<id>, which a reload does not post again)
// and changes the password (?done=change-password after it; the new one then signs in through the API). The e-mail and phone, the
// cards and the health plan: no-script-account-2.spec.ts.
import { expect, test, type Page, type Request } from '@playwright/test';
import { localized, type LocaleCode, type ShopLocale, walkedIn } from '../fixtures/locales';
import { newCustomer } from '../fixtures/purchase';

const words: Record<LocaleCode, { saved: string; added: string; passwordChanged: string; notSaved: string }> = {
  en: {
    saved: 'Changes are saved',
    added: 'Address is added',
    passwordChanged: 'Your password is changed.',
    notSaved: 'Your changes were not saved',
  },
  es: {
    saved: 'Los cambios se guardaron',
    added: 'La dirección fue agregada',
    passwordChanged: 'Su contraseña fue cambiada.',
    notSaved: 'Sus cambios no se guardaron',
  },
};

const firstPassword = 'First-pass-1';
const newPassword = 'Second-pass-2';

test.use({ javaScriptEnabled: false });

/** The page's form that posts `intent` (several forms share a page). */
function formOf(page: Page, intent: string) {
  return page.locator(`main form[method="post"]:has(input[name="intent"][value="${intent}"])`);
}

/** Waits for the post to `path` the next action sends, and answers its status. */
async function posted(page: Page, locale: ShopLocale, path: string, act: () => Promise<void>): Promise<number> {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === localized(locale, path));
  await act();
  return (await answer).status();
}

for (const locale of walkedIn('es')) {
  test(`without scripts (${locale.code}): sign in, the profile (refused, then saved), an address added, the password changed`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const word = words[locale.code];
    const customer = await newCustomer(request, { tag: `noscript-account-${locale.code}`, language: locale.code, address: false });
    const set = await request.put('/api/customer/password', {
      headers: customer.auth,
      data: { password: firstPassword, passwordConfirmation: firstPassword },
    });
    expect(set.ok(), await set.text()).toBe(true);
    const sent: Request[] = [];
    page.on('request', (request) => sent.push(request));

    // Signed in through the password page's form (a POST), on to the account page.
    await page.goto(`${localized(locale, '/login/password')}?redirect=${encodeURIComponent(localized(locale, '/account'))}`);
    await page.locator('#username').fill(customer.login);
    await page.locator('#password').fill(firstPassword);
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account'));

    // The profile, drawn by the server with the saved values.
    const profile = formOf(page, 'profile');
    await expect(profile.locator('input[name="firstName"]')).toHaveValue('Ana');
    await expect(profile.locator('[name="birthdate-year"]')).toHaveValue('1950');

    // A date of birth before 1900 is refused by the contract's schema: drawn again with what was
    // typed (the new first name too) and the year marked.
    await profile.locator('input[name="firstName"]').fill('Anita');
    await profile.locator('[name="birthdate-year"]').fill('1850');
    expect(await posted(page, locale, '/account', () => profile.locator('button[type="submit"]').click())).toBe(422);
    await expect(profile.locator('input[name="firstName"]')).toHaveValue('Anita');
    await expect(profile.locator('[name="birthdate-year"]')).toHaveValue('1850');
    await expect(profile.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expect(page.getByText(word.saved)).toHaveCount(0);

    // Corrected: saved, said in the page, the new values drawn.
    await profile.locator('[name="birthdate-year"]').fill('1951');
    expect(await posted(page, locale, '/account', () => profile.locator('button[type="submit"]').click())).toBe(200);
    await expect(page.getByText(word.saved)).toBeVisible();
    await page.goto(localized(locale, '/account'));
    await expect(formOf(page, 'profile').locator('input[name="firstName"]')).toHaveValue('Anita');
    await expect(formOf(page, 'profile').locator('[name="birthdate-year"]')).toHaveValue('1951');

    // An address: "Add an address" is a GET form that draws the form in the page; the post adds it.
    await page.goto(localized(locale, '/account/addresses'));
    await page.locator('main form[method="get"]:has(input[name="address"][value="new"]) button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('address') === 'new');
    const address = formOf(page, 'add-address');
    await address.locator('input[name="address"]').fill('200 Lavaca St');
    await address.locator('input[name="city"]').fill('Austin');
    await address.locator('select[name="state"]').selectOption('TX');
    await address.locator('input[name="zip"]').fill('78701');
    // Added: a redirect to the page saying it with the address's lines, so a reload adds no second one.
    expect(await posted(page, locale, '/account/addresses', () => address.locator('button[type="submit"]').click())).toBe(303);
    await expect(page).toHaveURL((url) => /^add-address:\d+$/.test(url.searchParams.get('done') ?? ''));
    const said = async () => {
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: word.added })).toContainText('200 Lavaca St');
      await expect(page.locator('main address').filter({ hasText: '200 Lavaca St' })).toHaveCount(1);
      await expect(formOf(page, 'add-address')).toHaveCount(0);
    };
    await said();
    await page.reload();
    await said();

    // The password: changed with the current one, said in the page, never drawn back.
    await page.goto(localized(locale, '/account/security'));
    const password = page.locator('main form[method="post"]:has(input[name="passwordConfirmation"])');
    await password.locator('input[name="currentPassword"]').fill(firstPassword);
    await password.locator('input[name="password"]').fill(newPassword);
    await password.locator('input[name="passwordConfirmation"]').fill(newPassword);
    // Changed: a redirect to the page saying it, so a reload does not post the old password again.
    expect(await posted(page, locale, '/account/security', () => password.locator('button[type="submit"]').click())).toBe(303);
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/security') && url.search === '?done=change-password');
    await expect(page.getByText(word.passwordChanged)).toBeVisible();
    await expect(password.locator('input[name="password"]')).toHaveValue('');
    const login = await request.post('/api/auth/login', { data: { username: customer.login, password: newPassword } });
    expect(login.ok(), 'the new password signs in').toBe(true);

    // No form of the account says it needs the scripts any more (the e-mails and phones, the cards
    // and the health plan work without them too: no-script-account-2.spec.ts).
    // (Playwright's text search leaves <noscript> out: count them as the browser drew them.)
    const needsScripts = page.locator('main noscript');
    await page.goto(localized(locale, '/account/payment-methods'));
    await expect(needsScripts).toHaveCount(0);
    await page.goto(localized(locale, '/account'));
    await expect(needsScripts).toHaveCount(0);

    // Every change was a form post to its page; no address carried a password.
    expect(sent.some((one) => one.url().includes(firstPassword) || one.url().includes(newPassword))).toBe(false);
  });
}

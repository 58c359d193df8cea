// The one-time-code flows without scripts (issue 29): sign up, sign in with a code and the offer
// to register an unknown login are forms posting to their page's action, which the server runs
// and draws the next step of (or leads the new member on). A wrong code is drawn at step 2, with
// what the member chose at step 1 kept.
import { expect, test, type Page } from '@playwright/test';
import { localized, walkedIn } from '../fixtures/locales';
import { outboxCode, uniqueEmail } from '../fixtures/outbox';

const PASSWORD = 'NoScript123';

test.use({ javaScriptEnabled: false });

/** The submit button of the page's form holding `field`. */
const submitOf = (page: Page, field: string) =>
  page.locator(`main form[method="post"]:has(${field}) button[type="submit"]`);

async function expectSignedIn(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'otc_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
}

for (const locale of walkedIn('en')) {
  test(`without scripts (${locale.code}): sign up with a code and a password, then sign in with a code`, async ({ page, request }) => {
    const login = uniqueEmail(`noscript-code-${locale.code}`);
    const addresses: string[] = [];
    page.on('request', (sent) => addresses.push(sent.url()));

    await page.goto(localized(locale, '/sign-up'));
    await page.locator('#login-email').fill(login);
    await page.locator('input[name="sign-in-way"][value="password"]').check();
    await submitOf(page, '#login-email').click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/sign-up'));
    await expect(page.locator('#code-step-heading')).toBeVisible();
    await expect(page.locator('main')).toContainText(login);

    // A wrong code: step 2 again, with its error and the password asked for (the choice kept).
    await page.locator('#one-time-code').fill('000000');
    await page.locator('#new-password').fill(PASSWORD);
    await page.locator('#new-password-confirmation').fill(PASSWORD);
    await submitOf(page, '#one-time-code').click();
    await expect(page.locator('#code-step-heading')).toBeVisible();
    await expect(page.locator('#one-time-code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#new-password')).toBeVisible();

    const code = await outboxCode(request, login);
    await page.locator('#one-time-code').fill(code);
    await page.locator('#new-password').fill(PASSWORD);
    await page.locator('#new-password-confirmation').fill(PASSWORD);
    await submitOf(page, '#one-time-code').click();
    await expect(page).not.toHaveURL((url) => url.pathname === localized(locale, '/sign-up'));
    await expectSignedIn(page);
    // The password was posted, never put in an address.
    expect(addresses.filter((address) => address.includes(encodeURIComponent(PASSWORD)) || address.includes(PASSWORD))).toEqual([]);

    // Completing the profile is a form post too: an empty name is drawn refused, then saved.
    const complete = `${localized(locale, '/account/complete')}?fields=firstName,lastName&continue=${encodeURIComponent(localized(locale, '/cart'))}`;
    await page.goto(complete);
    await page.locator('#profile-lastName').fill('Script');
    await submitOf(page, '#profile-firstName').click();
    await expect(page.locator('#profile-firstName')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#profile-lastName')).toHaveValue('Script');
    await page.locator('#profile-firstName').fill('Nora');
    await submitOf(page, '#profile-firstName').click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/cart'));
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ firstName: 'Nora', lastName: 'Script' });

    // The password chosen works; so does a code.
    const signedUp = await request.post('/api/auth/login', { data: { username: login, password: PASSWORD } });
    expect(signedUp.ok()).toBe(true);
    await page.context().clearCookies();
    await page.goto(localized(locale, '/login'));
    await page.locator('#login-email').fill(login);
    await submitOf(page, '#login-email').click();
    await expect(page.locator('#code-step-heading')).toBeVisible();
    const signInCode = await outboxCode(request, login, code);
    await page.locator('#one-time-code').fill(signInCode);
    await submitOf(page, '#one-time-code').click();
    await expect(page).not.toHaveURL((url) => url.pathname === localized(locale, '/login'));
    await expectSignedIn(page);
  });

  test(`without scripts (${locale.code}): a login with no account is offered to register in place`, async ({ page, request }) => {
    const login = uniqueEmail(`noscript-offer-${locale.code}`);
    await page.goto(localized(locale, '/login'));
    await page.locator('#login-email').fill(login);
    await submitOf(page, '#login-email').click();
    // Refused: the login kept in its field, and the offer a form of its own.
    await expect(page.locator('main [role="alert"]')).toBeVisible();
    await expect(page.locator('#login-email')).toHaveValue(login);
    await page.locator('main form[method="post"]:has(input[name="purpose"][value="register"]) button[type="submit"]').click();
    await expect(page.locator('#code-step-heading')).toBeVisible();
    const code = await outboxCode(request, login);
    await page.locator('#one-time-code').fill(code);
    await submitOf(page, '#one-time-code').click();
    await expect(page).not.toHaveURL((url) => url.pathname === localized(locale, '/login'));
    await expectSignedIn(page);
  });
}

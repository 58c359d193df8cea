// The sign-in pages without scripts: a code sent leads to the code step's own address (a GET, so a
// reload draws it again and asks nothing: the login in it, never the code or a password); the
// step's "Send a new code" is a form posting to the page's action (the API's resend wait applies:
// a press too early is refused in the page, saying how long to wait, the login kept); no countdown
// is drawn that would never move. The "Phone" tab of step 1 is a link to the phone's page.
import { expect, test, type Page } from '@playwright/test';
import { demoCustomers, registerByApi, uniqueEmail, words } from '../fixtures/auth';
import { localized, shopLocales, type ShopLocale } from '../fixtures/locales';
import { latestCode, outboxCode } from '../fixtures/outbox';
import { sessionCookie } from '../fixtures/web-session';

test.use({ javaScriptEnabled: false });

const TEXTS = {
  en: { changePhone: 'Change the phone number', wait: 'You can ask for a new code 60 seconds after the last one.', sendAgain: 'Send a new code', tooSoon: /^Please wait \d+ seconds before requesting another code\.$/ },
  es: { changePhone: 'Cambiar el número de teléfono', wait: 'Puede pedir un código nuevo 60 segundos después del último.', sendAgain: 'Enviar un código nuevo', tooSoon: /^Espere \d+ segundos antes de solicitar otro código\.$/ },
} as const;

const PASSWORD = 'NoScript123';

/** The submit button of the page's form holding `field`. */
const submitOf = (page: Page, field: string) => page.locator(`main form[method="post"]:has(${field}) button[type="submit"]`);

/** The code step's address: the page, `step` and the login (nothing else). */
function stepAddress(locale: ShopLocale, path: string, step: string, login: string) {
  return (url: URL) =>
    url.pathname === localized(locale, path) && url.search === `?${new URLSearchParams({ step, login }).toString()}`;
}

/** Signed in: the web session's HttpOnly cookie is set. */
async function expectSignedIn(page: Page): Promise<void> {
  expect(await sessionCookie(page)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
}

// A demo member a language (their phone's codes never wait on the other run's).
const byLocale = { en: demoCustomers.linda, es: demoCustomers.rosa } as const;

for (const locale of shopLocales) {
  const text = TEXTS[locale.code];

  test(`without scripts (${locale.code}): the code step is a page of its own; a new code asked for too early is refused, saying how long to wait`, async ({ page, request }) => {
    const login = uniqueEmail(`noscript-resend-${locale.code}`);
    await registerByApi(request, login);
    const registered = await outboxCode(request, login);
    await page.goto(localized(locale, '/login'));
    await page.locator('#login-email').fill(login);
    await submitOf(page, '#login-email').click();
    await expect(page.locator('#code-step-heading')).toHaveText(words(locale).step2);
    await expect(page).toHaveURL(stepAddress(locale, '/login', 'code', login));
    const code = await outboxCode(request, login, registered);

    // A reload is a GET of the step: nothing posted again, no new code.
    const reloaded = await page.reload();
    expect(reloaded?.request().method()).toBe('GET');
    await expect(page.locator('#code-step-heading')).toHaveText(words(locale).step2);
    await expect(page.locator('main')).toContainText(login);
    expect(await latestCode(request, login)).toBe(code);

    // No countdown frozen at its first second: the wait is said, the button is there.
    await expect(page.locator('main [role="timer"]')).toHaveCount(0);
    await expect(page.locator('main')).toContainText(text.wait);
    const sendAgain = page.getByRole('button', { name: text.sendAgain, exact: true });
    await sendAgain.click();
    const alert = page.locator('main [role="alert"]');
    await expect(alert).toHaveText(text.tooSoon);
    await expect(alert).toBeFocused();
    await expect(page.locator('#code-step-heading')).toHaveText(words(locale).step2);
    await expect(page.locator('main')).toContainText(login);
    await expect(sendAgain).toBeVisible();

    // The code sent first still signs in.
    await page.locator('#one-time-code').fill(code);
    await submitOf(page, '#one-time-code').click();
    await expect(page).not.toHaveURL((url) => url.pathname === localized(locale, '/login'));
    await expectSignedIn(page);
  });

  test(`without scripts (${locale.code}): a sign-up's code step with a password survives a reload; no code or password in any address`, async ({ page, request }) => {
    const login = uniqueEmail(`noscript-prg-${locale.code}`);
    const addresses: string[] = [];
    page.on('request', (sent) => addresses.push(sent.url()));
    await page.goto(localized(locale, '/sign-up'));
    await page.locator('#login-email').fill(login);
    await page.locator('input[name="sign-in-way"][value="password"]').check();
    await submitOf(page, '#login-email').click();
    await expect(page).toHaveURL(stepAddress(locale, '/sign-up', 'code-password', login));
    await page.reload();
    await expect(page.locator('#code-step-heading')).toHaveText(words(locale).step2Register);

    // A wrong code: refused in the page, the password asked for again (never drawn back).
    await page.locator('#one-time-code').fill('000000');
    await page.locator('#new-password').fill(PASSWORD);
    await page.locator('#new-password-confirmation').fill(PASSWORD);
    await submitOf(page, '#one-time-code').click();
    await expect(page.locator('#one-time-code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#new-password')).toHaveValue('');
    expect(await page.content()).not.toContain(PASSWORD);

    const code = await outboxCode(request, login);
    await page.locator('#one-time-code').fill(code);
    await page.locator('#new-password').fill(PASSWORD);
    await page.locator('#new-password-confirmation').fill(PASSWORD);
    await submitOf(page, '#one-time-code').click();
    await expect(page).not.toHaveURL((url) => url.pathname === localized(locale, '/sign-up'));
    await expectSignedIn(page);
    expect(addresses.filter((address) => [PASSWORD, code, '000000'].some((secret) => address.includes(secret)))).toEqual([]);
  });

  test(`without scripts (${locale.code}): the Phone tab leads to the phone's sign-in, the redirect kept`, async ({ page, request }) => {
    const customer = byLocale[locale.code];
    const w = words(locale);
    const cart = localized(locale, '/cart');
    await page.goto(`${localized(locale, '/login')}?redirect=${encodeURIComponent(cart)}`);
    const phoneTab = page.getByRole('tab', { name: w.phoneTab, exact: true });
    await expect(phoneTab).toHaveAttribute('aria-selected', 'false');
    // In the Tab order without the scripts (no arrow keys there).
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('Tab');
    await expect(phoneTab).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login/phone') && url.searchParams.get('redirect') === cart);
    await expect(page.getByRole('tab', { name: w.phoneTab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: w.phone }).fill(customer.phone);
    await page.getByRole('button', { name: w.sendBySms }).click();
    await expect(page.locator('#code-step-heading')).toHaveText(w.step2);
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login/phone') && url.searchParams.get('step') === 'code');
    await expect(page.locator('main')).toContainText(customer.shownPhone);
    const code = await outboxCode(request, customer.phone);
    // "Change the phone number" brings it back in its field; sent again within the wait, the code
    // already sent is the one to type.
    await page.getByRole('link', { name: text.changePhone }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login/phone') && !url.searchParams.has('step'));
    await expect(page.getByRole('textbox', { name: w.phone })).toHaveValue(customer.phone);
    await page.getByRole('button', { name: w.sendBySms }).click();
    await expect(page.locator('#code-step-heading')).toHaveText(w.step2);
    await page.getByRole('textbox', { name: w.code }).fill(code);
    await submitOf(page, '#one-time-code').click();
    await expect(page).toHaveURL((url) => url.pathname === cart);
    await expectSignedIn(page);
  });
}

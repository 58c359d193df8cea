// The sign-in pages without scripts: the code step's "Send a new code" is a form posting to the
// page's action (the API's resend wait applies: a press too early is refused in the page, saying
// how long to wait, the login kept); no countdown is drawn that would never move.
import { expect, test, type Page } from '@playwright/test';
import { registerByApi, uniqueEmail, words } from '../fixtures/auth';
import { localized, shopLocales } from '../fixtures/locales';
import { outboxCode } from '../fixtures/outbox';

test.use({ javaScriptEnabled: false });

const TEXTS = {
  en: { wait: 'You can ask for a new code 60 seconds after the last one.', sendAgain: 'Send a new code', tooSoon: /^Please wait \d+ seconds before requesting another code\.$/ },
  es: { wait: 'Puede pedir un código nuevo 60 segundos después del último.', sendAgain: 'Enviar un código nuevo', tooSoon: /^Espere \d+ segundos antes de solicitar otro código\.$/ },
} as const;

/** The submit button of the page's form holding `field`. */
const submitOf = (page: Page, field: string) => page.locator(`main form[method="post"]:has(${field}) button[type="submit"]`);

async function expectSignedIn(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'otc_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
}

for (const locale of shopLocales) {
  const text = TEXTS[locale.code];

  test(`without scripts (${locale.code}): a new code asked for too early is refused in the page, saying how long to wait`, async ({ page, request }) => {
    const login = uniqueEmail(`noscript-resend-${locale.code}`);
    await registerByApi(request, login);
    const registered = await outboxCode(request, login);
    await page.goto(localized(locale, '/login'));
    await page.locator('#login-email').fill(login);
    await submitOf(page, '#login-email').click();
    await expect(page.locator('#code-step-heading')).toHaveText(words(locale).step2);
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
    const code = await outboxCode(request, login, registered);
    await page.locator('#one-time-code').fill(code);
    await submitOf(page, '#one-time-code').click();
    await expect(page).not.toHaveURL((url) => url.pathname === localized(locale, '/login'));
    await expectSignedIn(page);
  });
}

// "Sign out of all devices" (account security) without scripts: a form posting to the page's
// action, which ends every session (this browser's and another device's) and leads to the sign-in
// page as the scripts do, saying why.
import { expect, test } from '@playwright/test';
import { registerCustomer, signInTokens, uniqueEmail, useSession } from '../fixtures/account';
import { localized, shopLocales } from '../fixtures/locales';

test.use({ javaScriptEnabled: false });

const TEXTS = {
  en: { button: 'Sign out of all devices', title: 'You are signed out on all devices', body: 'This device was signed out too. Please sign in again to continue.' },
  es: { button: 'Cerrar sesión en todos los dispositivos', title: 'Se cerró su sesión en todos los dispositivos', body: 'También se cerró la sesión en este dispositivo. Inicie sesión de nuevo para continuar.' },
} as const;

for (const locale of shopLocales) {
  const text = TEXTS[locale.code];

  test(`without scripts (${locale.code}): "Sign out of all devices" ends every session and leads to the sign-in page, saying why`, async ({ page, request }) => {
    const account = await registerCustomer(request, uniqueEmail(`noscript-everywhere-${locale.code}`));
    const otherDevice = await signInTokens(request, account.login);
    await useSession(page, account);
    const security = localized(locale, '/account/security');
    await page.goto(security);
    await page.getByRole('button', { name: text.button }).click();

    await expect(page).toHaveURL(
      (url) =>
        url.pathname === localized(locale, '/login') &&
        url.searchParams.get('redirect') === security &&
        url.searchParams.get('changed') === 'everywhere',
    );
    await expect(page.locator('main')).toContainText(text.title);
    await expect(page.locator('main')).toContainText(text.body);
    // This browser and the other device are both signed out.
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    const other = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherDevice.token}` } });
    expect(other.status()).toBe(401);
    // The page is for a guest now: the account page sends to sign in again.
    await page.goto(security);
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login'));
  });
}

import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { header, headerCartLink, demoProduct } from '../fixtures/shop';
import { demoCustomers, signInWithPassword, words } from '../fixtures/auth';
import { CART_COOKIE } from '../fixtures/web-session';

const byLocale = { en: demoCustomers.linda, es: demoCustomers.rosa } as const;
// The merge signs in someone else, so its cart starts from the seeded draft, not another test's.
// Each signs in on the shop of their own interface language (sign-in switches to it).
const mergeByLocale = { en: demoCustomers.linda, es: demoCustomers.rosa } as const;

for (const locale of walkedIn('es')) {
  const w = words(locale);
  const customer = byLocale[locale.code];

  test(`a protected address round trip keeps its query (${locale.code})`, async ({ page }) => {
    const original = `${localized(locale, '/account/addresses')}?from=e2e&step=2`;
    await page.goto(original);
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login'));
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(original);
    // Switch to the password page: the redirect goes along.
    await page.getByRole('link', { name: locale.code === 'en' ? 'Sign in with a password instead' : 'Iniciar sesión con una contraseña' }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/login/password'));
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(original);
    await signInWithPassword(page, locale, customer.email);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === original);
    // Signed in, /login sends on to the saved redirect too.
    await page.goto(`${localized(locale, '/login')}?redirect=${encodeURIComponent(original)}`);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === original);
  });

  test(`a guest cart is merged into the account's cart at sign-in, with a notice (${locale.code})`, async ({ page }) => {
    await page.goto(localized(locale, `/item/${demoProduct.id}`));
    await page.getByRole('main').getByRole('button', { name: locale.text.addToCart, exact: true }).click();
    await expect(headerCartLink(page, locale)).toHaveAccessibleName(locale.text.cartWithItems);

    await page.goto(localized(locale, '/login/password'));
    await signInWithPassword(page, locale, mergeByLocale[locale.code].email);
    // Exact: the region that says it for screen readers holds the words with the list after them.
    const notice = page.getByText(w.cartMerged, { exact: true });
    await expect(notice).toBeVisible();
    await expect(page.getByText(w.added)).toContainText(demoProduct.name[locale.code]);
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    await expect(headerCartLink(page, locale)).toHaveAccessibleName(locale.text.cartWithItems);
    // The guest's server cart went into the account's at sign-in: its cookie is cleared, and this
    // browser keeps no cart rows of its own.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(CART_COOKIE);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('guest-cart'))) ?? '[]')).toEqual([]);
  });
}

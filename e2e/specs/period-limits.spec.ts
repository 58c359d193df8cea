// Limits told up front (issue 31, item 4): a plan that allows a member so many units of an item a
// quarter says on the item page how many more they can order, before anything is refused.
import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { demoCustomers, demoPassword, signInWithPassword } from '../fixtures/auth';

for (const locale of shopLocales) {
  test(`a limited item's page says how many more the member can order this quarter (${locale.code})`, async ({ page, request }) => {
    const member = demoCustomers.linda;
    const signedIn = await request.post('/api/auth/login', { data: { username: member.email, password: demoPassword } });
    expect(signedIn.ok()).toBe(true);
    const { token } = (await signedIn.json()) as { token: string };
    // The demo plans limit one item in ten (ids ending in 4): the first one her plan covers, in stock.
    let id = 0;
    for (let candidate = 4; candidate < 300 && id === 0; candidate += 10) {
      const answer = await request.get(`/api/catalog/products/${candidate}`, { headers: { authorization: `Bearer ${token}` } });
      if (!answer.ok()) continue;
      const { product } = (await answer.json()) as { product: { periodLimit?: { left: number } | null; inStock: number; eligible: boolean | null } };
      if (product.periodLimit && product.periodLimit.left > 0 && product.inStock > 0 && product.eligible) id = candidate;
    }
    expect(id).toBeGreaterThan(0);

    await page.goto(localized(locale, '/login/password'));
    await signInWithPassword(page, locale, member.email);
    await expect(page).not.toHaveURL((url) => url.pathname === localized(locale, '/login/password'));
    await page.goto(localized(locale, `/item/${id}`));
    const told = locale.code === 'es' ? /Puede pedir \d+ más este trimestre/ : /You can order \d+ more this quarter/;
    await expect(page.getByRole('main').getByText(told)).toBeVisible();
  });
}

// Forms and links without scripts (issue 29): the contact form and "request a new product" post
// to their page's action, which the server runs (a refused post drawn with its field's error and
// everything typed kept; the fixed one leads to the page with the reference number in its address,
// so a reload sends nothing again, and "Send another" is a link to the empty form);
// the catalog's "Load more" and price range are addresses the server draws.
import { expect, test, type Page } from '@playwright/test';
import { localized, walkedIn } from '../fixtures/locales';
import { outboxCode, uniqueEmail } from '../fixtures/outbox';

test.use({ javaScriptEnabled: false });

const submitOf = (page: Page, field: string) =>
  page.locator(`main form[method="post"]:has(${field}) button[type="submit"]`);

for (const locale of walkedIn('en')) {
  test(`without scripts (${locale.code}): the contact form, refused then sent, keeps what was typed`, async ({ page }) => {
    await page.goto(localized(locale, '/contacts'));
    await page.locator('input[name="firstName"]').fill('Rosa');
    await page.locator('input[name="lastName"]').fill('Martínez');
    await page.locator('input[name="phone"]').fill('555 12');
    await page.locator('textarea[name="message"]').fill('My order has not arrived yet.');
    await submitOf(page, 'textarea[name="message"]').click();

    // Drawn again by the server: the phone's error, nothing lost.
    await expect(page.locator('input[name="phone"]')).toHaveAttribute('aria-invalid', 'true');
    // It has the focus as the page loads, so it is read with its error (issue 33, item 18).
    await expect(page.locator('input[name="phone"]')).toBeFocused();
    await expect(page.locator('input[name="firstName"]')).toHaveValue('Rosa');
    await expect(page.locator('textarea[name="message"]')).toHaveValue('My order has not arrived yet.');

    await page.locator('input[name="phone"]').fill('(555) 123-4567');
    const sent = page.waitForResponse((r) => r.request().method() === 'POST');
    await submitOf(page, 'textarea[name="message"]').click();
    expect((await sent).status()).toBe(303);
    await expect(page.locator('main .font-mono')).toHaveText(/^C-\d{4}-\d{6}$/);
    const reference = await page.locator('main .font-mono').textContent();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/contacts') && url.searchParams.get('sent') === reference);
    // The thank-you has the focus as the page loads, never the top of the page.
    await expect(page.locator('main [tabindex="-1"]').filter({ has: page.locator('.font-mono') })).toBeFocused();
    // A reload thanks again and posts nothing; "Send another message" is the empty form.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.reload();
    await expect(page.locator('main .font-mono')).toHaveText(reference!);
    expect(posts).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: locale.code === 'es' ? 'Enviar otro mensaje' : 'Send another message' }).click();
    await expect(page.locator('textarea[name="message"]')).toHaveValue('');
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/contacts') && url.search === '');
  });

  test(`without scripts (${locale.code}): a member requests a new product`, async ({ page }) => {
    const login = uniqueEmail(`noscript-request-${locale.code}`);
    // A member signed in with the web session (the cookie this browser then carries).
    expect((await page.request.post('/api/auth/register/code', { data: { login } })).ok()).toBe(true);
    const code = await outboxCode(page.request, login);
    const signedIn = await page.request.post('/api/auth/register', {
      data: { login, code, firstName: 'Nora', lastName: 'Script' },
      headers: { 'X-Auth-Mode': 'session' },
    });
    expect(signedIn.ok()).toBe(true);

    await page.goto(`${localized(locale, '/request-new-product')}?name=${encodeURIComponent('Arnica gel')}`);
    await expect(page.getByRole('main').locator('input[name="name"]')).toHaveValue('Arnica gel');
    await page.locator('input[name="link"]').fill('not a link');
    await submitOf(page, 'input[name="link"]').click();
    await expect(page.locator('input[name="link"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('input[name="link"]')).toBeFocused();
    await expect(page.getByRole('main').locator('input[name="name"]')).toHaveValue('Arnica gel');

    await page.locator('input[name="link"]').fill('https://example.com/arnica');
    const sent = page.waitForResponse((r) => r.request().method() === 'POST');
    await submitOf(page, 'input[name="link"]').click();
    expect((await sent).status()).toBe(303);
    await expect(page.locator('main .font-mono')).toHaveText(/^R-\d{4}-\d{6}$/);
    await expect(page).toHaveURL(/\/request-new-product\?requested=R-\d{4}-\d{6}$/);
    // The thank-you has the focus (issue 33, item 20), never the top of the page.
    await expect(page.locator('main [tabindex="-1"]').filter({ has: page.locator('.font-mono') })).toBeFocused();
  });
}

for (const locale of walkedIn('es')) {
  test(`without scripts (${locale.code}): the catalog's next page and price range`, async ({ page }) => {
    await page.goto(`${localized(locale, '/catalog')}?sort=price-asc`);
    const cards = page.locator('main ul[aria-labelledby="catalog-products"] > li');
    await expect(cards).toHaveCount(24);
    await page.getByRole('link', { name: locale.text.loadMore }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(cards).toHaveCount(48);
    // The price range is a form of the catalog's address: the sort rides along, the page starts over.
    const range = page.locator('main aside form[method="get"]');
    await range.locator('input[name="priceMin"]').fill('5');
    await range.locator('input[name="priceMax"]').fill('10');
    await range.locator('button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('priceMin') === '5' && url.searchParams.get('priceMax') === '10' && url.searchParams.get('sort') === 'price-asc' && !url.searchParams.has('page'));
    await expect(cards.first()).toBeVisible();
  });
}

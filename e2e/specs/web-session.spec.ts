/**
 * The web session (issue 29, docs/web-session.md): the storefront holds the visitor on the
 * server. A sign-in of any kind leaves the API's HttpOnly, SameSite=Lax `otc_session` cookie and
 * nothing a page script can read; the server draws a member's pages with their data and never
 * hands them to anyone else; a write carried by the cookie from another site changes nothing;
 * "sign out of all devices" ends the cookie session of every browser.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { appStarted, expect, test } from '../fixtures/test';
import { shopLocales } from '../fixtures/locales';
import { header, headerCartLink, mainHeading } from '../fixtures/shop';
import { outboxCode, registerByApi, signInWithPassword, uniqueEmail, words } from '../fixtures/auth';
import { fillCart, newCustomer, orderableProducts, productOutsidePlan } from '../fixtures/purchase';
import { catalogProducts, storedGuestCartWith } from '../fixtures/barriers';
import {
  CART_COOKIE,
  SESSION_COOKIE,
  addToWebCart,
  cookieWriteHeaders,
  csrfTokenOf,
  shopOrigin,
  webCart,
  webSignIn,
} from '../fixtures/web-session';

const en = shopLocales[0]!;
const w = words(en);

/** A JSON Web Token, or anything shaped like one. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/**
 * What a script on the page can read holds no session: no key or value of localStorage or
 * sessionStorage carries a token or the session cookie's value, and `document.cookie` names
 * neither cookie of the web session. The session cookie itself is there, HttpOnly, SameSite=Lax,
 * for the whole site; its value is nowhere in the page either.
 */
async function expectSessionOutOfScriptsReach(page: Page): Promise<void> {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session, 'the browser holds the session cookie').toBeDefined();
  expect(session!.httpOnly, 'the session cookie is HttpOnly').toBe(true);
  expect(session!.sameSite).toBe('Lax');
  expect(session!.path).toBe('/');
  expect(session!.value.length).toBeGreaterThanOrEqual(32);

  const seen = await page.evaluate(() => {
    const entries = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, index) => {
        const key = storage.key(index) ?? '';
        return { key, value: storage.getItem(key) ?? '' };
      });
    return {
      local: entries(localStorage),
      session: entries(sessionStorage),
      cookie: document.cookie,
      html: document.documentElement.outerHTML,
    };
  });
  for (const { key, value } of [...seen.local, ...seen.session]) {
    expect(key, `storage key ${key}`).not.toMatch(/token|session/i);
    expect(value, `storage ${key}`).not.toMatch(JWT);
    expect(value, `storage ${key}`).not.toMatch(/refresh_token|"token"/);
    expect(value.includes(session!.value), `storage ${key} holds the session cookie's value`).toBe(false);
  }
  expect(seen.cookie).not.toContain(SESSION_COOKIE);
  expect(seen.cookie).not.toContain(CART_COOKIE);
  expect(seen.cookie).not.toMatch(JWT);
  expect(seen.html.includes(session!.value), "the page holds the session cookie's value").toBe(false);
  expect(seen.html).not.toMatch(/refresh_token/);
}

/** Every answer of a sign-in call the page made: none may carry a token. */
function watchSignInAnswers(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/^\/api\/auth\/(login|code\/verify|register|recovery|token-refresh)$/.test(pathname) && response.request().method() === 'POST') {
      bodies.push(response.text().catch(() => ''));
    }
  });
  return bodies;
}

async function expectNoTokenAnswered(bodies: Promise<string>[]): Promise<void> {
  for (const body of await Promise.all(bodies)) {
    expect(body).not.toMatch(/refresh_token|"token"/);
    expect(body).not.toMatch(JWT);
  }
}

test.describe('after any sign-in, no token is readable by page scripts', () => {
  test('with a password', async ({ page, request }) => {
    const email = uniqueEmail('web-password');
    await registerByApi(request, email, 'Secret123');
    const answers = watchSignInAnswers(page);
    await page.goto('/login/password');
    await signInWithPassword(page, en, email, 'Secret123');
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    await expectSessionOutOfScriptsReach(page);
    await expectNoTokenAnswered(answers);
    // The page's own scripts carry on signed in through the cookie: a reload is the member's.
    await page.reload();
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    await expectSessionOutOfScriptsReach(page);
  });

  test('with an e-mail code', async ({ page, request }) => {
    const email = uniqueEmail('web-code');
    await registerByApi(request, email);
    const registration = await outboxCode(request, email);
    const answers = watchSignInAnswers(page);
    await page.goto('/login');
    await page.getByRole('textbox', { name: w.email }).fill(email);
    await page.getByRole('button', { name: w.sendByEmail }).click();
    await expect(page.getByRole('heading', { name: w.step2 })).toBeVisible();
    await page.getByRole('textbox', { name: w.code }).fill(await outboxCode(request, email, registration));
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    await expectSessionOutOfScriptsReach(page);
    await expectNoTokenAnswered(answers);
  });

  test('at sign-up', async ({ page, request }) => {
    const email = uniqueEmail('web-sign-up');
    const answers = watchSignInAnswers(page);
    await page.goto('/sign-up');
    await page.getByRole('textbox', { name: w.email }).fill(email);
    await page.getByRole('button', { name: w.sendByEmail }).click();
    await expect(page.getByRole('heading', { name: w.step2Register })).toBeVisible();
    await page.getByRole('textbox', { name: w.code }).fill(await outboxCode(request, email));
    // A new account has no names: the completion page asks for them.
    await expect(mainHeading(page)).toHaveText(w.completeTitle);
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    await expectSessionOutOfScriptsReach(page);
    await expectNoTokenAnswered(answers);
  });

  test('at password recovery', async ({ page, request }) => {
    const email = uniqueEmail('web-recovery');
    await registerByApi(request, email, 'OldPass123');
    const registration = await outboxCode(request, email);
    const answers = watchSignInAnswers(page);
    await page.goto('/login-recovery');
    await page.getByRole('textbox', { name: w.email }).fill(email);
    await page.getByRole('button', { name: w.sendByEmail }).click();
    await expect(page.getByRole('heading', { name: w.step2Recovery })).toBeVisible();
    await page.getByRole('textbox', { name: w.code }).fill(await outboxCode(request, email, registration));
    await page.getByLabel(w.newPassword).fill('NewPass456');
    await page.getByLabel(w.newPasswordAgain).fill('NewPass456');
    await page.getByRole('button', { name: w.saveNewPassword }).click();
    // Signed in (the account has no names: the completion page asks for them).
    await expect(mainHeading(page)).toHaveText(w.completeTitle);
    await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
    await expectSessionOutOfScriptsReach(page);
    await expectNoTokenAnswered(answers);
  });
});

/** A context that runs no script: what it shows is the HTML the server sent. */
async function htmlOnly(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: false });
}

test("the served HTML of a member's cart lists its rows and of the catalog carries the plan marks; a guest right after sees none of it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await newCustomer(request, { tag: 'web-served', plan: 'cl1' });
  const [product] = await orderableProducts(request, 'en', { minStock: 10, plan: 'cl1' });
  const outside = await productOutsidePlan(request, 'en', 'cl1');
  await fillCart(request, customer, [
    { sku_id: product!.id, amount: 2 },
    { sku_id: outside.id, amount: 1 },
  ]);

  // A guest first (a page kept for no one must not be what the member gets next).
  const before = await htmlOnly(browser);
  const guestBefore = await before.newPage();
  await guestBefore.goto('/catalog');
  await guestBefore.goto('/cart');

  const member = await htmlOnly(browser);
  await webSignIn(member, customer.login);
  const page = await member.newPage();
  const cartAnswer = await page.goto('/cart');
  expect(cartAnswer?.status()).toBe(200);
  expect(cartAnswer?.headers()['cache-control'] ?? '').toMatch(/private|no-store/);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: product!.name }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: outside.name }).first()).toBeVisible();
  await expect(header(page).getByRole('button', { name: w.myAccount })).toBeVisible();
  await expect(headerCartLink(page, en)).toHaveAccessibleName(en.text.cartWithItems);

  const catalogAnswer = await page.goto('/catalog?sort=price-asc');
  expect(catalogAnswer?.headers()['cache-control'] ?? '').toMatch(/private|no-store/);
  // The member's plan marks every card, in the HTML itself; nothing is hidden (issue 33, item 4).
  await expect(main.getByText('Covered by your plan', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('Not covered', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('checkbox', { name: 'Show only items Clear Living One covers' })).toBeVisible();

  // A guest fetching the same addresses right after: nothing of the member's.
  for (const guest of [before, await htmlOnly(browser)]) {
    const guestPage = guest.pages()[0] ?? (await guest.newPage());
    const cart = await guestPage.goto('/cart');
    const cartHtml = (await cart?.text()) ?? '';
    expect(cartHtml).not.toContain(customer.login);
    await expect(guestPage.getByRole('main').getByRole('link', { name: product!.name })).toHaveCount(0);
    await expect(guestPage.getByRole('main').getByRole('link', { name: outside.name })).toHaveCount(0);
    await expect(header(guestPage).getByRole('link', { name: w.headerSignIn, exact: true })).toBeVisible();
    await expect(headerCartLink(guestPage, en)).toHaveAccessibleName(en.text.cartEmpty);
    const catalog = await guestPage.goto('/catalog?sort=price-asc');
    expect((await catalog?.text()) ?? '').not.toContain(customer.login);
    await expect(guestPage.getByRole('main').getByText('Covered by your plan', { exact: true })).toHaveCount(0);
    await expect(guestPage.getByRole('main').getByText('Not covered', { exact: true })).toHaveCount(0);
    await expect(guestPage.getByRole('checkbox', { name: /^Show only items/ })).toHaveCount(0);
  }
  // The same for a fetch without any browser (a cache in between would answer it alike).
  for (const path of ['/cart', '/catalog?sort=price-asc']) {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain(customer.login);
    expect(html).not.toContain('Covered by your plan</');
  }
  for (const context of [before, member]) await context.close();
});

test('a write carried by the cookie from another site changes nothing (403)', async ({ page, request }) => {
  const customer = await newCustomer(request, { tag: 'web-cross-site' });
  const [first, second] = await orderableProducts(request, 'en', { minStock: 10 });
  await fillCart(request, customer, [{ sku_id: first!.id, amount: 1 }]);
  await webSignIn(page, customer.login);
  const rowsOf = async () => ((await webCart(page))?.rows ?? []).map((row) => [row.sku.id, row.amount]).sort();
  const rows = await rowsOf();
  expect(rows).toEqual([[first!.id, 1]]);
  const csrf = await csrfTokenOf(page);
  expect(csrf).toBeTruthy();
  const add = { sku_id: second!.id, amount: 1 };

  // With the cookie and even the right CSRF token, but from another origin: refused, nothing done.
  const foreign = await page.request.post('/api/order/draft/items', {
    headers: { origin: 'https://shop.example.net', 'x-csrf-token': csrf! },
    data: add,
  });
  expect(foreign.status()).toBe(403);
  expect(((await foreign.json()) as { code?: string }).code).toBe('cross_site_request');
  const crossSite = await page.request.post('/api/order/draft/items', {
    headers: { origin: shopOrigin(), 'sec-fetch-site': 'cross-site', 'x-csrf-token': csrf! },
    data: add,
  });
  expect(crossSite.status()).toBe(403);
  // From the shop's origin without the token, or with another one: refused too.
  const noToken = await page.request.post('/api/order/draft/items', { headers: { origin: shopOrigin() }, data: add });
  expect(noToken.status()).toBe(403);
  expect(((await noToken.json()) as { code?: string }).code).toBe('csrf_token_invalid');
  const wrongToken = await page.request.post('/api/order/draft/items', {
    headers: { origin: shopOrigin(), 'x-csrf-token': `${csrf!.slice(0, -2)}AA` === csrf ? `${csrf!.slice(0, -2)}BB` : `${csrf!.slice(0, -2)}AA` },
    data: add,
  });
  expect(wrongToken.status()).toBe(403);
  // A sign-out from elsewhere does not sign the member out.
  const logout = await page.request.post('/api/auth/logout', { headers: { origin: 'https://shop.example.net' }, data: {} });
  expect(logout.status()).toBe(403);
  expect(await rowsOf()).toEqual(rows);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  // A real page of another site (the same server under another host name is another site)
  // posting to the shop with the browser's cookies: a fetch and a form.
  const shop = new URL(shopOrigin());
  const elsewhere = `${shop.protocol}//localhost:${shop.port}`;
  await page.goto(`${elsewhere}/about-us`);
  await page.evaluate(
    async ({ target, add }) => {
      await fetch(`${target}/api/order/draft/items`, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(add),
      }).catch(() => undefined);
    },
    { target: shop.origin, add },
  );
  await page.evaluate((target) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = `${target}/api/auth/logout`;
    document.body.append(form);
    form.submit();
  }, shop.origin);
  await page.waitForLoadState('load');
  expect(await rowsOf()).toEqual(rows);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  // The shop's own page does it: the same add from there changes the cart (the checks above could fail).
  await page.goto(`${shop.origin}/cart`);
  await expect(mainHeading(page)).toHaveText('Cart');
  const own = await page.evaluate(async (add) => {
    const csrf = ((await (await fetch('/api/auth/csrf')).json()) as { csrf_token: string }).csrf_token;
    const answer = await fetch('/api/order/draft/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(add),
    });
    return answer.status;
  }, add);
  expect(own).toBe(200);
  expect(await rowsOf()).toEqual([[first!.id, 1], [second!.id, 1]].sort());
});

test('"Sign out of all devices" in one browser ends the cookie session in another', async ({ browser, request }) => {
  const email = uniqueEmail('web-everywhere');
  await registerByApi(request, email, 'Secret123');
  const one = await browser.newContext();
  const other = await browser.newContext();
  await webSignIn(one, email, 'Secret123');
  // A complete profile (no completion page in the way), written with the cookie.
  const completed = await one.request.patch('/api/customer/data', {
    headers: await cookieWriteHeaders(one),
    data: { firstName: 'Ana', lastName: 'Díaz', birthdate: '1950-02-03' },
  });
  expect(completed.ok(), await completed.text()).toBe(true);
  await webSignIn(other, email, 'Secret123');
  const otherPage = await other.newPage();
  await otherPage.goto('/account');
  await expect(header(otherPage).getByRole('button', { name: w.myAccount })).toBeVisible();

  const page = await one.newPage();
  await page.goto('/account/security');
  await appStarted(page);
  const sessions = page.getByRole('region', { name: 'Where you are signed in' });
  await sessions.getByRole('button', { name: 'Sign out of all devices' }).click();
  await sessions.getByRole('button', { name: 'Press again to sign out everywhere' }).click();
  // In the sign-in page, above its form (the notifications region says it for screen readers).
  await expect(page.getByRole('main').getByText('You are signed out on all devices')).toBeVisible();
  expect((await one.request.get('/api/auth/me')).status()).toBe(401);

  // The other browser's cookie names an ended session: signed out there too, at the next request.
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  await otherPage.goto('/account');
  await expect(otherPage).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await expect(header(otherPage).getByRole('link', { name: w.headerSignIn, exact: true })).toBeVisible();
  // Its cart writes are a guest's now: no member's draft is reached with the old cookie.
  const write = await other.request.post('/api/order/prepare-draft', { headers: await cookieWriteHeaders(other), data: {} });
  expect(write.status()).toBe(401);
  for (const context of [one, other]) await context.close();
});

test("a guest's cart is the server's: drawn with the page, and rows this browser kept before are merged into it once", async ({ page, request }) => {
  const [kept, added] = await catalogProducts(request, 'en', 2);
  // Rows kept in storage from before the cart moved to the server.
  await storedGuestCartWith(page, [{ product: kept!, amount: 2 }], '/cart');
  await expect(page.getByRole('main').getByRole('link', { name: kept!.name }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('guest-cart') ?? '[]') as unknown[])).toEqual([]);
  expect((await page.context().cookies()).find((cookie) => cookie.name === CART_COOKIE)?.httpOnly).toBe(true);
  // One more row through the cart cookie; a reload merges nothing twice.
  await addToWebCart(page, [{ sku_id: added!.id, amount: 1 }]);
  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: kept!.name }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: added!.name }).first()).toBeVisible();
  const rows = ((await webCart(page))?.rows ?? []).map((row) => [row.sku.id, row.amount]).sort();
  expect(rows).toEqual([[kept!.id, 2], [added!.id, 1]].sort());
  await expect(headerCartLink(page, en)).toHaveAccessibleName('Cart, 3 items');
});

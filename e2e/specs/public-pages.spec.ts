import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, shopLocales, type ShopLocale } from '../fixtures/locales';
import { demoProduct, mainHeading } from '../fixtures/shop';

/** Every public route of spec section 2, with the heading a person reads on it. */
const publicPages: { path: string; heading: (locale: ShopLocale) => string }[] = [
  { path: '/', heading: (l) => l.headings.home },
  { path: '/about-us', heading: (l) => l.headings.aboutUs },
  { path: '/terms-of-use', heading: (l) => l.headings.termsOfUse },
  { path: '/privacy-policy', heading: (l) => l.headings.privacyPolicy },
  { path: '/return-policy', heading: (l) => l.headings.returnPolicy },
  { path: '/contacts', heading: (l) => l.headings.contacts },
  { path: '/docs/items-eligibility', heading: (l) => l.headings.itemsEligibility },
  { path: '/catalog', heading: (l) => l.headings.catalog },
  { path: `/item/${demoProduct.id}`, heading: (l) => demoProduct.name[l.code] },
  { path: '/cart', heading: (l) => l.headings.cart },
  { path: '/balance-check', heading: (l) => l.headings.balanceCheck },
  { path: '/login', heading: (l) => l.headings.login },
  { path: '/sign-up', heading: (l) => l.headings.signUp },
  { path: '/login-recovery', heading: (l) => l.headings.loginRecovery },
];

// One page walks every route (a step each): a browser context per route cost more than the
// routes themselves on CI's two cores.
for (const locale of shopLocales) {
  test(`public pages (${locale.code}): each answers in ${locale.code} with its heading and title`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const { path, heading } of publicPages) {
      const url = localized(locale, path);
      await test.step(url, async () => {
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(url);
        await expect(mainHeading(page)).toHaveText(heading(locale));
        await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang);
        // The header speaks the page's language and offers the other one.
        await expect(page.getByRole('link', { name: locale.text.siteName }).first()).toBeVisible();
        await expect(page.getByRole('link', { name: new RegExp(`^${locale.text.otherLanguage}\\b`) }).first()).toBeAttached();
        // The document title is translated too (the home page's title is "Home" / "Inicio").
        const titleStart = path === '/' ? (locale.code === 'es' ? 'Inicio' : 'Home') : heading(locale);
        await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(titleStart)}${escapeRegExp(locale.text.pageTitleSuffix)}$`));
      });
    }
  });
}

test.describe('content security policy', () => {
  // The CSP is script-src 'self' (no eval): nothing in the shop may trip it, not even a caught
  // probe such as zod's `new Function` check (public/colour-mode.js turns zod jitless).
  test('home, catalog and an item load without a CSP violation', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Reflect.set(window, '__cspViolations', seen);
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
    for (const path of ['/', '/catalog', `/item/${demoProduct.id}`]) {
      await page.goto(path);
      await expect(mainHeading(page)).toBeVisible();
      const violations = await page.evaluate(() => Reflect.get(window, '__cspViolations') as string[]);
      expect(violations, path).toEqual([]);
    }
  });
});

test.describe('route preloads', () => {
  // The served HTML of a page lists the scripts its page needs beyond the first load (the build's
  // #route-preloads table, read by the server render) for start-app.js, which preloads them once
  // the page is painted; the app then uses them, each fetched once.
  test('an item page in Spanish loads its page script and the Spanish catalog after its first paint', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const answer = await page.goto(`/es/item/${demoProduct.id}`);
    await expect(mainHeading(page)).toHaveText(demoProduct.name.es);
    const served = (await answer?.text()) ?? '';
    expect(served).not.toContain('id="route-preloads"');
    expect(served).not.toContain('rel="modulepreload"');
    const listed = /<script type="application\/json" id="app-scripts">(.*?)<\/script>/s.exec(served)?.[1];
    const { entry, preload } = JSON.parse(listed ?? '{}') as { entry: string; preload: string[] };
    const preloaded = [entry, ...preload];
    expect(preloaded.some((script) => /\/item-page-[\w-]+\.js$/.test(script))).toBe(true);
    expect(preloaded.some((script) => /\/messages-[\w-]+\.js$/.test(script))).toBe(true);
    await page.waitForLoadState('networkidle');
    for (const script of preloaded) {
      expect(requested.filter((path) => path === script), script).toHaveLength(1);
    }
  });
});

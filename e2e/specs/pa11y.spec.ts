/**
 * pa11y with the HTML_CodeSniffer runner (WCAG2AA) on the public pages and the signed-in ones, in
 * English and Spanish, light (issue 21): tools beside axe find what axe cannot. Errors only; the few that
 * are not barriers are listed, each with its reason, in ONE place (fixtures/pa11y-noise.ts), and
 * anything else fails.
 *
 * pa11y drives Chromium through Puppeteer, which never downloads a browser here (.puppeteerrc.cjs
 * at the root): it launches Debian's Chromium, the one Playwright uses, without a sandbox (the CI
 * machine runs as root). The signed-in pages are scanned in one Puppeteer page signed in as the
 * storefront does it (a web session: the page's own sign-in call with `X-Auth-Mode: session`
 * leaves the API's HttpOnly cookie in the browser).
 */
import { createRequire } from 'node:module';
import pa11y, { type Pa11yIssue, type Pa11yOptions } from 'pa11y';
import { expect, test } from '../fixtures/test';
import { inTurn, localized, shopLocales } from '../fixtures/locales';
import { demoProduct } from '../fixtures/shop';
import { buyByApi, fillCart, newCustomer, orderableProducts, unitsFor } from '../fixtures/purchase';
import { pa11yNoise } from '../fixtures/pa11y-noise';
import { signInCode } from '../fixtures/web-session';

// Puppeteer is pa11y's own dependency: taken from pa11y's folder (one copy, its version).
const puppeteer = createRequire(createRequire(import.meta.url).resolve('pa11y'))('puppeteer') as {
  launch: (options: { executablePath: string; args: string[]; headless: boolean }) => Promise<PuppeteerBrowser>;
};
interface PuppeteerPage {
  goto: (url: string) => Promise<unknown>;
  evaluate: <T, R>(fn: (arg: T) => R | Promise<R>, arg: T) => Promise<R>;
  emulateMediaFeatures: (features: { name: string; value: string }[]) => Promise<void>;
  close: () => Promise<void>;
}
interface PuppeteerBrowser {
  newPage: () => Promise<PuppeteerPage>;
  close: () => Promise<void>;
}

const publicPaths = [
  '/',
  '/about-us',
  '/terms-of-use',
  '/privacy-policy',
  '/return-policy',
  '/contacts',
  '/docs/items-eligibility',
  '/accessibility',
  '/catalog',
  `/item/${demoProduct.id}`,
  '/cart',
  '/balance-check',
  '/login',
  '/login/password',
  '/login/phone',
  '/login-recovery',
  '/sign-up',
  '/no-such-page',
];

const accountPaths = [
  '/account',
  '/account/addresses',
  '/account/favorites',
  '/account/orders',
  '/account/payment-methods',
  '/account/security',
  '/request-new-product',
  '/order/delivery',
  '/cart',
];

function isNoise(issue: Pa11yIssue): boolean {
  return pa11yNoise.some(
    (noise) =>
      noise.code === issue.code &&
      (!noise.selector || noise.selector.test(issue.selector)) &&
      (!noise.message || noise.message.test(issue.message)),
  );
}

/**
 * Every page once, in one of the two languages by turns (the first page in English, the next in
 * Spanish, …): a whole pass in each language took 37 s of CI's 30 minutes apiece, and axe
 * (accessibility.spec.ts) scans every public page in both and the signed-in ones in English.
 * Each language is its own test.
 */

shopLocales.forEach((locale, turn) => {
  test(`pa11y (htmlcs, WCAG2AA): no real error on half the public and signed-in pages, by turns (${locale.code})`, async ({ baseURL, request }) => {
    test.setTimeout(600_000);
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      headless: true,
    });
    const found: string[] = [];
    let scanned = 0;
    try {
      const page = await browser.newPage();
      const options: Pa11yOptions = {
        browser,
        page,
        runners: ['htmlcs'],
        standard: 'WCAG2AA',
        timeout: 60_000,
        // The page has drawn: its main heading is there and no loading placeholder is left.
        actions: ['wait for element #main h1 to be visible', 'wait for element #main .animate-pulse to be removed'],
        log: { debug: () => {}, info: () => {}, error: (message) => console.error(message) },
      };
      const scan = async (path: string) => {
        const url = `${baseURL}${localized(locale, path)}`;
        // Light only: the dark scheme's contrast is axe's (accessibility.spec.ts), and the rules that
        // are pa11y's own (structure, names, roles) do not depend on the colours.
        for (const scheme of ['light']) {
          await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
          const results = await pa11y(url, options);
          scanned += 1;
          for (const issue of results.issues.filter((i) => i.type === 'error' && !isNoise(i))) {
            found.push(`${path} (${scheme}): ${issue.code} ${issue.selector} — ${issue.message.slice(0, 160)}`);
          }
        }
      };

      for (const path of inTurn(publicPaths, turn)) await scan(path);

      // Signed in: a cart with items and a paid order.
      const customer = await newCustomer(request, { tag: `pa11y-${locale.code}`, language: locale.code });
      // One product bought, another in the cart: buying the first takes its units off the stock.
      const [first, second] = await orderableProducts(request, locale.code, { minStock: 20 });
      const paid = await buyByApi(request, customer, [{ sku_id: first!.id, amount: unitsFor(first!, 26) }]);
      await fillCart(request, customer, [{ sku_id: second!.id, amount: unitsFor(second!, 26) }]);
      await page.goto(`${baseURL}/api/health`);
      const code = await signInCode(request, customer.login);
      const signedIn = await page.evaluate(
        async ({ login, code }) => {
          const answer = await fetch('/api/auth/code/verify', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-auth-mode': 'session' },
            body: JSON.stringify({ login, code }),
          });
          return answer.status;
        },
        { login: customer.login, code },
      );
      expect(signedIn).toBe(200);
      for (const path of inTurn([...accountPaths, `/order/${paid.orderId}`, `/success/${paid.orderId}`], turn)) await scan(path);
    } finally {
      await browser.close();
    }
    console.log(`pa11y ${locale.code}: ${scanned} scans, ${found.length} errors`);
    expect(found, found.join('\n')).toEqual([]);
  });
});

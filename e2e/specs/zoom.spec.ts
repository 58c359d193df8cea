/**
 * The shop zoomed to 200 % and with its text at 200 % (WCAG 1.4.4 Resize text, 1.4.10 Reflow), on
 * the main routes: home, catalog, an item, the login page, a cart with items, the checkout's
 * payment step, the account and the orders. Both modes are kept, each in one language to keep the
 * suite's time down: zoomed to 200 % in Spanish (its longer words are the harder case for reflow)
 * and text at 200 % in English.
 *
 * - Zoom 200 %: a 1280 × 800 window zoomed to 200 % lays the page out in 640 × 400 CSS pixels (not
 *   a device scale factor, which keeps the layout as it is), so the viewport is 640 × 400.
 * - Text 200 %: the 1280 × 800 window with the root font size doubled (everything sized in rem
 *   grows with it), as a reader who enlarges only the text sees it.
 *
 * On every page: no sideways scrolling (nothing reaches past the viewport either: the layout clips
 * sideways overflow as a safety net, which would hide it from the scroll width), the main heading
 * on screen, the page's primary action reached with Tab from the heading, whole on screen and not
 * covered, and no text of a heading, control, label or description list cut off, spilling out of
 * its box or broken inside a word (except where the design lets long words hyphenate: product
 * cards). Every problem is collected and the test asks for none at the end, so one run lists them.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales, type LocaleCode } from '../fixtures/locales';
import { authWords } from '../fixtures/auth';
import { cutOffText, outOfView, scrollsSideways } from '../fixtures/layout';
import { demoProduct, mainHeading } from '../fixtures/shop';
import {
  buyByApi,
  checkoutToPayment,
  fillCart,
  newCustomer,
  orderableProducts,
  purchaseWords,
  signInBrowser,
  unitsFor,
} from '../fixtures/purchase';

type Mode = 'zoom' | 'text';

const modes: Record<
  Mode,
  { viewport: { width: number; height: number }; title: string; locale: LocaleCode }
> = {
  zoom: {
    viewport: { width: 640, height: 400 },
    title: 'zoomed to 200 % (640 × 400 CSS px)',
    locale: 'es',
  },
  text: { viewport: { width: 1280, height: 800 }, title: 'text at 200 % (1280 × 800)', locale: 'en' },
};

const words = {
  en: {
    shopCatalog: 'Shop the catalog',
    addNamed: /^Add .+ to cart$/,
    saveChanges: 'Save changes',
    viewOrder: /^View order/,
  },
  es: {
    shopCatalog: 'Ver el catálogo',
    addNamed: /^Agregar .+ al carrito$/,
    saveChanges: 'Guardar cambios',
    viewOrder: /^Ver el pedido/,
  },
} as const;

/** Doubles the root font size (the reader's larger text); stays for in-page navigation. */
async function enlargeText(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
}

/** Presses Tab from the main heading until `target` has the focus (at most `max` times). */
async function tabFromHeading(page: Page, target: Locator, max = 60): Promise<boolean> {
  // A click on the heading's text moves the point where the next Tab starts (no focus needed).
  await mainHeading(page).click({ position: { x: 2, y: 2 } });
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return true;
    await page.keyboard.press('Tab');
  }
  return target.evaluate((element) => element === document.activeElement);
}

/** Where `target` leaves the viewport (1 px of rounding allowed), or null when it is whole on screen. */
function offScreen(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const inside =
      rect.top >= -1 &&
      rect.left >= -1 &&
      rect.bottom <= window.innerHeight + 1 &&
      rect.right <= window.innerWidth + 1;
    return inside
      ? null
      : `${Math.round(rect.left)},${Math.round(rect.top)} to ${Math.round(rect.right)},${Math.round(rect.bottom)}`;
  });
}

/** What covers the centre of `target` (a sticky header, a notice), or null when nothing does. */
function coveredBy(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!top || element.contains(top) || top.contains(element)) return null;
    return `${top.tagName.toLowerCase()}.${top.className}`;
  });
}

for (const locale of shopLocales) {
  for (const mode of Object.keys(modes) as Mode[]) {
    if (modes[mode].locale !== locale.code) continue;
    test.describe(() => {
      test.use({ viewport: modes[mode].viewport });

      test(`${modes[mode].title} (${locale.code}): main routes reflow, nothing cut off, the primary action reachable`, async ({
        page,
        request,
      }) => {
        test.setTimeout(150_000);
        const problems: string[] = [];
        const w = words[locale.code];
        const buy = purchaseWords[locale.code];

        /** The checks of one screen; `action` is its primary action. */
        const check = async (name: string, action: Locator) => {
          if (mode === 'text') await enlargeText(page);
          await expect(mainHeading(page)).toBeVisible();
          await expect(page.locator('#main .animate-pulse')).toHaveCount(0);
          await page.evaluate(() => window.scrollTo(0, 0));
          const where = `${name} (${mode})`;
          const sideways = await scrollsSideways(page);
          if (sideways) problems.push(`${where}: ${sideways}`);
          for (const out of await outOfView(page))
            problems.push(`${where}: past the viewport: ${out}`);
          if (
            !(await mainHeading(page).evaluate(
              (heading) => heading.getBoundingClientRect().top < window.innerHeight,
            ))
          ) {
            problems.push(`${where}: the main heading is not on the first screen`);
          }
          for (const cut of await cutOffText(page)) problems.push(`${where}: ${cut}`);
          await expect(action).toBeVisible();
          await expect(action).toBeEnabled();
          if (!(await tabFromHeading(page, action))) {
            problems.push(`${where}: Tab from the heading never reaches ${action.toString()}`);
            return;
          }
          // Focused with the keyboard: scrolled into view whole, and nothing drawn over it.
          const off = await offScreen(action);
          if (off)
            problems.push(`${where}: the focused primary action is not whole on screen: ${off}`);
          const cover = await coveredBy(action);
          if (cover) problems.push(`${where}: the primary action is under ${cover}`);
        };

        const customer = await newCustomer(request, {
          tag: `zoom-${mode}-${locale.code}`,
          language: locale.code,
        });
        const [first, second] = await orderableProducts(request, locale.code, { minStock: 20 });
        await buyByApi(request, customer, [{ sku_id: first!.id, amount: unitsFor(first!, 26) }]);
        await fillCart(request, customer, [
          { sku_id: first!.id, amount: unitsFor(first!, 26) },
          { sku_id: second!.id, amount: 1 },
        ]);

        // Signed out.
        await page.goto(localized(locale, '/'));
        await check('/', page.getByRole('main').getByRole('link', { name: w.shopCatalog }));
        await page.goto(localized(locale, '/catalog'));
        await check(
          '/catalog',
          page.getByRole('main').getByRole('button', { name: w.addNamed }).first(),
        );
        await page.goto(localized(locale, `/item/${demoProduct.id}`));
        await check(
          '/item',
          page.getByRole('main').getByRole('button', { name: locale.text.addToCart, exact: true }),
        );
        await page.goto(localized(locale, '/login'));
        await check(
          '/login',
          page.getByRole('button', { name: authWords[locale.code].sendByEmail }),
        );

        // Signed in: the cart with items, the payment step, the account and the orders.
        await signInBrowser(page, customer, localized(locale, '/cart'));
        const checkout = page.getByRole('button', { name: buy.checkout, exact: true });
        await expect(checkout).toBeEnabled();
        await check('/cart', checkout);
        await checkoutToPayment(page, locale, '100 Congress Ave, Austin, TX 78701');
        await check('checkout: payment', page.getByRole('button', { name: buy.placeOrder }));
        await page.goto(localized(locale, '/account'));
        await check('/account', page.getByRole('button', { name: w.saveChanges }));
        await page.goto(localized(locale, '/account/orders'));
        await check(
          '/account/orders',
          page.getByRole('main').getByRole('link', { name: w.viewOrder }).first(),
        );

        expect(problems, problems.join('\n')).toEqual([]);
      });
    });
  }
}

/**
 * A purchase with the keyboard alone (no click, no mouse): the skip link, the search modal (focus
 * moved in, Escape gives it back to its button), the item page, the cart, sign-in with a one-time
 * code from the development outbox, the three checkout steps and payment. Every element reached
 * with Tab shows a visible focus indicator, and after every page change the focus is on the new
 * page's main heading while the new title is announced.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { en } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { authWords, outboxCode } from '../fixtures/auth';
import { fillCart, newCustomer, orderableProducts, purchaseWords, sandboxCards, unitsFor } from '../fixtures/purchase';

const words = purchaseWords.en;
const w = authWords.en;

/**
 * What is wrong with the focused element's focus indicator, or null when it is visible: an
 * outline or ring on the element (or on the label drawn for it, as radio cards do), inside the
 * viewport and not entirely hidden by something drawn over it (WCAG 2.4.7 and 2.4.11).
 */
function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing focused';
    const shows = (box: Element | null) => {
      if (!box) return false;
      const style = getComputedStyle(box);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    const label = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    // A radio card draws the ring on the card around its input.
    const drawn = [element, element.closest('label'), element.parentElement].find((box) => shows(box));
    if (!drawn) return `${label}: no visible focus indicator`;
    const rect = drawn.getBoundingClientRect();
    if (rect.bottom <= 0 || rect.top >= window.innerHeight || rect.right <= 0 || rect.left >= window.innerWidth) {
      return `${label}: focused outside the viewport`;
    }
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.top + 2],
      [rect.left + 2, rect.bottom - 2],
      [rect.right - 2, rect.bottom - 2],
    ];
    const coveredBy = points.map(([x, y]) => {
      const top = document.elementFromPoint(Math.min(Math.max(x!, 0), window.innerWidth - 1), Math.min(Math.max(y!, 0), window.innerHeight - 1));
      return top && !drawn.contains(top) && !top.contains(drawn) ? top : null;
    });
    if (coveredBy.every(Boolean)) return `${label}: hidden under ${coveredBy[0]!.tagName.toLowerCase()}.${coveredBy[0]!.className}`;
    return null;
  });
}

test('a purchase from the home page to the thank-you page with the keyboard alone (en)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const problems: string[] = [];

  /** Presses Tab (or Shift+Tab) until `target` has the focus, checking every stop on the way. */
  async function tabTo(target: Locator, { backward = false, max = 80 } = {}) {
    for (let i = 0; i < max; i += 1) {
      await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
      const problem = await focusProblem(page);
      if (problem) problems.push(`${new URL(page.url()).pathname}${new URL(page.url()).search} (Tab ${i + 1} towards ${target.toString()}): ${problem}`);
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  /** After a page change: focus on the main heading, and the new title in the announcer. */
  async function expectPageFocus(heading: string | RegExp) {
    await expect(mainHeading(page)).toHaveText(heading);
    await expect(mainHeading(page)).toBeFocused();
    const title = await page.title();
    await expect(page.getByTestId('route-announcer')).toHaveText(title);
  }

  const customer = await newCustomer(request, { tag: 'keyboard', plan: 'cl1' });
  const [product] = await orderableProducts(request, 'en', { minStock: 10, plan: 'cl1' });
  expect(product, 'an orderable product of plan cl1').toBeDefined();
  await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

  // Home: the first Tab stop is the skip link, shown when focused; it moves focus to the content.
  await page.goto('/');
  await expect(mainHeading(page)).toHaveText(en.headings.home);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect(await focusProblem(page)).toBeNull();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // The search modal: focus moves into it, Escape closes it and gives the focus back.
  const searchButton = page.getByRole('banner').first().getByRole('button', { name: en.text.search, exact: true });
  await tabTo(searchButton, { backward: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: en.text.searchProducts });
  await expect(dialog.getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(searchButton).toBeFocused();

  // Search the product by name and open it from the results.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type(product!.name);
  await page.keyboard.press('Enter');
  const result = dialog.getByRole('link', { name: product!.name, exact: true }).first();
  await expect(result).toBeVisible();
  await tabTo(result);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/item/${product!.id}$`));
  await expectPageFocus(product!.name);

  // Add to cart, then the header's cart link.
  await tabTo(page.getByRole('main').getByRole('button', { name: en.text.addToCart, exact: true }));
  await page.keyboard.press('Enter');
  const cartLink = page.getByRole('banner').first().getByRole('link', { name: /^Cart, 1 item$/ });
  await expect(cartLink).toBeVisible();
  await tabTo(cartLink, { backward: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expectPageFocus(words.cart);

  // Sign in to check out, with the code from the outbox.
  await tabTo(page.getByRole('link', { name: 'Sign in to check out' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expectPageFocus(w.signIn);
  await tabTo(page.getByRole('textbox', { name: w.email }));
  await page.keyboard.type(customer.login);
  await tabTo(page.getByRole('button', { name: w.sendByEmail }));
  await page.keyboard.press('Enter');
  const code = page.getByRole('textbox', { name: w.code });
  await expect(code).toBeVisible();
  if (!(await code.evaluate((element) => element === document.activeElement))) await tabTo(code);
  await page.keyboard.type(await outboxCode(request, customer.login));
  await expect(page).toHaveURL(/\/cart$/);
  await expectPageFocus(words.cart);

  // Checkout: products, delivery, payment.
  const checkout = page.getByRole('button', { name: words.checkout, exact: true });
  await expect(checkout).toBeEnabled();
  await tabTo(checkout);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(mainHeading(page)).toBeFocused();
  const toDelivery = page.getByRole('button', { name: words.continueToDelivery });
  // Enabled once the draft's checks are in (a disabled button is no Tab stop).
  await expect(toDelivery).toBeEnabled();
  await tabTo(toDelivery);
  await page.keyboard.press('Enter');
  // A new step keeps the address: its heading takes the focus (the button pressed is gone).
  await expect(page.locator('#checkout-step-heading')).toBeFocused();
  const address = page.getByRole('group', { name: words.deliverTo }).getByRole('radio').first();
  await expect(address).toBeEnabled();
  await tabTo(address);
  await page.keyboard.press('Space');
  await expect(address).toBeChecked();
  const toPayment = page.getByRole('button', { name: words.continueToPayment });
  await expect(toPayment).toBeEnabled();
  await tabTo(toPayment);
  await page.keyboard.press('Enter');
  const methods = page.getByRole('group', { name: words.paymentMethod });
  await expect(methods.getByRole('radio', { name: words.networkCard })).toBeChecked();
  await expect(page.locator('#checkout-step-heading')).toBeFocused();
  await tabTo(page.getByRole('textbox', { name: words.cardNumber }));
  await page.keyboard.type(sandboxCards.approve.number);
  await tabTo(page.getByRole('textbox', { name: words.securityCode }));
  await page.keyboard.type(sandboxCards.approve.code);
  await tabTo(page.getByRole('button', { name: words.placeOrder }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/success\/\d+$/, { timeout: 15_000 });
  await expectPageFocus(words.thanks);
  expect(problems, problems.join('\n')).toEqual([]);
});

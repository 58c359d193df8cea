/**
 * Forced colours (Windows High Contrast: backgrounds and shadows are dropped, colours become the
 * system's), in one language by turns (fixtures/locales.ts, walkedIn; both before CI ran out of its 30 minutes) (issue 21):
 * - a product card's link shows its focus: the ring is an outline (kept), not a box-shadow
 *   (dropped); measured, and seen as pixels that change around the card;
 * - filled buttons ("Add to cart", "Sign in to check out") keep their shape: a border drawn in the
 *   system's colour, different from the page behind them.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { demoProduct, mainHeading, productList } from '../fixtures/shop';
import { barrierWords, catalogProducts, guestCartWith } from '../fixtures/barriers';

for (const locale of walkedIn('en')) {
  const words = barrierWords[locale.code];

  test.describe(`forced colours (${locale.code})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
    });

    test('a product card link shows where the focus is', async ({ page }) => {
      await page.goto(localized(locale, '/catalog'));
      const card = productList(page, locale).getByRole('listitem').first();
      // The first page of a fresh browser: the app starts (its scripts run, the page's route and
      // language load), then the list is asked for and its cards drawn. On a slow machine with
      // another worker beside it that is more than the default 7 s; the card is still waited for.
      await expect(card).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const link = card.getByRole('heading').getByRole('link');
      const before = await card.screenshot({ animations: 'disabled' });
      // From the keyboard: the focus ring that a keyboard user sees (:focus-visible).
      await link.focus();
      expect(await link.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
      const ring = await link.evaluate((element) => {
        const after = getComputedStyle(element, '::after');
        return { style: after.outlineStyle, width: parseFloat(after.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      // The ring is drawn around the card (outside it by 2 px): the page around the card changes.
      const box = (await card.boundingBox())!;
      const clip = { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 };
      const focusedShot = await page.screenshot({ clip, animations: 'disabled' });
      await link.blur();
      const blurredShot = await page.screenshot({ clip, animations: 'disabled' });
      expect(focusedShot.equals(blurredShot)).toBe(false);
      expect(before.length).toBeGreaterThan(0);
    });

    test('filled buttons keep their shape', async ({ page, request }) => {
      await page.goto(localized(locale, `/item/${demoProduct.id}`));
      await expect(mainHeading(page)).toBeVisible();
      const add = page.getByRole('main').getByRole('button', { name: words.addToCart, exact: true });
      const [product] = await catalogProducts(request, locale.code, 1);
      const shapes = [await shapeOf(add)];
      await guestCartWith(page, [{ product: product!, amount: 10 }], localized(locale, '/cart'));
      const signIn = page.getByRole('main').getByRole('link', { name: locale.code === 'es' ? 'Iniciar sesión para comprar' : 'Sign in to check out' });
      shapes.push(await shapeOf(signIn));
      for (const shape of shapes) {
        expect(shape.style, shape.name).toBe('solid');
        expect(shape.width, shape.name).toBeGreaterThanOrEqual(1);
        expect(shape.border, shape.name).not.toBe(shape.behind);
        expect(shape.border, shape.name).not.toBe('rgba(0, 0, 0, 0)');
      }
    });
  });
}

async function shapeOf(button: Locator) {
  await expect(button).toBeVisible();
  return button.evaluate((element) => {
    const style = getComputedStyle(element);
    let behind = 'rgb(255, 255, 255)';
    for (let box = element.parentElement; box; box = box.parentElement) {
      const color = getComputedStyle(box).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
        behind = color;
        break;
      }
    }
    return {
      name: (element.textContent ?? '').trim(),
      style: style.borderTopStyle,
      width: parseFloat(style.borderTopWidth),
      border: style.borderTopColor,
      behind,
    };
  });
}

import { expect, test } from '../fixtures/test';
import { escapeRegExp, localized, walkedIn } from '../fixtures/locales';
import { demoProduct, headerCartLink, mainHeading } from '../fixtures/shop';

for (const locale of walkedIn('es')) {
  test.describe(`item page (${locale.code})`, () => {
    const url = localized(locale, `/item/${demoProduct.id}`);

    test('shows the name and price; add to cart updates the header cart count', async ({ page }) => {
      await page.goto(url);
      await expect(mainHeading(page)).toHaveText(demoProduct.name[locale.code]);
      await expect(page.getByRole('main').getByText(demoProduct.price, { exact: true }).first()).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(demoProduct.name[locale.code])}`));

      const cart = headerCartLink(page, locale);
      await expect(cart).toHaveAccessibleName(locale.text.cartEmpty);
      await page.getByRole('main').getByRole('button', { name: locale.text.addToCart, exact: true }).click();
      await expect(cart).toHaveAccessibleName(locale.text.cartWithItems);
      await expect(cart).toHaveAccessibleName(new RegExp(`\\b1\\b`));
      await page.getByRole('main').getByRole('button', { name: locale.text.addToCart, exact: true }).click();
      await expect(cart).toHaveAccessibleName(new RegExp(`\\b2\\b`));

      // The guest cart is kept: the count survives a reload.
      await page.reload();
      await expect(headerCartLink(page, locale)).toHaveAccessibleName(new RegExp(`\\b2\\b`));
    });

    test('carries product JSON-LD with the price; its picture is labelled in the page language and sits on no white square in dark mode', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(url);
      await expect(mainHeading(page)).toHaveText(demoProduct.name[locale.code]);
      const script = page.locator('script[type="application/ld+json"]');
      await expect(script).toHaveCount(1);
      const data = JSON.parse((await script.textContent()) ?? '{}') as {
        '@type'?: string;
        name?: string;
        offers?: { price?: string | number; priceCurrency?: string };
      };
      expect(data['@type']).toBe('Product');
      expect(data.name).toBe(demoProduct.name[locale.code]);
      expect(String(data.offers?.price)).toBe(demoProduct.price.replace('$', ''));
      expect(data.offers?.priceCurrency).toBe('USD');

      // Issue 33, item 13: the drawn picture's label in the page's language, on the dark page's colours.
      const picture = page.getByRole('main').getByRole('img', { name: demoProduct.name[locale.code] });
      await expect(picture).toHaveAttribute('src', locale.code === 'es' ? /\.svg\?lang=es$/ : /\.svg$/);
      const label = await page.evaluate(async (src) => (await fetch(src)).text(), (await picture.getAttribute('src'))!);
      expect(label).toContain(demoProduct.name[locale.code].split(' ')[1]!);
      const frame = picture.locator('xpath=..');
      await expect(frame).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
      expect(label).not.toMatch(/<rect width="400" height="400"/);
    });
  });
}

test('an unknown digit id is a 404 page', async ({ page }) => {
  await page.goto('/item/99999999');
  await expect(mainHeading(page)).toHaveText('Page not found /item/99999999');
});

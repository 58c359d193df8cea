// A visitor's item page asks for its product answer beside the scripts (public/first-paint.js)
// and the app uses that answer instead of asking again (one request, not two); the picture the
// answer names is preloaded before React draws the <img>.
import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { demoProduct, mainHeading } from '../fixtures/shop';

for (const locale of shopLocales) {
  test(`a visitor's item page asks for the product once and preloads its picture first (${locale.code})`, async ({ page }) => {
    const productAsks: string[] = [];
    const pictures: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === `/api/catalog/products/${demoProduct.id}`) {
        productAsks.push(request.headers()['accept-language'] ?? '');
      }
      if (pathname.startsWith('/api/images/')) pictures.push(pathname);
    });
    await page.goto(localized(locale, `/item/${demoProduct.id}`));
    await expect(mainHeading(page)).toHaveText(demoProduct.name[locale.code]);
    await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
    expect(productAsks).toEqual([locale.code]);
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    expect(pictures[0]).toBe(new URL((await preload.getAttribute('href')) ?? '', page.url()).pathname);
  });
}

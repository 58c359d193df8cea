// A list's Add and a member's hearts without the scripts, en and es (en on a desktop, es on a
// phone): each is a post the server answers with a 303 back to the page pressed, at the product's
// card (`#product-<id>`), not the top of the page. The card says the add (its own note: the page's
// is at its top, out of sight) and the heart is drawn with its new state. The item page's heart
// comes back to it; the favorites page's heart takes the product off the list.
import { expect, test, type Page } from '@playwright/test';
import { escapeRegExp, localized, shopLocales } from '../fixtures/locales';
import { newCustomer, signInBrowser } from '../fixtures/purchase';

test.use({ javaScriptEnabled: false });

const words = {
  en: {
    add: (name: string) => `Add ${name} to cart`,
    added: 'Added to cart',
    viewCart: 'View cart',
    heart: (name: string) => `Favorite: ${name}`,
    itemHeart: 'Favorite',
    unfavorite: (name: string) => `Remove ${name} from favorites`,
  },
  es: {
    add: (name: string) => `Agregar ${name} al carrito`,
    added: 'Agregado al carrito',
    viewCart: 'Ver el carrito',
    heart: (name: string) => `Favorito: ${name}`,
    itemHeart: 'Favorito',
    unfavorite: (name: string) => `Quitar ${name} de favoritos`,
  },
} as const;

/** The card of a list at `index` (the list of the page's main), its product id and name. */
async function cardAt(page: Page, index: number) {
  const card = page.locator('main li[id^="product-"]').nth(index);
  const id = (await card.getAttribute('id'))!.slice('product-'.length);
  const name = (await card.getByRole('heading').textContent())!.trim();
  return { card, id, name };
}

for (const locale of shopLocales) {
  const say = words[locale.code];
  const phone = locale.code === 'es';

  test.describe(`lists without scripts (${locale.code}, ${phone ? 'phone' : 'desktop'})`, () => {
    test.use(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });

    test('an Add from the catalog and the home page comes back at its card, which says it', async ({ page }) => {
      for (const [path, index] of [['/catalog?sort=name-asc', 13], ['/', 5]] as const) {
        await page.goto(localized(locale, path));
        const { card, id, name } = await cardAt(page, index);
        const post = page.waitForResponse((r) => r.request().method() === 'POST');
        await card.getByRole('button', { name: say.add(name) }).click();
        expect((await post).status()).toBe(303);
        await expect(page).toHaveURL((url) => url.pathname === new URL(localized(locale, path), 'http://x').pathname && url.searchParams.get('added') === id && url.hash === `#product-${id}`);
        const back = page.locator(`main li#product-${id}`);
        await expect(back).toBeInViewport({ ratio: 0.5 });
        // The card's note, with the way to the cart; the page's own note is there too.
        const note = back.getByText(say.added);
        await expect(note).toBeVisible();
        await expect(back.getByRole('link', { name: say.viewCart })).toHaveAttribute('href', localized(locale, '/cart'));
        await expect(page.getByRole('main').getByRole('status').filter({ hasText: say.added })).toContainText(name);
        // The query the shopper had is kept (the sort), the note is said once (not carried on by the card's links).
        if (path.includes('sort')) expect(new URL(page.url()).searchParams.get('sort')).toBe('name-asc');
      }
      await page.screenshot({ path: test.info().outputPath(`list-added-${locale.code}.png`) });
    });

    test("a member's heart on a card and on the item page: back where it was pressed, drawn with its new state", async ({ page, request }) => {
      test.setTimeout(90_000);
      const customer = await newCustomer(request, { tag: `noscript-heart-${locale.code}`, language: locale.code });
      await signInBrowser(page, customer, localized(locale, '/catalog?sort=price-desc'));
      const { card, id, name } = await cardAt(page, 10);
      const heart = card.getByRole('button', { name: say.heart(name) });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/catalog') && url.searchParams.get('sort') === 'price-desc' && url.hash === `#product-${id}`);
      const back = page.locator(`main li#product-${id}`);
      await expect(back).toBeInViewport({ ratio: 0.5 });
      await expect(back.getByRole('button', { name: say.heart(name) })).toHaveAttribute('aria-pressed', 'true');
      const favorites = await (await request.get('/api/favorites', { headers: customer.auth })).json() as { id: number }[];
      expect(favorites.map((product) => String(product.id))).toContain(id);
      await page.screenshot({ path: test.info().outputPath(`heart-${locale.code}.png`) });

      // Pressed again: not a favorite any more.
      await back.getByRole('button', { name: say.heart(name) }).click();
      await expect(page.locator(`main li#product-${id}`).getByRole('button', { name: say.heart(name) })).toHaveAttribute('aria-pressed', 'false');

      // The item page's heart: back to it, pressed.
      await page.goto(localized(locale, `/item/${id}`));
      await page.getByRole('main').getByRole('button', { name: say.itemHeart, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, `/item/${id}`) && url.hash === `#product-${id}`);
      const itemHeart = page.getByRole('main').getByRole('button', { name: say.itemHeart, exact: true });
      await expect(itemHeart).toHaveAttribute('aria-pressed', 'true');
      await expect(itemHeart).toBeInViewport();

      // The favorites page's heart: off the list.
      await page.goto(localized(locale, '/account/favorites'));
      await page.getByRole('main').getByRole('button', { name: new RegExp(`^${escapeRegExp(say.unfavorite(name))}$`) }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/favorites'));
      await expect(page.getByRole('main').getByRole('button', { name: say.unfavorite(name) })).toHaveCount(0);
      const after = await (await request.get('/api/favorites', { headers: customer.auth })).json() as { id: number }[];
      expect(after.map((product) => String(product.id))).not.toContain(id);
    });
  });
}

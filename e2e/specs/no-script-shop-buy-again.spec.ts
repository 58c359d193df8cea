// "Buy again" without the scripts, en and es: a post to the cart's action, which the server runs for
// the session cookie's member. Every row taken: back to the page pressed (the history), which says
// so with the way to the cart. A row the cart refuses (its stock is gone): to the cart, which shows
// what went in and, per refused item, the catalogue's reason in the page's language; its address
// carries the refusal, so a reload posts nothing again.
import { expect, test } from '@playwright/test';
import { escapeRegExp, localized, shopLocales } from '../fixtures/locales';
import { buyByApi, draftOf, newCustomer, orderableProducts, setStock, signInBrowser, unitsFor } from '../fixtures/purchase';

test.use({ javaScriptEnabled: false });

const words = {
  en: {
    buyAgain: (number: string) => `Buy again order ${number}`,
    inCart: (number: string) => `Items of order ${number} are in your cart`,
    viewCart: 'View cart',
    notAdded: 'These could not be added:',
    cannotAddMore: 'You cannot add more',
  },
  es: {
    buyAgain: (number: string) => `Comprar de nuevo pedido ${number}`,
    inCart: (number: string) => `Los artículos del pedido ${number} están en su carrito`,
    viewCart: 'Ver el carrito',
    notAdded: 'No se pudieron agregar:',
    cannotAddMore: 'No puede añadir más',
  },
} as const;

for (const locale of shopLocales) {
  const say = words[locale.code];

  test(`Buy again without scripts (${locale.code}): from the history back to it with a notice; a refused row drawn in the cart with why`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const customer = await newCustomer(request, { tag: `noscript-again-${locale.code}`, language: locale.code });
    const [first, second] = await orderableProducts(request, locale.code, { minStock: 20, pages: [locale.code === 'en' ? 3 : 4] });
    expect(second, 'two orderable products').toBeDefined();
    const rows = [
      { sku_id: first!.id, amount: unitsFor(first!, 15) },
      { sku_id: second!.id, amount: unitsFor(second!, 15) },
    ];
    const paid = await buyByApi(request, customer, rows);

    // From the history: a POST, 303 back to the history, which says it with the way to the cart.
    await signInBrowser(page, customer, localized(locale, '/account/orders'));
    const main = page.getByRole('main');
    const post = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === localized(locale, '/cart'));
    await main.getByRole('button', { name: say.buyAgain(paid.number) }).click();
    expect((await post).status()).toBe(303);
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/orders') && url.searchParams.get('reordered') === String(paid.orderId));
    const notice = main.getByRole('status').filter({ hasText: say.inCart(paid.number) });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: say.viewCart })).toHaveAttribute('href', localized(locale, '/cart'));
    let draft = await draftOf(request, customer);
    expect(draft.rows.map((row) => [row.sku.id, row.amount]).sort()).toEqual(rows.map((row) => [row.sku_id, row.amount]).sort());

    // The note is said once: the page's own links do not carry it on.
    await expect(page.locator(`main a[href*="reordered="], main form input[name="reordered"]`)).toHaveCount(0);

    // The second item's stock is now what the cart holds of it: from the order's page, the first
    // goes in again, the second is refused, said in the cart with the catalogue's reason.
    const before = second!.inStock;
    try {
      await setStock(request, second!.id, rows[1]!.amount);
      await page.goto(localized(locale, `/order/${paid.orderId}`));
      const again = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === localized(locale, '/cart'));
      await main.getByRole('button', { name: say.buyAgain(paid.number) }).click();
      // A redirect to the cart whose address says what was refused: a reload asks for the page.
      expect((await again).status()).toBe(303);
      await expect(page).toHaveURL(
        (url) => url.pathname === localized(locale, '/cart') && url.searchParams.get('reordered') === String(paid.orderId) && url.searchParams.has('refused'),
      );
      const refused = main.getByRole('status').filter({ hasText: say.notAdded });
      const said = async () => {
        await expect(refused).toContainText(say.inCart(paid.number));
        await expect(refused.getByRole('listitem')).toHaveText([new RegExp(`^${escapeRegExp(second!.name)}: ${escapeRegExp(say.cannotAddMore)}`)]);
        draft = await draftOf(request, customer);
        expect(draft.rows.find((row) => row.sku.id === first!.id)?.amount).toBe(rows[0]!.amount * 2);
        expect(draft.rows.find((row) => row.sku.id === second!.id)?.amount).toBe(rows[1]!.amount);
      };
      await said();
      // Reloaded: the same page, and the order's rows did not go in a third time.
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(r.url());
      });
      await page.reload();
      await said();
      expect(posts).toEqual([]);
    } finally {
      await setStock(request, second!.id, before);
    }
  });
}

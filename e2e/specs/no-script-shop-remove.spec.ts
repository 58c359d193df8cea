// Removing a cart row or a saved address without the scripts, en and es: the Remove (Delete)
// button is a GET of the page's own confirmation step (`?remove=<id>`), which asks in the page as
// the second press asks with the scripts; Cancel leaves everything as it was, "Yes" posts the
// removal and the page is drawn without the row, and without the step.
import { expect, test } from '@playwright/test';
import { escapeRegExp, localized, shopLocales } from '../fixtures/locales';
import { draftOf, fillCart, newCustomer, orderableProducts, signInBrowser } from '../fixtures/purchase';

test.use({ javaScriptEnabled: false });

const words = {
  en: {
    remove: (name: string) => `Remove ${name}`,
    removeTitle: (name: string) => `Remove ${name} from your cart?`,
    yesRemove: 'Yes, remove it',
    cancel: 'Cancel',
    deleteAddress: (line: string) => `Delete ${line}`,
    deleteTitle: 'Delete this address?',
    yesDelete: 'Yes, delete it',
    removed: 'Address is removed',
  },
  es: {
    remove: (name: string) => `Eliminar ${name}`,
    removeTitle: (name: string) => `¿Eliminar ${name} de su carrito?`,
    yesRemove: 'Sí, eliminarlo',
    cancel: 'Cancelar',
    deleteAddress: (line: string) => `Eliminar ${line}`,
    deleteTitle: '¿Eliminar esta dirección?',
    yesDelete: 'Sí, eliminarla',
    removed: 'La dirección fue eliminada',
  },
} as const;

for (const locale of shopLocales) {
  const say = words[locale.code];

  test(`a cart row's Remove without scripts (${locale.code}): asked in the page, Cancel keeps it, Yes removes it`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer(request, { tag: `noscript-remove-${locale.code}`, language: locale.code });
    const [first, second] = await orderableProducts(request, locale.code, { minStock: 5 });
    await fillCart(request, customer, [{ sku_id: first!.id, amount: 1 }, { sku_id: second!.id, amount: 1 }]);
    await signInBrowser(page, customer, localized(locale, '/cart'));
    const main = page.getByRole('main');

    await main.getByRole('button', { name: new RegExp(`^${escapeRegExp(say.remove(second!.name))}$`) }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/cart') && url.search === `?remove=${second!.id}`);
    const step = main.getByRole('group', { name: say.removeTitle(second!.name) });
    await expect(step).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`cart-remove-step-${locale.code}.png`) });
    // The step is not carried on by the page's other GET forms (only the rows' Remove set it) nor
    // its links (the language switch keeps it: the same step in the other language).
    await expect(page.locator('form input[name="remove"]')).toHaveCount(2);
    await expect(page.locator('main a[href*="remove="]')).toHaveCount(0);

    await step.getByRole('link', { name: say.cancel }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/cart') && url.search === '');
    await expect(page.locator(`main [data-line="${second!.id}"]`)).toBeVisible();
    expect((await draftOf(request, customer)).rows).toHaveLength(2);

    await main.getByRole('button', { name: new RegExp(`^${escapeRegExp(say.remove(second!.name))}$`) }).click();
    const post = page.waitForResponse((r) => r.request().method() === 'POST');
    await main.getByRole('button', { name: say.yesRemove }).click();
    expect((await post).status()).toBe(303);
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/cart') && url.search === '');
    await expect(page.locator(`main [data-line="${second!.id}"]`)).toHaveCount(0);
    await expect(page.locator(`main [data-line="${first!.id}"]`)).toBeVisible();
    expect((await draftOf(request, customer)).rows.map((row) => row.sku.id)).toEqual([first!.id]);
  });

  test(`a saved address's Delete without scripts (${locale.code}): asked in the page, Cancel keeps it, Yes deletes it`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer(request, { tag: `noscript-address-${locale.code}`, language: locale.code });
    const line = `${locale.code === 'en' ? 7 : 8} Elm Street`;
    const added = await request.post('/api/customer/address', {
      headers: customer.auth,
      data: { address: line, city: 'Dallas', state: 'TX', zip: '75201' },
    });
    expect(added.ok()).toBe(true);
    const addresses = async () => ((await (await request.get('/api/customer/address', { headers: customer.auth })).json()) as { id: number; address: string }[]);
    const id = (await addresses()).find((address) => address.address === line)!.id;

    await signInBrowser(page, customer, localized(locale, '/account/addresses'));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: say.deleteAddress(line) }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/addresses') && url.search === `?remove=${id}`);
    const step = main.getByRole('group', { name: say.deleteTitle });
    await expect(step).toContainText(`${line}, Dallas, TX 75201`);
    await page.screenshot({ path: test.info().outputPath(`address-remove-step-${locale.code}.png`) });

    await step.getByRole('link', { name: say.cancel }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/addresses') && url.search === '');
    expect(await addresses()).toHaveLength(2);

    await main.getByRole('button', { name: say.deleteAddress(line) }).click();
    const removal = page.waitForResponse((r) => r.request().method() === 'POST');
    await main.getByRole('button', { name: say.yesDelete }).click();
    // A redirect to the page saying it (a reload posts nothing again).
    expect((await removal).status()).toBe(303);
    await expect(page).toHaveURL((url) => url.pathname === localized(locale, '/account/addresses') && url.search === '?done=remove-address');
    await expect(main.getByRole('status').filter({ hasText: say.removed })).toBeVisible();
    await expect(main.getByRole('button', { name: say.deleteAddress(line) })).toHaveCount(0);
    expect((await addresses()).map((address) => address.address)).not.toContain(line);
  });
}

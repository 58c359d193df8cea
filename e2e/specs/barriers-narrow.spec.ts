/**
 * 320 px wide (a page zoomed to 400 %), English and Spanish (issue 21):
 * - the checkout's step labels break between words only ("informatio|n" was read as two words),
 *   on every step;
 * - the catalog's health-plan select fits its panel and the screen, and no filter's chosen option
 *   is cut ("Todos los planes de salu").
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { fillCart, newCustomer, orderableProducts, purchaseWords, signInBrowser, unitsFor } from '../fixtures/purchase';
import { barrierWords } from '../fixtures/barriers';

const NARROWEST = { width: 320, height: 640 };
test.use({ viewport: NARROWEST });

/** Words of `root`'s text drawn over more than one line (a word broken inside itself). */
function brokenWords(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || parent.getClientRects().length === 0) continue; // not drawn (display: none)
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

for (const locale of shopLocales) {
  const words = barrierWords[locale.code];
  const buy = purchaseWords[locale.code];

  test.describe(`320 px wide (${locale.code})`, () => {
    test('the checkout step labels never break inside a word', async ({ page, request }) => {
      test.setTimeout(120_000);
      const customer = await newCustomer(request, { tag: `narrow-${locale.code}`, language: locale.code });
      const [product] = await orderableProducts(request, locale.code, { minStock: 10 });
      await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);
      await signInBrowser(page, customer, localized(locale, '/cart'));
      await page.getByRole('button', { name: buy.checkout, exact: true }).click();
      const steps = page.getByRole('list', { name: words.checkoutSteps });
      await expect(steps).toBeVisible();
      expect(await brokenWords(steps)).toEqual([]);
      await page.getByRole('button', { name: buy.continueToDelivery }).click();
      const deliverTo = page.getByRole('group', { name: buy.deliverTo });
      await deliverTo.getByText('100 Congress Ave').first().click();
      await expect(deliverTo.getByRole('radio').first()).toBeChecked();
      expect(await brokenWords(steps)).toEqual([]);
      await page.getByRole('button', { name: buy.continueToPayment }).click();
      await expect(page.getByRole('group', { name: buy.paymentMethod })).toBeVisible();
      expect(await brokenWords(steps)).toEqual([]);
      // Every step still says where the person is, in words.
      await expect(steps.getByRole('listitem')).toHaveCount(3);
      for (const item of await steps.getByRole('listitem').all()) {
        expect(((await item.innerText()) ?? '').trim().length).toBeGreaterThan(0);
      }
    });

    // The health-plan select left the panel (issue 33, item 4: one plan control, the coverage
    // bar); its neighbours still fit and are drawn whole.
    test('the filters panel selects fit the panel and the screen', async ({ page }) => {
      await page.goto(localized(locale, '/catalog'));
      await expect(mainHeading(page)).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: words.filters }).click();
      const panel = page.getByRole('dialog');
      const select = panel.getByRole('combobox', { name: words.category });
      await expect(select).toBeVisible();
      const [fieldBox, panelBox] = [(await select.boundingBox())!, (await panel.boundingBox())!];
      expect(fieldBox.x).toBeGreaterThanOrEqual(panelBox.x);
      expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
      expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(NARROWEST.width);
      // Its fieldset (with the brand) fits as well: nothing scrolls sideways inside.
      const fieldset = select.locator('xpath=ancestor::fieldset[1]');
      const setBox = (await fieldset.boundingBox())!;
      expect(setBox.x + setBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
      // The chosen option of each select is drawn whole ("Todos los planes de salu" was cut).
      const cut = await panel.locator('select').evaluateAll((selects) =>
        (selects as HTMLSelectElement[])
          .filter((select) => {
            const style = getComputedStyle(select);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = select.options[select.selectedIndex]?.text ?? '';
            // Room for the text: the inner width less the paddings and the arrow (about 1.25em).
            const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.25 * parseFloat(style.fontSize);
            return context.measureText(text).width > room;
          })
          .map((select) => select.options[select.selectedIndex]?.text ?? ''),
      );
      expect(cut).toEqual([]);
    });
  });
}

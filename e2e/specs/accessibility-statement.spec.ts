/**
 * The accessibility statement stays true (issue 21): every promise of "What we test, and how", in
 * English and Spanish, is shown by a suite of this folder. A promise added without a suite, or a
 * suite renamed or removed under a promise, fails here; each suite named below is the one that
 * fails when its promise is broken.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';

/** Each promise, by words of it in each language, and the suites that show it. */
const promises: { en: RegExp; es: RegExp; suites: string[] }[] = [
  { en: /scanned with the axe tool/, es: /herramienta axe/, suites: ['accessibility.spec.ts', 'accessibility-phone.spec.ts'] },
  { en: /with the keyboard alone/, es: /solo con el teclado/, suites: ['keyboard-purchase.spec.ts'] },
  { en: /focus moves to the page's main heading/, es: /el foco pasa al título principal/, suites: ['keyboard-purchase.spec.ts', 'public-pages.spec.ts'] },
  { en: /320 pixels wide/, es: /320 píxeles de ancho/, suites: ['narrow-screens.spec.ts', 'barriers-narrow.spec.ts'] },
  { en: /HTML_CodeSniffer/, es: /HTML_CodeSniffer/, suites: ['pa11y.spec.ts'] },
  { en: /focus never falls back/, es: /el foco nunca vuelve/, suites: ['barriers-focus.spec.ts'] },
  { en: /form sent with a mistake/, es: /formulario enviado con un error/, suites: ['form-errors.spec.ts'] },
  { en: /press again, and waits/, es: /presione de nuevo, y se espera/, suites: ['barriers-focus.spec.ts'] },
  { en: /borders of form fields/, es: /bordes de los campos/, suites: ['field-contrast.spec.ts'] },
  { en: /forced colors/, es: /colores forzados/, suites: ['forced-colours.spec.ts'] },
];

const specsDir = fileURLToPath(new URL('.', import.meta.url));

for (const locale of shopLocales) {
  test(`every promise of the accessibility statement is shown by a suite (${locale.code})`, async ({ page }) => {
    await page.goto(localized(locale, '/accessibility'));
    await expect(mainHeading(page)).toBeVisible();
    const title = locale.code === 'es' ? 'Qué probamos y cómo' : 'What we test, and how';
    const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
    const items = await section.getByRole('listitem').allInnerTexts();
    expect(items.length).toBeGreaterThanOrEqual(promises.length);
    const unshown = items.filter((item) => !promises.some((promise) => promise[locale.code].test(item)));
    expect(unshown, 'promises without a suite').toEqual([]);
    for (const promise of promises) {
      expect(items.some((item) => promise[locale.code].test(item)), String(promise[locale.code])).toBe(true);
      for (const suite of promise.suites) expect(existsSync(`${specsDir}/${suite}`), suite).toBe(true);
    }
  });
}

/**
 * Form fields are seen by their border alone, so the border keeps 3:1 against what is around it
 * and inside it (WCAG 1.4.11), measured in the page, in light and dark, one language by turns (fixtures/locales.ts, walkedIn; both before CI ran out of its 30 minutes)
 * (issue 21: they were 1.78:1 and 2.69:1). Every visible text field, select and text area of the
 * pages with forms is measured: its border colour against the first opaque background behind
 * the field and against the field's own background.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, walkedIn } from '../fixtures/locales';
import { mainHeading } from '../fixtures/shop';
import { contrast } from '../fixtures/barriers';

const pages = ['/contacts', '/catalog', '/balance-check', '/login', '/sign-up'];

interface Measured {
  field: string;
  border: string;
  inside: string;
  outside: string;
}

function measure(page: Page): Promise<Measured[]> {
  return page.evaluate(() => {
    const opaque = (element: Element | null): string => {
      for (let box = element; box; box = box.parentElement) {
        const color = getComputedStyle(box).backgroundColor;
        const alpha = color.startsWith('rgba') ? Number(color.split(',')[3]?.replace(')', '')) : 1;
        if (alpha > 0.5) return color;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    };
    const fields = Array.from(
      document.querySelectorAll<HTMLElement>(
        'main input:not([type=radio]):not([type=checkbox]):not([type=hidden]), main select, main textarea',
      ),
    ).filter((field) => field.getBoundingClientRect().width > 0 && getComputedStyle(field).visibility !== 'hidden');
    return fields.map((field) => {
      const style = getComputedStyle(field);
      return {
        field: `${field.tagName.toLowerCase()}#${field.id}`,
        border: style.borderTopColor,
        inside: opaque(field),
        outside: opaque(field.parentElement),
      };
    });
  });
}

for (const locale of walkedIn('es')) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`field borders keep 3:1 against the page (${locale.code}, ${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const weak: string[] = [];
      let count = 0;
      for (const path of pages) {
        await page.goto(localized(locale, path));
        await expect(mainHeading(page)).toBeVisible();
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
        await expect(page.locator('main input:not([type=hidden]), main select, main textarea').first()).toBeVisible();
        for (const field of await measure(page)) {
          count += 1;
          const ratio = Math.min(contrast(field.border, field.outside), contrast(field.border, field.inside));
          if (ratio < 3) weak.push(`${path} ${field.field}: ${ratio.toFixed(2)}:1 (${field.border} on ${field.outside})`);
        }
      }
      expect(count).toBeGreaterThan(8);
      expect(weak, weak.join('\n')).toEqual([]);
    });
  }
}

import { describe, expect, it } from 'vitest';
import { INDEXABLE_STOREFRONT_PATHS, STOREFRONT_PAGES, matchStorefrontPath } from './storefront-pages.js';

describe('storefront pages', () => {
  it.each<[string, string | null, 'en' | 'es', boolean]>([
    ['/', 'home', 'en', true],
    ['/es', 'home', 'es', true],
    ['/es/', 'home', 'es', true],
    ['/catalog', 'catalog', 'en', true],
    ['/Catalog/', 'catalog', 'en', true],
    ['/es/docs/items-eligibility', 'items-eligibility', 'es', true],
    ['/item/12', 'item', 'en', true],
    ['/es/item/abc', 'item', 'es', false],
    ['/order/delivery', 'order-delivery', 'en', true],
    ['/order/7', 'order', 'en', true],
    ['/order/x1', 'order', 'en', false],
    ['/no-such-page', null, 'en', true],
    ['/catalog/extra/segments', null, 'en', true],
    ['/es/es', null, 'es', true],
    ['/api', null, 'en', true],
  ])('%s opens %s', (path, name, locale, idValid) => {
    const match = matchStorefrontPath(path);
    expect(match?.page.name ?? null).toBe(name);
    if (match) {
      expect(match.locale).toBe(locale);
      expect(match.idValid).toBe(idValid);
    }
  });

  it('names are unique and the sitemap leaves out sign-in, account, cart and checkout', () => {
    const names = STOREFRONT_PAGES.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
    expect(INDEXABLE_STOREFRONT_PATHS).toContain('/');
    expect(INDEXABLE_STOREFRONT_PATHS).toContain('/catalog');
    expect(INDEXABLE_STOREFRONT_PATHS).toContain('/accessibility');
    for (const path of INDEXABLE_STOREFRONT_PATHS) {
      expect(path).not.toMatch(/login|sign-up|account|cart|checkout|order|logout|:id/);
    }
  });
});

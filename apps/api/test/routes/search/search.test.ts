import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListSchema, searchAnswerSchema } from '@otc/sdk/schemas';
import { buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const search = async (q: string, lang: 'en' | 'es', extra = '') => {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/search/products?q=${encodeURIComponent(q)}${extra}`,
    headers: { 'accept-language': lang },
  });
  expect(res.status, q).toBe(200);
  return searchAnswerSchema.parse(res.body);
};

const EXAMPLES: [string, { en: RegExp; es: RegExp }, string][] = [
  ['ibuprofeno', { en: /ibuprofen/i, es: /ibuprofeno/i }, 'pain-relief'],
  ['vitamina c', { en: /vitamin c\b/i, es: /vitamina c\b/i }, 'vitamins'],
  ['acetaminofen', { en: /acetaminophen/i, es: /acetaminofén/i }, 'pain-relief'],
  ['ibuprofn', { en: /ibuprofen/i, es: /ibuprofeno/i }, 'pain-relief'],
];

describe('search', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`finds the examples (Spanish, accents left out, a typo) with names in ${lang}`, async () => {
      const categories = categoryListSchema.parse((await call(t.app, { method: 'GET', url: '/api/catalog/categories', headers: { 'accept-language': lang } })).body);
      for (const [q, names, slug] of EXAMPLES) {
        const answer = await search(q, lang);
        expect(answer.status).toBe('success');
        expect(answer.products.length, q).toBeGreaterThan(0);
        expect(answer.products.length).toBeLessThanOrEqual(20);
        // Ranked: every result is the item asked for.
        expect(answer.products.every((p) => names[lang].test(p.name)), q).toBe(true);
        const category = categories.find((c) => c.slug === slug)!;
        expect(answer.categories, q).toContainEqual({ id: category.id, name: category.name });
        expect(answer.products[0]!.categoryName).toBe(category.name);
      }
    });
  }

  it('answers every item of a kind up to 20, with price, manufacturer, image and category', async () => {
    const answer = await search('tabletas', 'es');
    expect(answer.products).toHaveLength(20);
    const first = answer.products[0]!;
    expect(first.price).toMatch(/^\d+\.\d{2}$/);
    expect(first.manufacturer.length).toBeGreaterThan(0);
    // A Spanish answer names the picture with its Spanish label (issue 33, item 13).
    expect(first.mainImage).toBe(`/api/images/products/${first.id}.svg?lang=es`);
  });

  it('lists a category named like the query', async () => {
    const answer = await search('alergia', 'es');
    expect(answer.categories[0]!.name).toBe('Alergia');
    expect(answer.products.length).toBeGreaterThan(0);
  });

  it('with a plan, answers only covered items (cl1 does not cover personal care)', async () => {
    const open = await search('antiperspirant', 'en');
    expect(open.products.length).toBeGreaterThan(0);
    const covered = await search('antiperspirant', 'en', '&plan=cl1');
    expect(covered.products).toEqual([]);
    const ibuprofen = await search('ibuprofen', 'en');
    const ibuprofenCl1 = await search('ibuprofen', 'en', '&plan=cl1');
    expect(ibuprofenCl1.products.length).toBeGreaterThan(0);
    expect(ibuprofenCl1.products.length).toBeLessThan(ibuprofen.products.length);
  });

  it('searches a whole word of the names as typed, not as the start of longer words', async () => {
    // "flu" is a word of the names; as a prefix it would also bring fluoride toothpaste.
    const flu = await search('flu', 'en');
    expect(flu.products.length).toBeGreaterThan(0);
    expect(flu.products.map((p) => p.name).filter((name) => /fluori|flutica/i.test(name))).toEqual([]);
    // A word being typed is still a prefix.
    const typing = await search('fluori', 'en');
    expect(typing.products.length).toBeGreaterThan(0);
    expect(typing.products.every((p) => /fluoride/i.test(p.name))).toBe(true);
  });

  it('answers success with nothing found for a word that matches nothing', async () => {
    const answer = await search('xqzwv', 'en');
    expect(answer).toEqual({ status: 'success', products: [], categories: [], total: 0, matched: [], coveragePlan: null });
  });

  it('answers 422 under 3 characters, and 422 plan_not_found for an unknown plan', async () => {
    const short = await call(t.app, { method: 'GET', url: '/api/search/products?q=ib' });
    expect(short.status).toBe(422);
    expect(short.body.data).toHaveProperty('q');
    const spaces = await call(t.app, { method: 'GET', url: '/api/search/products?q=%20%20i%20' });
    expect(spaces.status).toBe(422);
    const plan = await call(t.app, { method: 'GET', url: '/api/search/products?q=ibuprofen&plan=nope' });
    expect(plan.status).toBe(422);
    expect(plan.body.code).toBe('plan_not_found');
  });
});

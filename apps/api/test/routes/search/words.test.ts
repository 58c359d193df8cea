/**
 * Issue 19: the words shoppers use (brands, everyday words, categories, typos), the true total,
 * and what the answer says was matched, so the client never says "check the spelling" when the
 * words were understood.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { categoryListSchema, searchAnswerSchema, type Category } from '@otc/sdk/schemas';
import { rowsOf } from '../../../src/services/catalog.js';
import { runSynonymCommand, matchSynonyms, similarity, type SynonymEntry } from '../../../src/services/synonyms.js';
import { buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
let categories: { en: Category[]; es: Category[] };
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  const load = async (lang: string) =>
    categoryListSchema.parse((await call(t.app, { method: 'GET', url: '/api/catalog/categories', headers: { 'accept-language': lang } })).body);
  categories = { en: await load('en'), es: await load('es') };
});
afterAll(async () => t?.close());

const search = async (q: string, lang: 'en' | 'es' = 'en', extra = '') => {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/search/products?q=${encodeURIComponent(q)}${extra}`,
    headers: { 'accept-language': lang },
  });
  expect(res.status, q).toBe(200);
  return searchAnswerSchema.parse(res.body);
};
const category = (slug: string, lang: 'en' | 'es' = 'en') => categories[lang].find((c) => c.slug === slug)!;

describe('brands', () => {
  const BRANDS: [string, RegExp, string, RegExp, string][] = [
    ['tylenol', /acetaminophen/i, 'acetaminophen', /acetaminofén/i, 'acetaminofén'],
    ['Advil', /ibuprofen/i, 'ibuprofen', /ibuprofeno/i, 'ibuprofeno'],
    ['motrin', /ibuprofen/i, 'ibuprofen', /ibuprofeno/i, 'ibuprofeno'],
    ['aleve', /naproxen/i, 'naproxen', /naproxeno/i, 'naproxeno'],
    ['zyrtec', /cetirizine/i, 'cetirizine', /cetirizina/i, 'cetirizina'],
    ['claritin', /loratadine/i, 'loratadine', /loratadina/i, 'loratadina'],
    ['benadryl', /diphenhydramine/i, 'diphenhydramine', /difenhidramina/i, 'difenhidramina'],
    ['pepcid', /famotidine/i, 'famotidine', /famotidina/i, 'famotidina'],
    ['tums', /antacid/i, 'antacid', /antiácid/i, 'antiácido'],
    ['band-aid', /adhesive bandages/i, 'adhesive bandages', /vendas adhesivas/i, 'vendas adhesivas'],
  ];
  for (const [q, en, asEn, es, asEs] of BRANDS) {
    it(`finds the generic of "${q}" and says so, in both languages`, async () => {
      const english = await search(q, 'en');
      expect(english.products.length, q).toBeGreaterThan(0);
      expect(english.products.every((p) => en.test(p.name)), q).toBe(true);
      expect(english.matched).toEqual([{ kind: 'brand', term: expect.stringMatching(new RegExp(`^${q}$`, 'i')), as: asEn }]);
      const spanish = await search(q, 'es');
      expect(spanish.products.every((p) => es.test(p.name)), q).toBe(true);
      expect(spanish.matched?.[0]).toMatchObject({ kind: 'brand', as: asEs });
    });
  }

  it('understands a misspelt brand or one being typed, as product names are', async () => {
    for (const q of ['tylenl', 'tilenol', 'zirtec', 'claritine', 'tylen']) {
      const answer = await search(q);
      expect(answer.matched?.[0], q).toMatchObject({ kind: 'brand' });
      expect(answer.products.length, q).toBeGreaterThan(0);
    }
  });

  it('keeps the other words: a brand with a size or a form', async () => {
    const answer = await search('advil 200 mg');
    expect(answer.matched?.[0]).toMatchObject({ kind: 'brand', as: 'ibuprofen' });
    expect(answer.products.every((p) => /ibuprofen 200 mg/i.test(p.name))).toBe(true);
  });
});

describe('everyday words', () => {
  it('"pañales" finds the adult protective underwear, with or without the ñ', async () => {
    for (const q of ['pañales', 'panales', 'pañales para adultos']) {
      const answer = await search(q, 'es');
      expect(answer.products.length, q).toBeGreaterThan(0);
      expect(answer.products.every((p) => /ropa interior protectora/i.test(p.name)), q).toBe(true);
      expect(answer.matched?.[0], q).toMatchObject({ kind: 'everyday', as: 'ropa interior protectora' });
    }
    const en = await search('adult diapers', 'en');
    expect(en.products.every((p) => /protective underwear/i.test(p.name))).toBe(true);
  });

  it('"sunblock" is sunscreen and "curitas" adhesive bandages', async () => {
    const sunblock = await search('sunblock');
    expect(sunblock.matched).toEqual([{ kind: 'everyday', term: 'sunblock', as: 'sunscreen' }]);
    expect(sunblock.products.every((p) => /sunscreen/i.test(p.name))).toBe(true);
    const curitas = await search('curitas', 'es');
    expect(curitas.products.every((p) => /vendas adhesivas/i.test(p.name))).toBe(true);
  });

  it('leaves a word of the descriptions as typed (no synonym close to it is taken instead)', async () => {
    // "sunburn" is close to "sunblock" but is a word of the after-sun gel's description.
    const answer = await search('sunburn');
    expect(answer.matched).toEqual([]);
    expect(answer.products[0]!.name).toMatch(/aloe/i);
  });
});

describe('categories', () => {
  const CASES: [string, 'en' | 'es', string][] = [
    ['incontinence', 'en', 'incontinence'],
    ['incontinencia', 'es', 'incontinence'],
    ['incontinencia', 'en', 'incontinence'],
    ['oral care', 'en', 'oral-care'],
    ['cuidado bucal', 'es', 'oral-care'],
    ['movilidad', 'es', 'mobility-support'],
    ['vitamins', 'en', 'vitamins'],
  ];
  for (const [q, lang, slug] of CASES) {
    it(`"${q}" (${lang}) answers the category's products, its chip first, and every one counted`, async () => {
      const c = category(slug, lang);
      const answer = await search(q, lang);
      expect(answer.matched).toEqual([{ kind: 'category', term: expect.any(String), as: c.name, categoryId: c.id }]);
      expect(answer.categories[0]).toEqual({ id: c.id, name: c.name });
      expect(answer.products.length).toBe(Math.min(20, c.productCount));
      expect(answer.products.every((p) => p.categoryId === c.id)).toBe(true);
      expect(answer.total).toBe(c.productCount);
    });
  }

  it('a misspelt category name is still the category', async () => {
    const answer = await search('incontinensia', 'es');
    expect(answer.matched?.[0]).toMatchObject({ kind: 'category', categoryId: category('incontinence').id });
  });

  it('other words beside a category name look within it', async () => {
    const answer = await search('incontinence pads');
    expect(answer.products.length).toBeGreaterThan(0);
    expect(answer.products.every((p) => p.categoryId === category('incontinence').id && /pads/i.test(p.name))).toBe(true);
    expect(answer.matched?.[0]).toMatchObject({ kind: 'category' });
  });
});

describe('the true total and spelling', () => {
  it('counts every match, not the 20 shown ("Vitamins alone holds 47")', async () => {
    const answer = await search('vitamins');
    expect(answer.products).toHaveLength(20);
    expect(answer.total).toBe(category('vitamins').productCount);
    expect(answer.total).toBeGreaterThan(20);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        SELECT count(*)::int AS n FROM products p
        WHERE p.status IS NULL AND (p.search_en @@ to_tsquery('english', 'tablets') OR p.search_es @@ to_tsquery('spanish', 'tablets'))`),
    );
    const tablets = await search('tablets');
    expect(tablets.products).toHaveLength(20);
    expect(tablets.total).toBe(Number(row!.n));
  });

  it('says which catalog word a misspelt word was searched as', async () => {
    const answer = await search('ibuprofn');
    expect(answer.matched).toEqual([{ kind: 'spelling', term: 'ibuprofn', as: 'ibuprofen' }]);
    expect(answer.products.length).toBeGreaterThan(0);
    expect((await search('ibuprofen')).matched).toEqual([]);
  });

  it('drops a loose word (a number, a form) when every word together finds nothing', async () => {
    const answer = await search('cortizone 10');
    expect(answer.products.length).toBeGreaterThan(0);
    expect(answer.products.every((p) => /hydrocortisone/i.test(p.name))).toBe(true);
  });
});

describe('the synonyms are data staff keep (ops synonyms:*)', () => {
  it('adds, lists and removes a term; search uses it', async () => {
    const db = t.database.db;
    const before = await search('flexall');
    expect(before.matched?.some((m) => m.kind === 'brand')).toBe(false);
    expect(before.products.some((p) => /menthol/i.test(p.name))).toBe(false);
    const added = await runSynonymCommand({ db }, 'synonyms:add', ['Flexall', 'menthol', '--kind', 'brand', '--lang', 'en']);
    expect(added).toMatch(/brand en: Flexall -> menthol/);
    expect(await runSynonymCommand({ db }, 'synonyms:list', ['--kind', 'brand', '--lang', 'en'])).toMatch(/Flexall -> menthol/);
    t.app.services.search.invalidate();
    const found = await search('flexal');
    expect(found.matched).toEqual([{ kind: 'brand', term: 'Flexall', as: 'menthol' }]);
    expect(found.products.every((p) => /menthol/i.test(p.name))).toBe(true);
    expect(await runSynonymCommand({ db }, 'synonyms:remove', ['flexall'])).toMatch(/removed brand en: Flexall/);
    t.app.services.search.invalidate();
    expect((await search('flexall')).matched?.some((m) => m.kind === 'brand')).toBe(false);
  });

  it('refuses a category that does not exist, a kind or language it does not know', async () => {
    const db = t.database.db;
    await expect(runSynonymCommand({ db }, 'synonyms:add', ['dentist', 'no-such', '--kind', 'category', '--lang', 'en'])).rejects.toThrow(/no category/);
    await expect(runSynonymCommand({ db }, 'synonyms:add', ['x', 'y', '--kind', 'slang', '--lang', 'en'])).rejects.toThrow(/--kind/);
    await expect(runSynonymCommand({ db }, 'synonyms:add', ['x', 'y', '--kind', 'brand', '--lang', 'fr'])).rejects.toThrow(/--lang/);
  });
});

describe('matching (pure)', () => {
  const entry = (term: string, kind: SynonymEntry['kind'] = 'brand'): SynonymEntry => ({
    term,
    words: term.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean),
    lang: 'en',
    kind,
    expandsTo: 'x',
  });
  const facts = (n: number, whole = false) => Array.from({ length: n }, () => ({ whole, correction: 0 }));

  it('computes pg_trgm similarity', () => {
    expect(similarity('word', 'word')).toBe(1);
    expect(similarity('tylenl', 'tylenol')).toBeGreaterThan(0.3);
    expect(similarity('motion', 'motrin')).toBeLessThan(0.3);
  });

  it('joins and splits compound terms, prefers the longest, leaves whole words of the names alone', () => {
    const entries = [entry('band aid'), entry('sunblock', 'everyday'), entry('adult diapers', 'everyday'), entry('diapers', 'everyday')];
    expect(matchSynonyms(['bandaid'], facts(1), entries, 'en').map((h) => h.entry.term)).toEqual(['band aid']);
    expect(matchSynonyms(['sun', 'block'], facts(2), entries, 'en').map((h) => h.entry.term)).toEqual(['sunblock']);
    expect(matchSynonyms(['adult', 'diapers'], facts(2), entries, 'en').map((h) => h.entry.term)).toEqual(['adult diapers']);
    // A whole word of the names matches only as written.
    expect(matchSynonyms(['diaper'], facts(1, true), entries, 'en')).toEqual([]);
    expect(matchSynonyms(['diaper'], facts(1), entries, 'en').map((h) => h.entry.term)).toEqual(['diapers']);
  });
});

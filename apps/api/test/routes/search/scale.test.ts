/**
 * Issue 30: search at 1 000 000 products (migrations 0014 and 0015). The candidates of the words
 * are the first matches of a hashed sample of the catalog (1/256, else 1/16) when it holds enough
 * of them, else of the whole catalog; a category named beside words brings the words' candidates
 * first, then the category's products in the catalog's order; a correction is named per language
 * from the names' trigram indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../src/services/catalog.js';
import { buildTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

const ids = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ id: number }>(await t.database.db.execute(query)).map((row) => Number(row.id));

const textMatch = (words: string) =>
  sql`(p.search_en @@ to_tsquery('english', ${words}) OR p.search_es @@ to_tsquery('spanish', ${words}))`;
/** In the sample of 1 product in `size` (the partial indexes' predicate). */
const inSample = (size: number) => sql.raw(`(hashint4(p.id) & ${size - 1}) = 0`);

/** search_matches' ids, in the order it answers them. */
const matches = (words: string | null, mode: 'text' | 'within' | 'union' | 'category', cats: number[], maxRows: number, plan: number | null = null) =>
  ids(sql`
    SELECT m.id FROM search_matches(${words === null ? sql`NULL` : sql`to_tsquery('english', ${words})`},
      ${words === null ? sql`NULL` : sql`to_tsquery('spanish', ${words})`},
      ${sql.raw(`ARRAY[${cats.join(',')}]::integer[]`)}, ${mode}, ${plan}::integer, ${maxRows}) m`);

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('candidates of a match with many products', () => {
  it('takes the first matches of the smallest sample that holds enough of them', async () => {
    const words = 'tablets';
    const every = await ids(sql`SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch(words)}`);
    const of16 = await ids(sql`SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch(words)} AND ${inSample(16)}`);
    const of256 = await ids(sql`SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch(words)} AND ${inSample(256)}`);
    // The demo catalog: a word with many matches, some of them in the 1/16 sample, fewer in the 1/256 one.
    expect(of16.length).toBeGreaterThan(of256.length);
    expect(every.length).toBeGreaterThan(of16.length);

    // As many as the 1/16 sample holds (more than the 1/256 one): all of them, none other.
    expect(sorted(await matches(words, 'text', [], of16.length))).toEqual(sorted(of16));
    // One more than that: the whole catalog's matches.
    const more = await matches(words, 'text', [], of16.length + 1);
    expect(more).toHaveLength(of16.length + 1);
    expect(more.every((id) => every.includes(id))).toBe(true);
    expect(more.some((id) => !of16.includes(id))).toBe(true);
    // Within the 1/256 sample's count, only its products.
    if (of256.length > 0) expect(sorted(await matches(words, 'text', [], of256.length))).toEqual(sorted(of256));
  });

  it('answers every match of a word with fewer than asked', async () => {
    const words = 'hydrocortisone';
    const every = await ids(sql`SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch(words)}`);
    expect(every.length).toBeGreaterThan(0);
    expect(every.length).toBeLessThan(20);
    expect(sorted(await matches(words, 'text', [], 20))).toEqual(sorted(every));
  });

  it('keeps to one category, and under a plan to its covered products', async () => {
    const [row] = rowsOf<{ category_id: number }>(
      await t.database.db.execute(sql`
        SELECT p.category_id FROM products p WHERE p.status IS NULL AND ${textMatch('tablets')} AND ${inSample(16)}
        GROUP BY p.category_id ORDER BY count(*) DESC LIMIT 1`),
    );
    const category = Number(row!.category_id);
    const sampled = await ids(sql`
      SELECT p.id FROM products p WHERE p.status IS NULL AND p.category_id = ${category} AND ${textMatch('tablets')} AND ${inSample(16)}`);
    expect(sampled.length).toBeGreaterThan(0);
    expect(sorted(await matches('tablets', 'within', [category], sampled.length))).toEqual(sorted(sampled));

    const [plan] = rowsOf<{ id: number }>(await t.database.db.execute(sql`SELECT id FROM health_plans WHERE code = 'cl1'`));
    const covered = await ids(sql`
      SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch('tablets')}
        AND EXISTS (SELECT 1 FROM product_plans pp WHERE pp.product_id = p.id AND pp.plan_id = ${plan!.id})`);
    const found = await matches('tablets', 'text', [], 5, Number(plan!.id));
    expect(found).toHaveLength(5);
    expect(found.every((id) => covered.includes(id))).toBe(true);
  });

  it('a category beside words: the words\' matches first, then the category\'s products in the catalog\'s order', async () => {
    const words = 'hydrocortisone';
    const text = await ids(sql`SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch(words)}`);
    // A category none of those products is in.
    const [row] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        SELECT c.id FROM categories c WHERE NOT EXISTS (
          SELECT 1 FROM products p WHERE p.category_id = c.id AND p.status IS NULL AND ${textMatch(words)})
        ORDER BY c.id LIMIT 1`),
    );
    const category = Number(row!.id);
    // Out of stock, the category's first product by id goes after the others.
    await t.database.db.execute(sql`
      UPDATE products SET stock = 0, reserved = 0
      WHERE id = (SELECT min(p.id) FROM products p WHERE p.status IS NULL AND p.category_id = ${category})`);
    const inCategory = await ids(sql`
      SELECT p.id FROM products p WHERE p.status IS NULL AND p.category_id = ${category} ORDER BY p.in_stock DESC NULLS LAST, p.id`);
    const found = await matches(words, 'union', [category], text.length + 3);
    expect(sorted(found.slice(0, text.length))).toEqual(sorted(text));
    expect(found.slice(text.length)).toEqual(inCategory.slice(0, 3));
    // The category's name alone: its first products in that order.
    expect(await matches(null, 'category', [category], 3)).toEqual(inCategory.slice(0, 3));
  });
});

describe('a correction named in each language', () => {
  it('says which words are words of the English and of the Spanish names', async () => {
    const rows = rowsOf<{ word: string; en: boolean; es: boolean }>(
      await t.database.db.execute(sql`SELECT word, en, es FROM search_name_words(ARRAY['ibuprofeno', 'ibuprofen', 'nosuchword']::text[])`),
    );
    expect(rows).toEqual([
      { word: 'ibuprofeno', en: false, es: true },
      { word: 'ibuprofen', en: true, es: false },
      { word: 'nosuchword', en: false, es: false },
    ]);
  });
});

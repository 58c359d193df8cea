/**
 * Issue 30: search at 1 000 000 products (migration 0014). The candidates of a match with many
 * products are found by walking the catalog in its order when the count says that costs less
 * than reading a bitmap of every match; a correction is named per language from the names'
 * trigram indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../src/services/catalog.js';
import { buildTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  // The walk reads the table's row estimate and the category statistics.
  await t.database.db.execute(sql`ANALYZE products`);
});
afterAll(async () => t?.close());

const ids = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ id: number }>(await t.database.db.execute(query)).map((row) => Number(row.id));

const textMatch = (words: string) =>
  sql`(p.search_en @@ to_tsquery('english', ${words}) OR p.search_es @@ to_tsquery('spanish', ${words}))`;

/** search_matches' ids, sorted. */
const matches = async (words: string, mode: 'text' | 'within', cats: number[], maxRows: number, known: number | null, plan: number | null = null) =>
  (
    await ids(sql`
      SELECT m.id FROM search_matches(to_tsquery('english', ${words}), to_tsquery('spanish', ${words}),
        ${sql.raw(`ARRAY[${cats.join(',')}]::integer[]`)}, ${mode}, ${plan}::integer, ${maxRows}, ${known}::integer) m`)
  ).sort((a, b) => a - b);

describe('candidates of a match with many products', () => {
  it('walks the catalog in its order (in stock first, then id) when the count says so', async () => {
    const words = 'tablets';
    // The first match by id out of stock: the catalog's order puts it last.
    await t.database.db.execute(sql`
      UPDATE products SET stock = 0, reserved = 0
      WHERE id = (SELECT min(p.id) FROM products p WHERE p.status IS NULL AND ${textMatch(words)})`);
    const every = await ids(sql`SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch(words)} ORDER BY p.in_stock DESC NULLS LAST, p.id`);
    expect(every.length).toBeGreaterThan(20);
    expect(every.slice(0, 5)).not.toContain(Math.min(...every));
    // Five candidates of `every.length` matches: the walk (2.5 * 5 * products <= matches^2).
    const walked = await matches(words, 'text', [], 5, every.length);
    expect(walked).toEqual(every.slice(0, 5).sort((a, b) => a - b));
    // Without a count the indexes are read: five matches too.
    const read = await matches(words, 'text', [], 5, null);
    expect(read).toHaveLength(5);
    expect(read.every((id) => every.includes(id))).toBe(true);
  });

  it('reads the indexes when the walk comes up short (a stale count)', async () => {
    const words = 'hydrocortisone';
    const every = await ids(sql`SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch(words)}`);
    expect(every.length).toBeGreaterThan(0);
    expect(every.length).toBeLessThan(20);
    expect(await matches(words, 'text', [], 20, 100_000)).toEqual(every.sort((a, b) => a - b));
  });

  it('walks one category, and under a plan only its covered products', async () => {
    const [row] = rowsOf<{ category_id: number }>(
      await t.database.db.execute(sql`
        SELECT p.category_id FROM products p WHERE p.status IS NULL AND ${textMatch('tablets')}
        GROUP BY p.category_id ORDER BY count(*) DESC LIMIT 1`),
    );
    const category = Number(row!.category_id);
    const inCategory = await ids(sql`
      SELECT p.id FROM products p WHERE p.status IS NULL AND p.category_id = ${category} AND ${textMatch('tablets')}
      ORDER BY p.in_stock DESC NULLS LAST, p.id`);
    expect(await matches('tablets', 'within', [category], 3, inCategory.length)).toEqual(inCategory.slice(0, 3).sort((a, b) => a - b));

    const [plan] = rowsOf<{ id: number }>(await t.database.db.execute(sql`SELECT id FROM health_plans WHERE code = 'cl1'`));
    const covered = await ids(sql`
      SELECT p.id FROM products p WHERE p.status IS NULL AND ${textMatch('tablets')}
        AND EXISTS (SELECT 1 FROM product_plans pp WHERE pp.product_id = p.id AND pp.plan_id = ${plan!.id})
      ORDER BY p.in_stock DESC NULLS LAST, p.id`);
    expect(await matches('tablets', 'text', [], 5, covered.length, Number(plan!.id))).toEqual(covered.slice(0, 5).sort((a, b) => a - b));
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

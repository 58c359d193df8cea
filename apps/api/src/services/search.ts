/**
 * Product search for the search modal: English and Spanish full text (stemming through the
 * `english` and `spanish` configurations over unaccented text, stored tsvector columns with GIN
 * indexes), whatever the caller's language, so "ibuprofeno" and "ibuprofen" both find the item.
 *
 * Typos: each query word that is no word (nor the start of a word) of the product names is
 * corrected against `search_words`, the vocabulary of the names kept by triggers, with pg_trgm
 * similarity; the full-text query then looks for the word or its corrections. The vocabulary holds
 * a few hundred words whatever the catalog size, so a typo costs the same at 100 000 products. When
 * full text still finds nothing, a trigram match on the stored unaccented names is the last resort.
 *
 * Ranking: full-text rank over both languages (names weigh most), items in stock first, then id;
 * at most 20 products. Ranking reads the tsvector of every row it orders, so it is done over the
 * first SEARCH_CANDIDATES matches in catalog order (`search_candidates()`, migration 0004) rather
 * than over all of them: a broad word such
 * as "vitamin" matches about 4 000 of 100 000 products, and ranking them all made it cost a
 * hundred times what it costs at 1 000. A word that broad matches far more than the modal shows,
 * and the next word typed narrows it. Categories: those whose name matches a query word, then
 * those of the found products.
 *
 * The vocabulary answer for a word (known, or its corrections) is kept for the catalog's cache
 * lifetime: it only changes when product names do.
 */
import type { SearchAnswer } from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Lang } from '../lib/errors.js';
import type { CatalogService } from './catalog.js';
import { TtlCache, rowsOf } from './catalog.js';

export const SEARCH_LIMIT = 20;
/** Matches ranked per search (see above). */
export const SEARCH_CANDIDATES = 200;
const VOCABULARY_TTL_MS = 30_000;
const MAX_WORDS = 6;
const MAX_CATEGORIES = 5;

/** Lower case, accents removed, split on anything that is not a letter or digit. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

interface Term {
  word: string;
  /** Prefix match (the word being typed). */
  prefix: boolean;
  /** Vocabulary words close to a misspelt word. */
  corrections: string[];
}

/** The to_tsquery text of the terms: every term required; a term is its word or a correction. */
export function tsqueryText(terms: Term[]): string {
  return terms
    .map((term) => {
      const options = [`${term.word}${term.prefix ? ':*' : ''}`, ...term.corrections];
      return options.length > 1 ? `(${options.join(' | ')})` : options[0]!;
    })
    .join(' & ');
}

interface Row {
  id: number;
  name: string;
  price_cents: number;
  manufacturer: string;
  image_path: string;
  category_id: number;
  category_name: string;
}

interface WordCheck {
  /** A word of the names, or (typed last) the start of one. */
  known: boolean;
  /** A whole word of the names: searched as typed, not as a prefix ("solar" must not become every "sol..."). */
  whole: boolean;
  corrections: string[];
}

export function createSearchService({
  db,
  catalog,
  vocabularyTtlMs = VOCABULARY_TTL_MS,
}: {
  db: Db;
  catalog: CatalogService;
  vocabularyTtlMs?: number;
}) {
  const vocabulary = new TtlCache<WordCheck>(vocabularyTtlMs, 5000, Date.now);

  /** Whether a word (or, typed last, the start of one) is in the vocabulary; if not, the closest words. */
  async function checkWord(word: string, prefix: boolean): Promise<WordCheck> {
    const [row] = rowsOf<{ whole: boolean; known: boolean; corrections: string[] | null }>(
      await db.execute(sql`
        SELECT k.whole, k.known,
          CASE WHEN k.known THEN NULL ELSE ARRAY(SELECT s.word FROM search_words s WHERE s.word % ${word}
            ORDER BY similarity(s.word, ${word}) DESC, s.word LIMIT 3) END AS corrections
        FROM (SELECT w.whole, w.whole OR (${prefix}::boolean AND EXISTS (
                SELECT 1 FROM search_words s WHERE s.word LIKE ${word} || '%')) AS known
              FROM (SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = ${word}) AS whole) w) k`),
    );
    return { known: Boolean(row?.known), whole: Boolean(row?.whole), corrections: row?.corrections ?? [] };
  }

  /** Terms of the words; misspelt ones (three letters or more) get vocabulary corrections. */
  async function terms(words: string[]): Promise<Term[]> {
    const last = words.length - 1;
    return Promise.all(
      words.map(async (word, index) => {
        const prefix = index === last && word.length >= 3;
        if (word.length < 3 || /^\d+$/.test(word)) return { word, prefix, corrections: [] };
        const check = await vocabulary.get(`${word}:${prefix}`, () => checkWord(word, prefix));
        return { word, prefix: prefix && !check.whole, corrections: check.known ? [] : check.corrections };
      }),
    );
  }

  function columns(lang: Lang): SQL {
    return lang === 'es'
      ? sql`p.id, p.name_es AS name, p.price_cents, p.manufacturer, p.image_path, p.category_id, c.name_es AS category_name`
      : sql`p.id, p.name_en AS name, p.price_cents, p.manufacturer, p.image_path, p.category_id, c.name_en AS category_name`;
  }

  async function fullText(text: string, lang: Lang, plan: number | null): Promise<Row[]> {
    // The caller's language weighs a little more when both match.
    const weighted = lang === 'es' ? sql`greatest(m.rank_es * 1.1, m.rank_en)` : sql`greatest(m.rank_en * 1.1, m.rank_es)`;
    return rowsOf<Row>(
      await db.execute(sql`
        SELECT ${columns(lang)}
        FROM (SELECT m.id, ${weighted} AS rank, m.in_stock
              FROM search_candidates(to_tsquery('english', ${text}), to_tsquery('spanish', ${text}),
                                     ${plan}::integer, ${SEARCH_CANDIDATES}) m
              ORDER BY rank DESC, m.in_stock DESC NULLS LAST, m.id
              LIMIT ${SEARCH_LIMIT}) best
          JOIN products p ON p.id = best.id JOIN categories c ON c.id = p.category_id
        ORDER BY best.rank DESC, best.in_stock DESC NULLS LAST, best.id`),
    );
  }

  async function trigram(normalized: string, lang: Lang, covered: SQL): Promise<Row[]> {
    return rowsOf<Row>(
      await db.execute(sql`
        SELECT ${columns(lang)}
        FROM products p JOIN categories c ON c.id = p.category_id
        WHERE (${normalized} <% p.name_en_norm OR ${normalized} <% p.name_es_norm)
          AND p.status IS NULL AND ${covered}
        ORDER BY greatest(word_similarity(${normalized}, p.name_en_norm), word_similarity(${normalized}, p.name_es_norm)) DESC,
          p.in_stock DESC NULLS LAST, p.id
        LIMIT ${SEARCH_LIMIT}`),
    );
  }

  async function search(q: string, lang: Lang, planCode?: string): Promise<SearchAnswer> {
    const plan = await catalog.planId(planCode);
    const covered =
      plan === null
        ? sql`TRUE`
        : sql`EXISTS (SELECT 1 FROM product_plans pp WHERE pp.product_id = p.id AND pp.plan_id = ${plan})`;
    const words = searchWords(q);
    const [termList, categoryList] = await Promise.all([
      words.length > 0 ? terms(words) : Promise.resolve([]),
      catalog.categories(lang, planCode),
    ]);
    let rows: Row[] = [];
    if (termList.length > 0) rows = await fullText(tsqueryText(termList), lang, plan);
    if (rows.length === 0 && words.length > 0) rows = await trigram(words.join(' '), lang, covered);

    // Categories named like a query word (or its correction), then those of the products found.
    const wanted = termList.flatMap((term) => [term.word, ...term.corrections]).filter((w) => w.length >= 3);
    const named = categoryList.filter((category) =>
      searchWords(category.name).some((word) => wanted.some((w) => word.startsWith(w))),
    );
    const seen = new Map<number, number>();
    for (const row of rows) seen.set(row.category_id, (seen.get(row.category_id) ?? 0) + 1);
    const fromProducts = [...seen.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([id]) => categoryList.find((category) => category.id === id))
      .filter((category) => category !== undefined);
    const categories = [...new Map([...named, ...fromProducts].map((c) => [c.id, { id: c.id, name: c.name }])).values()];

    return {
      status: 'success',
      products: rows.map((row) => ({
        id: row.id,
        name: row.name,
        price: fromCents(Number(row.price_cents)),
        manufacturer: row.manufacturer,
        mainImage: row.image_path,
        categoryId: row.category_id,
        categoryName: row.category_name,
      })),
      categories: categories.slice(0, MAX_CATEGORIES),
    };
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;

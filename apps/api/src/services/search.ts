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
 * at most 20 products. Categories: those whose name matches a query word, then those of the found
 * products.
 */
import type { SearchAnswer } from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Lang } from '../lib/errors.js';
import type { CatalogService } from './catalog.js';
import { rowsOf } from './catalog.js';

export const SEARCH_LIMIT = 20;
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

export function createSearchService({ db, catalog }: { db: Db; catalog: CatalogService }) {
  /** Terms of the words; misspelt ones (three letters or more) get vocabulary corrections. */
  async function terms(words: string[]): Promise<Term[]> {
    const last = words.length - 1;
    const base = words.map((word, index) => ({
      word,
      prefix: index === last && word.length >= 3,
      corrections: [] as string[],
    }));
    const checked = base.filter((term) => term.word.length >= 3 && !/^\d+$/.test(term.word));
    if (checked.length === 0) return base;
    const rows = rowsOf<{ input: string; known: boolean; corrections: string[] | null }>(
      await db.execute(sql`
        SELECT q.word AS input,
          EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.word
                  OR (q.prefix AND s.word LIKE q.word || '%')) AS known,
          ARRAY(SELECT s.word FROM search_words s WHERE s.word % q.word
                ORDER BY similarity(s.word, q.word) DESC, s.word LIMIT 3) AS corrections
        FROM unnest(${`{${checked.map((t) => t.word).join(',')}}`}::text[],
                    ${`{${checked.map((t) => String(t.prefix)).join(',')}}`}::boolean[]) AS q(word, prefix)`),
    );
    for (const row of rows) {
      if (row.known) continue;
      for (const term of base) if (term.word === row.input) term.corrections = row.corrections ?? [];
    }
    return base;
  }

  function columns(lang: Lang): SQL {
    return lang === 'es'
      ? sql`p.id, p.name_es AS name, p.price_cents, p.manufacturer, p.image_path, p.category_id, c.name_es AS category_name`
      : sql`p.id, p.name_en AS name, p.price_cents, p.manufacturer, p.image_path, p.category_id, c.name_en AS category_name`;
  }

  async function fullText(text: string, lang: Lang, covered: SQL): Promise<Row[]> {
    // The caller's language weighs a little more when both match.
    const [own, other] = lang === 'es' ? ['spanish', 'english'] : ['english', 'spanish'];
    const ownVector = lang === 'es' ? sql`p.search_es` : sql`p.search_en`;
    const otherVector = lang === 'es' ? sql`p.search_en` : sql`p.search_es`;
    return rowsOf<Row>(
      await db.execute(sql`
        WITH q AS (SELECT to_tsquery(${own}::regconfig, ${text}) AS own, to_tsquery(${other}::regconfig, ${text}) AS other)
        SELECT ${columns(lang)}
        FROM q, products p JOIN categories c ON c.id = p.category_id
        WHERE (${ownVector} @@ q.own OR ${otherVector} @@ q.other) AND p.status IS NULL AND ${covered}
        ORDER BY greatest(ts_rank(${ownVector}, q.own) * 1.1, ts_rank(${otherVector}, q.other)) DESC,
          p.in_stock DESC NULLS LAST, p.id
        LIMIT ${SEARCH_LIMIT}`),
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
    if (termList.length > 0) rows = await fullText(tsqueryText(termList), lang, covered);
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

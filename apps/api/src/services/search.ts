/**
 * Product search: the search modal (`search`) and the catalog's `?q=` (`resolve`, read by
 * catalog.list), one engine.
 *
 * Words: lower case, accents removed, filler words out ("para", "the"...). Full text in English
 * and Spanish (stemming through the `english` and `spanish` configurations over unaccented text,
 * stored tsvector columns with GIN indexes), whatever the caller's language, so "ibuprofeno" and
 * "ibuprofen" both find the item.
 *
 * Words shoppers use (services/synonyms.ts): a brand is searched as its generic ("tylenol" as
 * "acetaminophen"), an everyday word as the catalog's words ("pañales" as "ropa interior
 * protectora"), a category's name or another word for it brings that category's products. The
 * answer's `matched` says so, and says which misspelt words were searched as which catalog word.
 *
 * Typos: each query word that is no word (nor the start of a word) of the product names, and
 * matches no description either, is corrected against `search_words`, the vocabulary of the
 * names kept by triggers, with pg_trgm similarity; the full-text query then looks for the word or
 * its corrections. A correction is also close in length (`lengthAllowance`): a word not sold
 * ("glucosamine") finds nothing rather than a shorter word it shares trigrams with ("glucosa"),
 * few letters apart as a typo is (`closeAsTypo`: "shake" is not "sharps"), and a word of the
 * names in the caller's language ("pink" is not the Spanish "pinza" in the English shop): a
 * correction stays in the page's language and the kind of product, or is not made (issue 33).
 * A letter typed alone is also the letter and a number ("vitamin d" finds Vitamin D3).
 * The answer names a correction (and a synonym's catalog words) in the caller's language. The
 * vocabulary holds a few hundred words whatever the catalog size, so a typo costs the same at
 * 1 000 000 products. Synonym terms are matched with the same similarity.
 *
 * Which products, in turn until one finds some: every word in the product names (a word matters:
 * "protector solar" is not a product whose description holds "solo", one Spanish stem with
 * "solar"; "nutrition" not every product of a maker so named); every word (AND); with a category named beside
 * other words, those words within the category; any of the words (OR, ranked by how many match);
 * a trigram match on the stored unaccented names, unless a word was found nowhere and is close
 * to no word of the names (nothing, rather than a guess of another kind). A query that is a category's name alone
 * answers that category's products with those whose text matches its words first.
 *
 * Ranking: full-text rank over both languages (names weigh most), items in stock first, then id.
 * Ranking reads the tsvector of every row it orders, so it is done over SEARCH_CANDIDATES
 * matches (`search_matches()`, migrations 0011 and 0015) rather than over all of them: a broad
 * word such as "vitamin" matches about 40 000 of 1 000 000 products. A word that broad matches
 * far more than the modal shows, and the next word typed narrows it. The candidates are the first
 * matches of a hashed sample of the catalog (1 product in 256, else 1 in 16) when the sample holds
 * SEARCH_CANDIDATES of them, else of the whole catalog: reading the full-text indexes builds a
 * bitmap of every match, which grows with the catalog, while a sample's grows sixteen times
 * slower. With a category named beside words, the words' candidates come first, then the
 * category's products in the catalog's order. The modal shows the first SEARCH_LIMIT; `total`
 * counts every match (exactly: the candidates when fewer than SEARCH_CANDIDATES, else counted
 * once per query and filter and kept COUNT_TTL_MS).
 *
 * Where the time goes at 1 000 000 products (issue 30; docs/scale.md has the figures): the
 * candidates, a few ms (before migration 0015 5 to 40 ms under load for 10 000 to 60 000
 * matches); counting a total of thousands of matches (0.2 to 5 s, once per query every
 * COUNT_TTL_MS); and naming a correction in each language (search_name_words, about a second
 * cold, once per word every vocabulary TTL).
 */
import type { ProductList, ProductListQuery, SearchAnswer, SearchMatch } from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Lang } from '../lib/errors.js';
import { PICTURE_COLUMN_ES } from '../lib/product-image.js';
import type { CatalogService, Coverage } from './catalog.js';
import { TtlCache, intArrayOf, rowsOf } from './catalog.js';
import { coverageMarks, coveredBySql } from './coverage.js';
import {
  createSynonyms,
  editDistance,
  matchSynonyms,
  normalWords,
  similarity,
  typoAllowance,
  type SynonymHit,
  type Synonyms,
} from './synonyms.js';

export const SEARCH_LIMIT = 20;
/** Matches ranked per search (see above). */
export const SEARCH_CANDIDATES = 200;
const VOCABULARY_TTL_MS = 30_000;
/**
 * Counts of more than SEARCH_CANDIDATES matches (the answer's `total`, the catalog's with `q`) are
 * kept this long: counting reads every match (a second or more for 20 000 matches of 1 000 000
 * products on a cold cache), and a total a few minutes old only misses products added since.
 */
const COUNT_TTL_MS = 300_000;
const MAX_WORDS = 6;
const MAX_CATEGORIES = 5;
/**
 * Words a shopper adds loosely: a number ("cortizone 10") or the form of the item ("pills",
 * "pastillas"). When every word together finds nothing, the words are tried again without them.
 */
const LOOSE_WORD =
  /^(\d+|pills?|tabs?|tablets?|caplets?|capsules?|medicines?|medications?|meds|remed(y|ies)|pastillas?|tabletas?|capsulas?|medicinas?|medicamentos?|remedios?)$/;

/** Lower case, accents removed, filler words out, at most six words (all filler: the words as typed). */
export function searchWords(text: string): string[] {
  const words = normalWords(text);
  if (words.length > 0) return words.slice(0, MAX_WORDS);
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * The words as typed (case and accents kept), one per word of `searchWords`: what the answer
 * quotes back ("sunscreen" when "sunscreen" was typed, never a synonym's "sun screen").
 */
export function typedWords(text: string): string[] {
  const words = searchWords(text);
  const typed: string[] = [];
  for (const token of text.split(/[^\p{L}\p{N}]+/u)) {
    for (const word of normalWords(token)) typed.push(word === words[typed.length] ? token : word);
  }
  return typed.length >= words.length && words.every((word, i) => normalWords(typed[i]!).includes(word))
    ? typed.slice(0, words.length)
    : words;
}

export interface Term {
  word: string;
  /** Prefix match (the word being typed). */
  prefix: boolean;
  /** Vocabulary words close to a misspelt word. */
  corrections: string[];
  /**
   * A word a synonym stands for (the generic of a brand): kept whatever other words are left out;
   * the number tells the synonyms apart (the words of one go together).
   */
  anchor?: number;
  /** How little the word tells: 3 found nowhere, 2 loose (a number, a form), 1 only in descriptions, 0 in the names. */
  weak?: number;
  /**
   * Words of the names a letter typed alone stands for: the letter and a number ("d" is also "d3",
   * "b" also "b12", as shoppers type "vitamin d" for Vitamin D3).
   */
  variants?: string[];
}

/**
 * One term of a tsquery: its word (or prefix), its variants or any of its corrections; with
 * `names`, found in the product names only (weight A: not in a description or the manufacturer's name).
 */
function termText(term: Term, names = false): string {
  const weight = names ? 'A' : '';
  const options = [
    `${term.word}${term.prefix ? ':*' : names ? ':' : ''}${weight}`,
    ...(term.variants ?? []).map((w) => `${w}${names ? ':A' : ''}`),
    ...term.corrections.map((w) => `${w}${names ? ':A' : ''}`),
  ];
  return options.length > 1 ? `(${options.join(' | ')})` : options[0]!;
}

/**
 * The to_tsquery text of the terms: every term required (or, with `any`, one at least); with
 * `names`, each in the product names.
 */
export function tsqueryText(terms: Term[], any = false, names = false): string {
  return terms.map((term) => termText(term, names)).join(any ? ' | ' : ' & ');
}

interface WordCheck {
  /** A word of the names, or (typed last) the start of one. */
  known: boolean;
  /** A whole word of the names: searched as typed, not as a prefix ("solar" must not become every "sol..."). */
  whole: boolean;
  /** Not a word of the names but found by full text (a word of the descriptions): not corrected. */
  inText: boolean;
  corrections: string[];
  /**
   * The corrections in each language: words of that language's names, closest first. A page
   * corrects only to its own language's words ("pink" is not the Spanish "pinza" in the English shop).
   */
  inLang: Partial<Record<Lang, string[]>>;
  /** The correction to name in each language (a word of that language's names), when one is. */
  shown: Partial<Record<Lang, string>>;
}

/**
 * Whether a vocabulary word may stand for a misspelt one: few letters apart, as a typo makes
 * (`typoAllowance`: 1 up to 5 letters, 2 up to 9, 3 beyond), or the typed word is its start or end
 * (one word written as two). Trigrams alone take another kind of product for a typo: "shake" is
 * not "sharps", "protein" not "protector" (issue 33).
 */
export function closeAsTypo(typed: string, word: string): boolean {
  if (word.startsWith(typed) || word.endsWith(typed)) return true;
  const allowed = typoAllowance(typed.length);
  return editDistance(typed, word, allowed) <= allowed;
}

/**
 * How many letters longer or shorter than the typed word a spelling correction may be: 2, or a
 * fifth of the word when longer. A typo adds, drops or swaps a letter or two; a word that much
 * shorter or longer is another word ("glucosamine" is not "glucosa", however many trigrams they
 * share), and the shopper is better told nothing was found. A longer word that starts or ends
 * with the typed one is still taken: one word written as two ("day time" for "daytime").
 */
export function lengthAllowance(length: number): number {
  return Math.max(2, Math.floor(length / 5));
}

/**
 * What the words match, as SQL over `products p`, and how: `text` the full-text query alone;
 * `union` its matches and the categories' products; `within` its matches in the categories;
 * `category` the categories' products; `trigram` names close to the words.
 */
export interface Match {
  mode: 'text' | 'union' | 'within' | 'category' | 'trigram';
  tsquery: string | null;
  categoryIds: number[];
  /** The words (trigram mode). */
  normalized: string;
}

export interface Resolved {
  match: Match | null;
  /** The best matches (at most SEARCH_CANDIDATES, under the plan filter), best first. */
  ranked: number[];
  /** With `shown`: the first SEARCH_LIMIT ranked products as the modal shows them. */
  rows: Row[] | null;
  /** Whether `ranked` holds every match. */
  complete: boolean;
  matched: SearchMatch[];
  /** Categories named by the words. */
  categoryIds: number[];
  /** Words searched (and their corrections), for categories named like them (a category matched is listed already). */
  wanted: string[];
}

/** The SQL condition over `products p` of a match. */
export function matchCondition(match: Match): SQL {
  const text = match.tsquery
    ? sql`(p.search_en @@ to_tsquery('english', ${match.tsquery}) OR p.search_es @@ to_tsquery('spanish', ${match.tsquery}))`
    : sql`FALSE`;
  const inCategories = sql`p.category_id = ANY(${intArrayOf(match.categoryIds)})`;
  switch (match.mode) {
    case 'text':
      return text;
    case 'union':
      return sql`(${text} OR ${inCategories})`;
    case 'within':
      return sql`(${text} AND ${inCategories})`;
    case 'category':
      return inCategories;
    case 'trigram':
      return sql`(${match.normalized} <% p.name_en_norm OR ${match.normalized} <% p.name_es_norm)`;
  }
}

/** A product as the modal shows it. */
export interface SearchRow {
  id: number;
  name: string;
  price_cents: number;
  manufacturer: string;
  image_path: string;
  category_id: number;
  category_name: string;
}
type Row = SearchRow;

/** SearchRow's columns over `products p` and `categories c`, in the caller's language. */
function rowColumns(lang: Lang): SQL {
  return lang === 'es'
    ? sql`p.id, p.name_es AS name, p.price_cents, p.manufacturer, ${sql.raw(PICTURE_COLUMN_ES)} AS image_path, p.category_id, c.name_es AS category_name`
    : sql`p.id, p.name_en AS name, p.price_cents, p.manufacturer, p.image_path, p.category_id, c.name_en AS category_name`;
}

export function createSearchService({
  db,
  catalog,
  synonyms = createSynonyms({ db }),
  vocabularyTtlMs = VOCABULARY_TTL_MS,
}: {
  db: Db;
  catalog: CatalogService;
  synonyms?: Synonyms;
  vocabularyTtlMs?: number;
}) {
  const vocabulary = new TtlCache<WordCheck>(vocabularyTtlMs, 5000, Date.now);
  const letterWords = new TtlCache<string[]>(vocabularyTtlMs, 100, Date.now);

  /**
   * The words a letter typed alone stands for: the letter and a digit ("d3": the vocabulary holds
   * words of 3 letters or more), and the vocabulary's words that are the letter and a number ("b12").
   */
  function variantsOf(word: string): Promise<string[]> {
    if (!/^[a-z]$/.test(word)) return Promise.resolve([]);
    return letterWords.get(word, async () => [
      ...Array.from({ length: 10 }, (_, digit) => `${word}${digit}`),
      ...rowsOf<{ word: string }>(
        await db.execute(sql`SELECT s.word FROM search_words s WHERE s.word LIKE ${word} || '%'
          AND s.word ~ ${`^${word}[0-9]+$`} ORDER BY s.word LIMIT 5`),
      ).map((r) => r.word),
    ]);
  }
  const counts = new TtlCache<number>(vocabularyTtlMs > 0 ? COUNT_TTL_MS : 0, 2000, Date.now);

  /** Whether a word (or, typed last, the start of one) is in the vocabulary; if not, the closest words. */
  async function checkWord(word: string, prefix: boolean): Promise<WordCheck> {
    const [row] = rowsOf<{ whole: boolean; known: boolean; in_text: boolean | null; corrections: string[] | null }>(
      await db.execute(sql`
        SELECT k.whole, k.known,
          CASE WHEN k.known THEN NULL ELSE search_text_matches(to_tsquery('english', ${prefix ? `${word}:*` : word}),
            to_tsquery('spanish', ${prefix ? `${word}:*` : word}), 1) > 0 END AS in_text,
          CASE WHEN k.known THEN NULL ELSE ARRAY(SELECT s.word FROM search_words s WHERE s.word % ${word}
            AND (abs(length(s.word) - ${word.length}::integer) <= ${lengthAllowance(word.length)}::integer
              OR s.word LIKE ${word} || '%' OR s.word LIKE '%' || ${word})
            ORDER BY similarity(s.word, ${word}) DESC, s.word LIMIT 3) END AS corrections
        FROM (SELECT w.whole, w.whole OR (${prefix}::boolean AND EXISTS (
                SELECT 1 FROM search_words s WHERE s.word LIKE ${word} || '%')) AS known
              FROM (SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = ${word}) AS whole) w) k`),
    );
    const corrections = (row?.corrections ?? []).filter((c) => closeAsTypo(word, c));
    // Which correction to name in each language: the closest one that is a word of that
    // language's names ("ibuprofn" is "ibuprofen" in English, "ibuprofeno" in Spanish).
    const shown: Partial<Record<Lang, string>> = {};
    const inLang: Partial<Record<Lang, string[]>> = {};
    if (corrections.length > 0) {
      // search_name_words (migration 0014) reads the names' trigram indexes, never the table.
      const found = rowsOf<{ word: string; en: boolean; es: boolean }>(
        await db.execute(sql`
          SELECT word, en, es FROM search_name_words(ARRAY[${sql.join(
            corrections.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[])`),
      );
      for (const l of ['en', 'es'] as const) {
        inLang[l] = corrections.filter((c) => found.some((f) => f.word === c && f[l]));
        shown[l] = inLang[l][0];
      }
    }
    return {
      known: Boolean(row?.known),
      whole: Boolean(row?.whole),
      inText: Boolean(row?.in_text),
      corrections,
      inLang,
      shown,
    };
  }

  const checkable = (word: string) => word.length >= 3 && !/^\d+$/.test(word);

  function check(word: string, prefix: boolean): Promise<WordCheck> {
    return vocabulary.get(`${word}:${prefix}`, () => checkWord(word, prefix));
  }

  /** How many products a term matches, counted up to 2 000 (which of two words is the more common). */
  function frequency(term: Term): Promise<number> {
    const text = termText(term);
    return counts.get(`frequency:${text}`, async () => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          SELECT count(*)::int AS n FROM (SELECT 1 FROM products p
            WHERE p.search_en @@ to_tsquery('english', ${text}) OR p.search_es @@ to_tsquery('spanish', ${text}) LIMIT 2000) s`),
      );
      return Number(row?.n ?? 0);
    });
  }

  /** A query word's term: a prefix when typed last, its corrections when misspelt. */
  function termOf(word: string, last: boolean, checked: WordCheck | null, lang: Lang, variants: string[] = []): Term {
    const prefix = last && word.length >= 3;
    const loose = LOOSE_WORD.test(word) ? 1 : 0;
    if (!checked) return { word, prefix, corrections: [], weak: loose, ...(variants.length > 0 ? { variants } : {}) };
    const found = checked.known || checked.inText;
    // Corrections in the page's language only (or none).
    const corrections = found ? [] : (checked.inLang[lang] ?? []);
    // Found nowhere 3, loose 2, only in descriptions 1, in the names 0.
    const weak = !found ? 3 : loose ? 2 : checked.known ? 0 : 1;
    return { word, prefix: prefix && !checked.whole, corrections, weak };
  }

  /** Every product a match has under the plan filter (and extra conditions, named by `key`), kept COUNT_TTL_MS. */
  function matchCount(match: Match, plan: number | null, extra: SQL[] = [], key = ''): Promise<number> {
    const filters = [sql`p.status IS NULL`, matchCondition(match), ...extra];
    if (plan !== null) filters.push(coveredBySql(plan));
    return counts.get(JSON.stringify([match, plan, key]), async () => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE ${sql.join(filters, sql` AND `)}`),
      );
      return Number(row?.n ?? 0);
    });
  }

  /**
   * The products of a match, best first (at most SEARCH_CANDIDATES), under the plan filter; with
   * `shown`, the first SEARCH_LIMIT of them as the modal shows them, read in the same query (one
   * round trip a search: on a busy machine each one waits for a core).
   */
  async function candidates(match: Match, lang: Lang, plan: number | null, shown = false): Promise<{ ids: number[]; rows: Row[] | null }> {
    let ranked: SQL;
    if (match.mode === 'trigram') {
      const covered = plan === null ? sql`TRUE` : coveredBySql(plan);
      ranked = sql`
        SELECT p.id, row_number() OVER (ORDER BY greatest(word_similarity(${match.normalized}, p.name_en_norm),
            word_similarity(${match.normalized}, p.name_es_norm)) DESC, p.in_stock DESC NULLS LAST, p.id) AS n
        FROM products p
        WHERE ${matchCondition(match)} AND p.status IS NULL AND ${covered}
        ORDER BY n LIMIT ${SEARCH_CANDIDATES}`;
    } else {
      // The caller's language weighs a little more when both match.
      const weighted =
        lang === 'es' ? sql`greatest(m.rank_es * 1.1, m.rank_en)` : sql`greatest(m.rank_en * 1.1, m.rank_es)`;
      const query = match.tsquery ?? '';
      // Which products are candidates depends on the data alone (migration 0015: the first of a
      // sample of the catalog when it holds SEARCH_CANDIDATES matches), so every process and every
      // page of the catalog's `q` ranks the same ones, and no count is needed first.
      ranked = sql`
        SELECT m.id, row_number() OVER (ORDER BY ${weighted} DESC, m.in_stock DESC NULLS LAST, m.id) AS n
        FROM search_matches(
          CASE WHEN ${query} = '' THEN NULL ELSE to_tsquery('english', ${query}) END,
          CASE WHEN ${query} = '' THEN NULL ELSE to_tsquery('spanish', ${query}) END,
          ${intArrayOf(match.categoryIds)}, ${match.mode}, ${plan}::integer, ${SEARCH_CANDIDATES}) m`;
    }
    if (!shown) {
      const rows = rowsOf<{ id: number }>(await db.execute(sql`SELECT r.id FROM (${ranked}) r ORDER BY r.n`));
      return { ids: rows.map((r) => Number(r.id)), rows: null };
    }
    // A lateral read per shown row: the product's key, never a join the planner could hash.
    const rows = rowsOf<Row & { n: number; shown: boolean }>(
      await db.execute(sql`
        SELECT r.id, r.n, d.id IS NOT NULL AS shown, d.name, d.price_cents, d.manufacturer, d.image_path, d.category_id, d.category_name
        FROM (${ranked}) r
        LEFT JOIN LATERAL (SELECT ${rowColumns(lang)} FROM products p JOIN categories c ON c.id = p.category_id
          WHERE p.id = r.id AND r.n <= ${SEARCH_LIMIT}) d ON TRUE
        ORDER BY r.n`),
    );
    return {
      ids: rows.map((r) => Number(r.id)),
      rows: rows.filter((r) => r.shown).map(({ n: _n, shown: _shown, ...row }) => row),
    };
  }

  /**
   * What the words mean and the best products they match: the one reading of a query, for the
   * modal and the catalog's `q` alike.
   */
  async function resolve(q: string, lang: Lang, plan: number | null, shown = false): Promise<Resolved> {
    const words = searchWords(q);
    const none: Resolved = { match: null, ranked: [], rows: shown ? [] : null, complete: true, matched: [], categoryIds: [], wanted: [] };
    if (words.length === 0) return none;
    const last = words.length - 1;
    const [checks, letters] = await Promise.all([
      Promise.all(words.map((word, index) => (checkable(word) ? check(word, index === last) : Promise.resolve(null)))),
      Promise.all(words.map(variantsOf)),
    ]);
    const typed = typedWords(q);
    // A word of the names or of the descriptions is matched to a synonym only as written.
    const facts = checks.map((c, index) => ({
      whole: c ? c.known || c.inText : true,
      correction: c && !c.known && !c.inText && c.corrections[0] ? similarity(words[index]!, c.corrections[0]) : 0,
    }));
    const hits = matchSynonyms(words, facts, await synonyms.entries(), lang);
    const hitAt = new Map<number, SynonymHit>(hits.map((hit) => [hit.from, hit]));

    const matched: SearchMatch[] = [];
    const rest: Term[] = [];
    const categoryTerms: Term[] = [];
    const categoryIds: number[] = [];
    const spelled: SearchMatch[] = [];
    for (let i = 0; i < words.length; ) {
      const hit = hitAt.get(i);
      if (!hit) {
        const term = termOf(words[i]!, i === last, checks[i] ?? null, lang, letters[i]);
        rest.push(term);
        if (term.corrections.length > 0) {
          const as = checks[i]?.shown[lang] ?? term.corrections[0]!;
          spelled.push({ kind: 'spelling', term: words[i]!, as });
        }
        i += 1;
        continue;
      }
      const { entry } = hit;
      if (entry.kind === 'category' && entry.category) {
        if (!categoryIds.includes(entry.category.id)) {
          categoryIds.push(entry.category.id);
          matched.push({ kind: 'category', term: entry.term, as: entry.category[lang], categoryId: entry.category.id });
        }
        // The category's words as typed (exactly: a misspelt one is already understood).
        for (let k = hit.from; k < hit.to; k += 1) categoryTerms.push({ word: words[k]!, prefix: false, corrections: [] });
      } else {
        // Named in the request's language when the words have a form in it; an everyday word is
        // quoted as typed (the shop's spelling of a brand is its name).
        const said = words.slice(hit.from, hit.to).join(' ');
        const term = entry.kind === 'brand' || normalWords(entry.term).join(' ') === said ? entry.term : typed.slice(hit.from, hit.to).join(' ');
        // Nothing to say when the words typed are the catalog's ("sunscreen" for the term "sun screen").
        if (said !== normalWords(entry.expandsTo).join(' ')) {
          matched.push({ kind: entry.kind, term, as: entry.forms?.[lang] ?? entry.expandsTo });
        }
        for (const word of normalWords(entry.expandsTo)) rest.push({ word, prefix: false, corrections: [], anchor: hit.from + 1 });
      }
      i = hit.to;
    }

    // Each way of reading the words, in turn, until one finds products; each try names the
    // misspelt words it searched as corrected ones. Later tries are made only when needed.
    type Try = { match: Match; spelling: string[] };
    const phases: (() => Promise<Try[]>)[] = [];
    const normalized = words.join(' ');
    const base = { normalized, categoryIds };
    const seen = new Set<string>();
    const attempt = (mode: Match['mode'], terms: Term[], any = false, names = false): Try[] => {
      if (terms.length === 0) return [];
      const tsquery = tsqueryText(terms, any, names);
      if (seen.has(`${mode}:${tsquery}`)) return [];
      seen.add(`${mode}:${tsquery}`);
      return [{ match: { ...base, mode, tsquery }, spelling: terms.filter((t) => t.corrections.length > 0).map((t) => t.word) }];
    };
    // Every word in the names (a word matters: "protector solar" is not the protective underwear
    // whose description says "solo", one stem in Spanish, nor "nutrition" every product of a
    // maker named so); every word; then without the loose ones (a number, a form such as
    // "pills"); then every word but one, the one that tells least first (found nowhere, loose,
    // only in descriptions, then the most common); then the words a synonym stands for alone, or
    // else any of the words.
    const textPhases = (mode: 'text' | 'within') => {
      if (rest.length === 0) return;
      const anchors = rest.filter((term) => term.anchor !== undefined);
      const others = rest.filter((term) => term.anchor === undefined);
      // Tried when every word typed is a word of the names (else it could find nothing).
      const inNames = others.every((term) => term.weak === 0 && term.corrections.length === 0);
      phases.push(async () => [
        ...(inNames ? attempt(mode, rest, false, true) : []),
        ...attempt(mode, rest),
        ...attempt(mode, rest.filter((term) => term.anchor !== undefined || !LOOSE_WORD.test(term.word))),
      ]);
      phases.push(async () => {
        const out: Try[] = [];
        if (rest.length >= 2 && others.length > 0) {
          const common = new Map(await Promise.all(others.map(async (term) => [term, await frequency(term)] as const)));
          // Equally telling and common: English names the thing last ("high blood pressure"),
          // Spanish first ("ojos rojos"), so the other end goes first.
          const position = (term: Term) => others.indexOf(term) * (lang === 'es' ? -1 : 1);
          const order = [...others].sort(
            (a, b) => (b.weak ?? 0) - (a.weak ?? 0) || common.get(b)! - common.get(a)! || position(a) - position(b),
          );
          for (const term of order.slice(0, 3)) out.push(...attempt(mode, rest.filter((other) => other !== term)));
        }
        if (anchors.length > 0) {
          out.push(...attempt(mode, anchors));
          // Two synonyms that find nothing together ("motrin for kids"): each alone, the first first.
          const groups = [...new Set(anchors.map((term) => term.anchor))];
          if (groups.length > 1) for (const group of groups) out.push(...attempt(mode, anchors.filter((t) => t.anchor === group)));
        } else if (rest.length > 1) out.push(...attempt(mode, rest, true));
        return out;
      });
    };
    if (categoryIds.length === 0) textPhases('text');
    else {
      textPhases('within');
      phases.push(async () => [
        {
          match: {
            ...base,
            mode: categoryTerms.length > 0 ? 'union' : 'category',
            // The category's words in the names: a word also in a manufacturer's name ("nutrition",
            // Vitalis Nutrition Co.) or a description does not bring other kinds of products.
            tsquery: categoryTerms.length > 0 ? tsqueryText(categoryTerms, false, true) : null,
          },
          spelling: [],
        },
      ]);
    }
    // Names close to the words, unless a word was found nowhere and is close to no word of the
    // names in the page's language: then the names' trigrams would only guess another kind of
    // product ("protein" as "protectant", "proteina" as "protectora"), and nothing is the answer.
    const unknown = rest.some((term) => term.weak === 3 && term.corrections.length === 0);
    if (!unknown) phases.push(async () => [{ match: { ...base, mode: 'trigram', tsquery: null }, spelling: [] }]);

    const wanted = rest.flatMap((term) => [term.word, ...term.corrections]).filter((w) => w.length >= 3);
    for (const phase of phases) {
      for (const next of await phase()) {
        const { ids: ranked, rows } = await candidates(next.match, lang, plan, shown);
        if (ranked.length === 0) continue;
        return {
          match: next.match,
          ranked,
          rows,
          complete: ranked.length < SEARCH_CANDIDATES,
          matched: [...matched, ...spelled.filter((m) => next.spelling.includes(m.term))],
          categoryIds,
          wanted,
        };
      }
    }
    return { ...none, matched, categoryIds, wanted };
  }

  /** Every product a resolved query matches under the plan filter (and extra conditions). */
  async function total(resolved: Resolved, plan: number | null, extra: SQL[] = [], key = ''): Promise<number> {
    if (!resolved.match) return 0;
    if (resolved.complete && extra.length === 0) return resolved.ranked.length;
    return matchCount(resolved.match, plan, extra, key);
  }

  async function search(
    q: string,
    lang: Lang,
    options: { plan?: string | undefined; coverage?: Coverage } = {},
  ): Promise<SearchAnswer> {
    const plan = await catalog.planId(options.plan);
    const [resolved, categoryList] = await Promise.all([resolve(q, lang, plan, true), catalog.categoryNames(lang)]);
    const top = resolved.ranked.slice(0, SEARCH_LIMIT);
    const coverage = options.coverage ?? null;
    const [count, marks] = await Promise.all([total(resolved, plan), coverageMarks(db, coverage?.id ?? null, top)]);
    const rows = resolved.rows ?? [];

    // Categories matched by the words, those named like a word, then those of the products found.
    const wanted = resolved.wanted;
    const byCategory = new Map(categoryList.map((category) => [category.id, category]));
    const matchedCategories = resolved.categoryIds
      .map((id) => byCategory.get(id))
      .filter((category) => category !== undefined);
    const named = categoryList.filter((category) =>
      searchWords(category.name).some((word) => wanted.some((w) => word.startsWith(w))),
    );
    const seen = new Map<number, number>();
    for (const row of rows) seen.set(row.category_id, (seen.get(row.category_id) ?? 0) + 1);
    const fromProducts = [...seen.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([id]) => byCategory.get(id))
      .filter((category) => category !== undefined);
    const categories = [
      ...new Map([...matchedCategories, ...named, ...fromProducts].map((c) => [c.id, { id: c.id, name: c.name }])).values(),
    ];

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
        coveredByPlan: marks(Number(row.id)),
      })),
      categories: categories.slice(0, MAX_CATEGORIES),
      total: count,
      matched: resolved.matched,
      coveragePlan: coverage?.code ?? null,
    };
  }

  /** The catalog's product list, with its words (`q`) read by this engine. */
  async function list(query: ProductListQuery, lang: Lang, coverage: Coverage = null): Promise<ProductList> {
    const q = query.q?.trim() ?? '';
    if (q === '') return catalog.list(query, lang, { coverage });
    const plan = await catalog.planId(query.plan);
    const resolved = await resolve(q, lang, plan);
    return catalog.list(query, lang, {
      coverage,
      words: {
        condition: resolved.match ? matchCondition(resolved.match) : null,
        ranked: resolved.ranked,
        complete: resolved.complete,
        matched: resolved.matched,
        count: (extra, key) => total(resolved, plan, extra, key),
      },
    });
  }

  return { search, list, resolve, invalidate: () => synonyms.invalidate() };
}

export type SearchService = ReturnType<typeof createSearchService>;

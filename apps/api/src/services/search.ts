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
 * ("glucosamine") finds nothing rather than a shorter word it shares trigrams with ("glucosa").
 * The answer names a correction (and a synonym's catalog words) in the caller's language. The
 * vocabulary holds a few hundred words whatever the catalog size, so a typo costs the same at
 * 1 000 000 products. Synonym terms are matched with the same similarity.
 *
 * Which products, in turn until one finds some: every word (AND); with a category named beside
 * other words, those words within the category; any of the words (OR, ranked by how many match);
 * a trigram match on the stored unaccented names. A query that is a category's name alone
 * answers that category's products with those whose text matches its words first.
 *
 * Ranking: full-text rank over both languages (names weigh most), items in stock first, then id.
 * Ranking reads the tsvector of every row it orders, so it is done over SEARCH_CANDIDATES
 * matches (`search_matches()`, migrations 0011 and 0014) rather than over all of them: a broad
 * word such as "vitamin" matches about 40 000 of 1 000 000 products. A word that broad matches
 * far more than the modal shows, and the next word typed narrows it. The candidates are the
 * first matches the full-text indexes give; for a match with so many products that reading the
 * indexes would cost more (it builds a bitmap of every match, which grows with the catalog),
 * the first ones in catalog order, found by walking the catalog (a cost that does not grow). The
 * modal shows the first SEARCH_LIMIT; `total` counts every match (exactly: the candidates when
 * fewer than SEARCH_CANDIDATES, else counted once per query and filter and kept COUNT_TTL_MS).
 *
 * Where the time goes at 1 000 000 products (issue 30): ranking the candidates (a few ms, tens
 * for the broadest words before the walk), counting a total of thousands of matches (100 to 300
 * ms, once per query every COUNT_TTL_MS) and naming a correction in each language (seconds
 * before migration 0014 read the names' trigram indexes; once per word every vocabulary TTL).
 */
import type { ProductList, ProductListQuery, SearchAnswer, SearchMatch } from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Lang } from '../lib/errors.js';
import type { CatalogService, Coverage } from './catalog.js';
import { TtlCache, intArrayOf, rowsOf } from './catalog.js';
import { coverageMarks, coveredBySql } from './coverage.js';
import { createSynonyms, matchSynonyms, normalWords, similarity, type SynonymHit, type Synonyms } from './synonyms.js';

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
}

/** One term of a tsquery: its word (or prefix) or any of its corrections. */
function termText(term: Term): string {
  const options = [`${term.word}${term.prefix ? ':*' : ''}`, ...term.corrections];
  return options.length > 1 ? `(${options.join(' | ')})` : options[0]!;
}

/** The to_tsquery text of the terms: every term required (or, with `any`, one at least). */
export function tsqueryText(terms: Term[], any = false): string {
  return terms.map(termText).join(any ? ' | ' : ' & ');
}

interface WordCheck {
  /** A word of the names, or (typed last) the start of one. */
  known: boolean;
  /** A whole word of the names: searched as typed, not as a prefix ("solar" must not become every "sol..."). */
  whole: boolean;
  /** Not a word of the names but found by full text (a word of the descriptions): not corrected. */
  inText: boolean;
  corrections: string[];
  /** The correction to name in each language (a word of that language's names), when one is. */
  shown: Partial<Record<Lang, string>>;
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

interface Row {
  id: number;
  name: string;
  price_cents: number;
  manufacturer: string;
  image_path: string;
  category_id: number;
  category_name: string;
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
    const corrections = row?.corrections ?? [];
    // Which correction to name in each language: the closest one that is a word of that
    // language's names ("ibuprofn" is "ibuprofen" in English, "ibuprofeno" in Spanish).
    const shown: Partial<Record<Lang, string>> = {};
    if (corrections.length > 0) {
      // search_name_words (migration 0014) reads the names' trigram indexes, never the table.
      const found = rowsOf<{ word: string; en: boolean; es: boolean }>(
        await db.execute(sql`
          SELECT word, en, es FROM search_name_words(ARRAY[${sql.join(
            corrections.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[])`),
      );
      for (const l of ['en', 'es'] as const) shown[l] = found.find((f) => f[l])?.word;
    }
    return {
      known: Boolean(row?.known),
      whole: Boolean(row?.whole),
      inText: Boolean(row?.in_text),
      corrections,
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
  function termOf(word: string, last: boolean, checked: WordCheck | null): Term {
    const prefix = last && word.length >= 3;
    const loose = LOOSE_WORD.test(word) ? 1 : 0;
    if (!checked) return { word, prefix, corrections: [], weak: loose };
    const found = checked.known || checked.inText;
    const corrections = found ? [] : checked.corrections;
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

  /** The products of a match, best first (at most SEARCH_CANDIDATES), under the plan filter. */
  async function candidates(match: Match, lang: Lang, plan: number | null): Promise<number[]> {
    if (match.mode === 'trigram') {
      const covered = plan === null ? sql`TRUE` : coveredBySql(plan);
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          SELECT p.id FROM products p
          WHERE ${matchCondition(match)} AND p.status IS NULL AND ${covered}
          ORDER BY greatest(word_similarity(${match.normalized}, p.name_en_norm), word_similarity(${match.normalized}, p.name_es_norm)) DESC,
            p.in_stock DESC NULLS LAST, p.id
          LIMIT ${SEARCH_CANDIDATES}`),
      );
      return rows.map((r) => Number(r.id));
    }
    // The caller's language weighs a little more when both match.
    const weighted =
      lang === 'es' ? sql`greatest(m.rank_es * 1.1, m.rank_en)` : sql`greatest(m.rank_en * 1.1, m.rank_es)`;
    const query = match.tsquery ?? '';
    const ranked = async (known: number | null) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`
          SELECT m.id FROM search_matches(
              CASE WHEN ${query} = '' THEN NULL ELSE to_tsquery('english', ${query}) END,
              CASE WHEN ${query} = '' THEN NULL ELSE to_tsquery('spanish', ${query}) END,
              ${intArrayOf(match.categoryIds)}, ${match.mode}, ${plan}::integer, ${SEARCH_CANDIDATES}, ${known}::integer) m
          ORDER BY ${weighted} DESC, m.in_stock DESC NULLS LAST, m.id`),
      ).map((r) => Number(r.id));
    // With the count of a match that has many products, search_matches walks the catalog in its
    // order instead of reading a bitmap of every match (migration 0014), and takes other
    // candidates. So the candidates depend on the count alone, never on whether this process
    // kept it (the catalog's pages of one query must agree): a match found to have
    // SEARCH_CANDIDATES or more is counted (its answer's total needs it anyway) and ranked again.
    const kept = counts.peek(JSON.stringify([match, plan, '']));
    if (kept !== undefined) return ranked(kept);
    const first = await ranked(null);
    if (first.length < SEARCH_CANDIDATES) return first;
    return ranked(await matchCount(match, plan));
  }

  /**
   * What the words mean and the best products they match: the one reading of a query, for the
   * modal and the catalog's `q` alike.
   */
  async function resolve(q: string, lang: Lang, plan: number | null): Promise<Resolved> {
    const words = searchWords(q);
    const none: Resolved = { match: null, ranked: [], complete: true, matched: [], categoryIds: [], wanted: [] };
    if (words.length === 0) return none;
    const last = words.length - 1;
    const checks = await Promise.all(
      words.map((word, index) => (checkable(word) ? check(word, index === last) : Promise.resolve(null))),
    );
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
        const term = termOf(words[i]!, i === last, checks[i] ?? null);
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
        // Named in the request's language when the words have a form in it.
        matched.push({ kind: entry.kind, term: entry.term, as: entry.forms?.[lang] ?? entry.expandsTo });
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
    const attempt = (mode: Match['mode'], terms: Term[], any = false): Try[] => {
      if (terms.length === 0) return [];
      const tsquery = tsqueryText(terms, any);
      if (seen.has(`${mode}:${tsquery}`)) return [];
      seen.add(`${mode}:${tsquery}`);
      return [{ match: { ...base, mode, tsquery }, spelling: terms.filter((t) => t.corrections.length > 0).map((t) => t.word) }];
    };
    // Every word; then without the loose ones (a number, a form such as "pills"); then every word
    // but one, the one that tells least first (found nowhere, loose, only in descriptions, then
    // the most common); then the words a synonym stands for alone, or else any of the words.
    const textPhases = (mode: 'text' | 'within') => {
      if (rest.length === 0) return;
      const anchors = rest.filter((term) => term.anchor !== undefined);
      const others = rest.filter((term) => term.anchor === undefined);
      phases.push(async () => [
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
            tsquery: categoryTerms.length > 0 ? tsqueryText(categoryTerms) : null,
          },
          spelling: [],
        },
      ]);
    }
    phases.push(async () => [{ match: { ...base, mode: 'trigram', tsquery: null }, spelling: [] }]);

    const wanted = rest.flatMap((term) => [term.word, ...term.corrections]).filter((w) => w.length >= 3);
    for (const phase of phases) {
      for (const next of await phase()) {
        const ranked = await candidates(next.match, lang, plan);
        if (ranked.length === 0) continue;
        return {
          match: next.match,
          ranked,
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
    const [resolved, categoryList] = await Promise.all([resolve(q, lang, plan), catalog.categoryNames(lang)]);
    const top = resolved.ranked.slice(0, SEARCH_LIMIT);
    const columns =
      lang === 'es'
        ? sql`p.id, p.name_es AS name, p.price_cents, p.manufacturer, p.image_path, p.category_id, c.name_es AS category_name`
        : sql`p.id, p.name_en AS name, p.price_cents, p.manufacturer, p.image_path, p.category_id, c.name_en AS category_name`;
    const coverage = options.coverage ?? null;
    const [rowsResult, count, marks] = await Promise.all([
      top.length === 0
        ? Promise.resolve([] as Row[])
        : db
            .execute(sql`SELECT ${columns} FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ANY(${intArrayOf(top)})`)
            .then((r) => rowsOf<Row>(r)),
      total(resolved, plan),
      coverageMarks(db, coverage?.id ?? null, top),
    ]);
    const byId = new Map(rowsResult.map((row) => [Number(row.id), row]));
    const rows = top.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);

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

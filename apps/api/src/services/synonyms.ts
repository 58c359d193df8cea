/**
 * Words shoppers use (issue 19): the `search_synonyms` table, read by search (services/search.ts)
 * and kept by staff with the operations command (src/ops.ts):
 *   synonyms:list [--lang en|es] [--kind brand|everyday|category]
 *   synonyms:add "TERM" "EXPANDS TO" --kind brand|everyday|category --lang en|es
 *   synonyms:remove "TERM" [--lang en|es]
 *   synonyms:seed     the shop's first list (src/seed/synonyms-data.ts), kept rows untouched
 *
 * Matching (`matchSynonyms`, pure): the query's words (lower case, accents removed, as search
 * splits them) are compared with each term's words, longest term first. A word equal to the
 * term's word matches; a word that is not a word of the product names nor of their descriptions
 * also matches a term word it is close to: the trigram similarity of pg_trgm (`similarity()` >=
 * 0.3, the `%` operator search corrects typos with) and at most 1 letter apart up to 5 letters, 2
 * up to 9, 3 beyond; or, typed last, a term word it starts (4 letters or more). "band
 * aid", "band-aid" and "bandaid" are one term: two query words also match a one-word term written
 * as one, and one word a two-word term written together.
 *
 * Category names (English and Spanish) are terms of kind category too, beside the table's rows.
 * Changes reach every API process within `SYNONYMS_TTL_MS` (the list is cached per process).
 */
import { asc, and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { categories, searchSynonyms } from '../db/schema.js';
import type { Lang } from '../lib/errors.js';
import { SYNONYM_SEEDS, type SynonymKind } from '../seed/synonyms-data.js';
import { rowsOf } from './catalog.js';

export const SYNONYMS_TTL_MS = 30_000;
/** pg_trgm's default `similarity_threshold`: what its `%` operator (search's typo check) uses. */
export const TRIGRAM_THRESHOLD = 0.3;
const KINDS: SynonymKind[] = ['brand', 'everyday', 'category'];
const LANGS: Lang[] = ['en', 'es'];

/**
 * Words that say nothing of the item in either language: left out of the words searched and of
 * the terms matched ("pastillas para la tos" is "pastillas tos").
 */
export const FILLER_WORDS = new Set([
  'a', 'an', 'the', 'for', 'of', 'and', 'or', 'with', 'to', 'in', 'on', 'my',
  'de', 'del', 'la', 'el', 'los', 'las', 'y', 'o', 'para', 'con', 'en', 'por', 'un', 'una', 'al', 'mi',
]);

/** Lower case, accents removed, split on anything that is not a letter or digit, filler words out. */
export function normalWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !FILLER_WORDS.has(word));
}

/** The trigrams of a text as pg_trgm makes them: per word, padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) set.add(padded.slice(i, i + 3));
  }
  return set;
}

const gramMemo = new Map<string, Set<string>>();
function memoTrigrams(text: string): Set<string> {
  let grams = gramMemo.get(text);
  if (!grams) {
    if (gramMemo.size > 20_000) gramMemo.clear();
    grams = trigrams(text);
    gramMemo.set(text, grams);
  }
  return grams;
}

/** pg_trgm's `similarity(a, b)`: shared trigrams over all trigrams of both. */
export function similarity(a: string, b: string): number {
  const x = memoTrigrams(a);
  const y = memoTrigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared += 1;
  return shared / (x.size + y.size - shared);
}

export interface SynonymEntry {
  /** As the shop spells it. */
  term: string;
  words: string[];
  lang: Lang;
  kind: SynonymKind;
  /** Catalog words (brand, everyday) or a category slug (category). */
  expandsTo: string;
  /** Kind category: the category's id and names. */
  category?: { id: number; en: string; es: string };
  /**
   * Brand, everyday: `expandsTo` in each language, when known (the request's language is what the
   * answer's `matched` names). A brand has one row per language; an everyday word takes the pair
   * of a brand (or another term) that expands to the same words in its language.
   */
  forms?: Partial<Record<Lang, string>>;
}

/** Damerau-Levenshtein distance (adjacent transpositions count one), at most `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, previous2[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Letters a typo may change in a word of this length: 1 up to 5 letters, 2 up to 9, 3 beyond. */
export function typoAllowance(length: number): number {
  return length <= 5 ? 1 : length <= 9 ? 2 : 3;
}

/**
 * How one query word meets one term word: 1 equal, below 1 close (typo or being typed), 0 not.
 * Close: pg_trgm's similarity at its threshold and, since a synonym replaces the word rather than
 * joining it, few letters apart (a short word is not taken for a longer term: "high" is not
 * "higiene", "care" not "Carmex").
 */
export function wordScore(word: string, termWord: string, options: { whole: boolean; typing: boolean }): number {
  if (word === termWord) return 1;
  if (options.whole || /\d/.test(word) || word.length < 3) return 0;
  if (options.typing && word.length >= 4 && termWord.startsWith(word)) return 0.9;
  const s = similarity(word, termWord);
  if (s < TRIGRAM_THRESHOLD) return 0;
  return editDistance(word, termWord, typoAllowance(word.length)) <= typoAllowance(word.length) ? s : 0;
}

export interface SynonymHit {
  entry: SynonymEntry;
  /** Query words [from, to) it stands for. */
  from: number;
  to: number;
  /** Mean score of its words (1 when written as the term). */
  score: number;
}

export interface WordFacts {
  /** A whole word of the product names: matched to a term only as written. */
  whole: boolean;
  /** Similarity of its best spelling correction among the names' words (0 when none). */
  correction: number;
}

/**
 * The terms found in the query's words, left to right, each word in one term at most: at each
 * position the longest term that matches, then the best score, then a term of the caller's
 * language. A word matched only loosely gives way to a closer spelling correction of the names.
 */
export function matchSynonyms(
  words: string[],
  facts: WordFacts[],
  entries: SynonymEntry[],
  lang: Lang,
  options: { typingLast: boolean } = { typingLast: true },
): SynonymHit[] {
  const hits: SynonymHit[] = [];
  const last = words.length - 1;
  let i = 0;
  while (i < words.length) {
    let best: SynonymHit | null = null;
    const better = (hit: SynonymHit) =>
      !best ||
      hit.to - hit.from > best.to - best.from ||
      (hit.to - hit.from === best.to - best.from &&
        (hit.score > best.score + 1e-9 ||
          (Math.abs(hit.score - best.score) <= 1e-9 && hit.entry.lang === lang && best.entry.lang !== lang)));
    for (const entry of entries) {
      const n = entry.words.length;
      if (n === 0) continue;
      const candidates: { to: number; score: number }[] = [];
      // Word for word.
      if (i + n <= words.length) {
        let sum = 0;
        for (let k = 0; k < n; k += 1) {
          const at = i + k;
          const s = wordScore(words[at]!, entry.words[k]!, {
            whole: facts[at]?.whole ?? false,
            typing: options.typingLast && at === last && k === n - 1,
          });
          if (s === 0 || (s < 1 && s <= (facts[at]?.correction ?? 0))) {
            sum = -1;
            break;
          }
          sum += s;
        }
        if (sum > 0) candidates.push({ to: i + n, score: sum / n });
      }
      // Two query words written together in the term ("band aid" for "bandaid").
      if (n === 1 && i + 1 < words.length && words[i]! + words[i + 1]! === entry.words[0]) {
        candidates.push({ to: i + 2, score: 1 });
      }
      // One query word for a term of two words written together ("bandaid" for "band aid").
      if (n === 2 && words[i] === entry.words.join('')) candidates.push({ to: i + 1, score: 1 });
      for (const c of candidates) {
        const hit = { entry, from: i, to: c.to, score: c.score };
        if (better(hit)) best = hit;
      }
    }
    if (best) {
      hits.push(best);
      i = best.to;
    } else i += 1;
  }
  return hits;
}

export function createSynonyms({ db, ttlMs = SYNONYMS_TTL_MS, now = Date.now }: { db: Db; ttlMs?: number; now?: () => number }) {
  let cached: { value: Promise<SynonymEntry[]>; expires: number } | null = null;

  async function load(): Promise<SynonymEntry[]> {
    const [rows, categoryRows] = await Promise.all([
      db.execute(sql`SELECT term, lang, expands_to, kind FROM search_synonyms`),
      db.execute(sql`SELECT id, slug, name_en, name_es FROM categories`),
    ]);
    const bySlug = new Map(
      rowsOf<{ id: number; slug: string; name_en: string; name_es: string }>(categoryRows).map((c) => [
        c.slug,
        { id: c.id, en: c.name_en, es: c.name_es },
      ]),
    );
    const entries: SynonymEntry[] = [];
    for (const row of rowsOf<{ term: string; lang: Lang; expands_to: string; kind: SynonymKind }>(rows)) {
      const entry: SynonymEntry = {
        term: row.term,
        words: normalWords(row.term),
        lang: row.lang,
        kind: row.kind,
        expandsTo: row.expands_to,
      };
      if (row.kind === 'category') {
        const category = bySlug.get(row.expands_to);
        if (!category) continue; // a category since removed
        entry.category = category;
      }
      entries.push(entry);
    }
    // The catalog words of each language that go together: a term with a row in both languages
    // ("Depend": "protective underwear", "ropa interior protectora") pairs its two expansions.
    const byTerm = new Map<string, SynonymEntry[]>();
    for (const entry of entries) {
      if (entry.kind === 'category') continue;
      const key = entry.words.join(' ');
      byTerm.set(key, [...(byTerm.get(key) ?? []), entry]);
    }
    const pairs = new Map<string, Partial<Record<Lang, string>>>();
    for (const group of byTerm.values()) {
      const forms: Partial<Record<Lang, string>> = {};
      for (const entry of group) forms[entry.lang] ??= entry.expandsTo;
      if (!forms.en || !forms.es) continue;
      for (const l of LANGS) {
        const key = `${l}:${normalWords(forms[l]!).join(' ')}`;
        if (!pairs.has(key)) pairs.set(key, forms);
      }
    }
    for (const entry of entries) {
      if (entry.kind === 'category') continue;
      entry.forms = pairs.get(`${entry.lang}:${normalWords(entry.expandsTo).join(' ')}`) ?? { [entry.lang]: entry.expandsTo };
    }
    // Every category's own names are terms too.
    for (const [slug, category] of bySlug) {
      for (const l of LANGS) {
        entries.push({ term: category[l], words: normalWords(category[l]), lang: l, kind: 'category', expandsTo: slug, category });
      }
    }
    return entries;
  }

  return {
    /** Every term (table rows and category names), cached for `ttlMs`. */
    entries(): Promise<SynonymEntry[]> {
      const t = now();
      if (!cached || cached.expires <= t) {
        const value = load();
        cached = { value, expires: t + ttlMs };
        value.catch(() => {
          cached = null;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = null;
    },
  };
}

export type Synonyms = ReturnType<typeof createSynonyms>;

// --- seeding and the operations command ----------------------------------------------------------

/** Adds the shop's first list (src/seed/synonyms-data.ts); rows already there are kept as they are. */
export async function seedSynonyms(db: Db): Promise<number> {
  const result = await db
    .insert(searchSynonyms)
    .values(SYNONYM_SEEDS)
    .onConflictDoNothing()
    .returning({ id: searchSynonyms.id });
  return result.length;
}

export const SYNONYM_COMMANDS = ['synonyms:list', 'synonyms:add', 'synonyms:remove', 'synonyms:seed'] as const;

export const SYNONYM_USAGE = `  synonyms:list [--lang en|es] [--kind brand|everyday|category]
                          the words shoppers use that search understands
  synonyms:add "TERM" "EXPANDS TO" --kind brand|everyday|category --lang en|es
                          a brand or everyday word searched as catalog words ("Tylenol" "acetaminophen"),
                          or a word for a category (EXPANDS TO is the category slug: "dental" "oral-care")
  synonyms:remove "TERM" [--lang en|es]   remove a term (in one language, or both)
  synonyms:seed           add the shop's first list (terms already there are kept)`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index >= 0) {
    const value = args[index + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    return value;
  }
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

/** Arguments that are not options nor option values. */
function positional(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      if (!arg.includes('=')) i += 1;
      continue;
    }
    out.push(arg);
  }
  return out;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

export async function runSynonymCommand(
  { db }: { db: Db },
  command: (typeof SYNONYM_COMMANDS)[number],
  args: string[],
): Promise<string> {
  const lang = oneOf(option(args, '--lang'), LANGS, '--lang');
  const kind = oneOf(option(args, '--kind'), KINDS, '--kind');
  switch (command) {
    case 'synonyms:list': {
      const rows = await db
        .select()
        .from(searchSynonyms)
        .where(and(lang ? eq(searchSynonyms.lang, lang) : undefined, kind ? eq(searchSynonyms.kind, kind) : undefined))
        .orderBy(asc(searchSynonyms.kind), asc(searchSynonyms.termNorm), asc(searchSynonyms.lang));
      if (rows.length === 0) return 'no synonyms';
      return [
        ...rows.map((r) => `${r.kind.padEnd(9)} ${r.lang}  ${r.term} -> ${r.expandsTo}`),
        `${rows.length} synonyms`,
      ].join('\n');
    }
    case 'synonyms:add': {
      const [term, expandsTo] = positional(args).map((s) => s.trim());
      if (!term || !expandsTo) throw new Error('usage: synonyms:add "TERM" "EXPANDS TO" --kind KIND --lang LANG');
      if (!kind) throw new Error('--kind is required (brand, everyday or category)');
      if (!lang) throw new Error('--lang is required (en or es)');
      if (normalWords(term).length === 0) throw new Error(`"${term}" has no word to match`);
      if (kind === 'category') {
        const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, expandsTo));
        if (!category) throw new Error(`no category with the slug "${expandsTo}"`);
      } else if (normalWords(expandsTo).length === 0) throw new Error(`"${expandsTo}" has no word to search`);
      const [row] = await db
        .insert(searchSynonyms)
        .values({ term, lang, expandsTo, kind })
        .onConflictDoUpdate({
          target: [searchSynonyms.termNorm, searchSynonyms.lang],
          set: { term, expandsTo, kind },
        })
        .returning();
      return `${row!.kind} ${row!.lang}: ${row!.term} -> ${row!.expandsTo} (search uses it within ${SYNONYMS_TTL_MS / 1000} s)`;
    }
    case 'synonyms:remove': {
      const [term] = positional(args).map((s) => s.trim());
      if (!term) throw new Error('usage: synonyms:remove "TERM" [--lang LANG]');
      const removed = await db
        .delete(searchSynonyms)
        .where(
          and(
            sql`${searchSynonyms.termNorm} = immutable_unaccent(lower(${term}))`,
            lang ? eq(searchSynonyms.lang, lang) : undefined,
          ),
        )
        .returning();
      if (removed.length === 0) throw new Error(`no synonym "${term}"${lang ? ` in ${lang}` : ''}`);
      return removed.map((r) => `removed ${r.kind} ${r.lang}: ${r.term} -> ${r.expandsTo}`).join('\n');
    }
    case 'synonyms:seed':
      return `${await seedSynonyms(db)} synonyms added`;
  }
}

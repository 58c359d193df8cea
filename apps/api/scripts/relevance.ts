/**
 * The relevance set of issue 19 (bench/relevance/queries.json) run against an app: for each query
 * the products the search modal answers, and whether what a shopper expects is among the first 5
 * (and is the first). Read by `pnpm bench` (scripts/bench-search.ts) and by the route test that
 * keeps a floor (test/routes/search/relevance.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/services/catalog.js';

export interface RelevanceQuery {
  q: string;
  lang: 'en' | 'es';
  /** A case-insensitive regular expression on the product's English name. */
  item?: string;
  /** A category slug. */
  category?: string;
  kind: string;
  /** `holdout`, `holdout2`: written after the first run, reported apart (see queries.json). */
  set?: string;
}

export interface RelevanceResult {
  queries: number;
  top1: number;
  top5: number;
  /** Shares (0..1). */
  top1Share: number;
  top5Share: number;
  byKind: Record<string, { queries: number; top1: number; top5: number }>;
  /** By set: `main` (the queries the engine and synonyms were tuned with), `holdout`, `holdout2` (never tuned to). */
  bySet: Record<string, { queries: number; top1: number; top5: number }>;
  misses: { q: string; lang: string; expected: string; got: string[]; set?: string }[];
  /** Found in the top 5 but not first. */
  notFirst: { q: string; lang: string; expected: string; first: string }[];
}

export const RELEVANCE_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bench/relevance/queries.json');

export function relevanceQueries(): RelevanceQuery[] {
  return (JSON.parse(readFileSync(RELEVANCE_FILE, 'utf8')) as { queries: RelevanceQuery[] }).queries;
}

/** The first 5 products the search modal answers a query, with their English names and category slugs. */
async function firstFive(app: FastifyInstance, db: Db, query: { q: string; lang: 'en' | 'es' }) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/search/products?q=${encodeURIComponent(query.q)}`,
    headers: { 'accept-language': query.lang },
  });
  if (res.statusCode !== 200) throw new Error(`search "${query.q}": ${res.statusCode} ${res.body}`);
  const ids = (res.json() as { products: { id: number }[] }).products.slice(0, 5).map((p) => p.id);
  const rows =
    ids.length === 0
      ? []
      : rowsOf<{ id: number; name_en: string; slug: string }>(
          await db.execute(sql`
            SELECT p.id, p.name_en, c.slug FROM products p JOIN categories c ON c.id = p.category_id
            WHERE p.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
        );
  return { ids, byId: new Map(rows.map((r) => [Number(r.id), r])) };
}

export async function runRelevance(app: FastifyInstance, db: Db, queries = relevanceQueries()): Promise<RelevanceResult> {
  const result: RelevanceResult = { queries: 0, top1: 0, top5: 0, top1Share: 0, top5Share: 0, byKind: {}, bySet: {}, misses: [], notFirst: [] };
  for (const query of queries) {
    const { ids, byId } = await firstFive(app, db, query);
    const pattern = query.item ? new RegExp(query.item, 'i') : null;
    const meets = (id: number) => {
      const row = byId.get(id);
      if (!row) return false;
      return pattern ? pattern.test(row.name_en) : row.slug === query.category;
    };
    const hits = ids.map(meets);
    const kind = (result.byKind[query.kind] ??= { queries: 0, top1: 0, top5: 0 });
    const held = (result.bySet[query.set ?? 'main'] ??= { queries: 0, top1: 0, top5: 0 });
    result.queries += 1;
    kind.queries += 1;
    held.queries += 1;
    if (hits[0]) {
      result.top1 += 1;
      kind.top1 += 1;
      held.top1 += 1;
    }
    if (hits.some(Boolean)) {
      result.top5 += 1;
      kind.top5 += 1;
      held.top5 += 1;
      if (!hits[0]) {
        const first = byId.get(ids[0]!);
        result.notFirst.push({ q: query.q, lang: query.lang, expected: query.item ?? `category ${query.category}`, first: `${first?.name_en} [${first?.slug}]` });
      }
    } else {
      result.misses.push({
        q: query.q,
        lang: query.lang,
        expected: query.item ?? `category ${query.category}`,
        ...(query.set ? { set: query.set } : {}),
        got: ids.map((id) => `${byId.get(id)?.name_en ?? id} [${byId.get(id)?.slug ?? '?'}]`),
      });
    }
  }
  result.top1Share = result.top1 / result.queries;
  result.top5Share = result.top5 / result.queries;
  return result;
}

// --- precision (issue 33, item 6) ----------------------------------------------------------------

/** A query of bench/relevance/precision.json: what kind of product its first results must be. */
export interface PrecisionQuery {
  q: string;
  lang: 'en' | 'es';
  /** A case-insensitive regular expression on the product's English name. */
  item?: string;
  /** A category slug (with `item`, either one counts). */
  category?: string;
  /** The shop sells nothing of the kind: nothing found is right, another kind of product is not. */
  emptyOk?: boolean;
  kind: string;
}

export interface PrecisionResult {
  queries: number;
  /** Mean precision@5 (0..1): the share of the first 5 products (or of all, when fewer) of the kind asked for. */
  precision: number;
  /** Queries whose first 5 are all of the kind asked for (or, with emptyOk, nothing). */
  clean: number;
  cleanShare: number;
  byLang: Record<string, { queries: number; precision: number; clean: number }>;
  byKind: Record<string, { queries: number; precision: number; clean: number }>;
  /** Queries not clean: what they showed first. */
  misses: { q: string; lang: string; expected: string; precision: number; got: string[] }[];
}

export const PRECISION_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bench/relevance/precision.json');

export function precisionQueries(): PrecisionQuery[] {
  return (JSON.parse(readFileSync(PRECISION_FILE, 'utf8')) as { queries: PrecisionQuery[] }).queries;
}

/** Precision@5 of each query through the search modal's API, in the query's language. */
export async function runPrecision(app: FastifyInstance, db: Db, queries = precisionQueries()): Promise<PrecisionResult> {
  const result: PrecisionResult = { queries: 0, precision: 0, clean: 0, cleanShare: 0, byLang: {}, byKind: {}, misses: [] };
  let sum = 0;
  const sums: Record<string, number> = {};
  for (const query of queries) {
    const { ids, byId } = await firstFive(app, db, query);
    const pattern = query.item ? new RegExp(query.item, 'i') : null;
    const right = (id: number) => {
      const row = byId.get(id);
      return Boolean(row && ((pattern && pattern.test(row.name_en)) || (query.category && row.slug === query.category)));
    };
    const precision = ids.length === 0 ? (query.emptyOk ? 1 : 0) : ids.filter(right).length / ids.length;
    const clean = precision === 1;
    result.queries += 1;
    sum += precision;
    if (clean) result.clean += 1;
    for (const [group, key] of [
      [result.byLang, query.lang],
      [result.byKind, query.kind],
    ] as const) {
      const g = (group[key] ??= { queries: 0, precision: 0, clean: 0 });
      g.queries += 1;
      if (clean) g.clean += 1;
      sums[`${group === result.byLang ? 'lang' : 'kind'}:${key}`] = (sums[`${group === result.byLang ? 'lang' : 'kind'}:${key}`] ?? 0) + precision;
    }
    if (!clean) {
      result.misses.push({
        q: query.q,
        lang: query.lang,
        expected: [query.item, query.category && `category ${query.category}`, query.emptyOk && 'or nothing'].filter(Boolean).join(' / '),
        precision,
        got: ids.map((id) => `${byId.get(id)?.name_en ?? id} [${byId.get(id)?.slug ?? '?'}]`),
      });
    }
  }
  result.precision = sum / result.queries;
  result.cleanShare = result.clean / result.queries;
  for (const [key, g] of Object.entries(result.byLang)) g.precision = sums[`lang:${key}`]! / g.queries;
  for (const [key, g] of Object.entries(result.byKind)) g.precision = sums[`kind:${key}`]! / g.queries;
  return result;
}

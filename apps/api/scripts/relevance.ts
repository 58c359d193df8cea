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

export async function runRelevance(app: FastifyInstance, db: Db, queries = relevanceQueries()): Promise<RelevanceResult> {
  const result: RelevanceResult = { queries: 0, top1: 0, top5: 0, top1Share: 0, top5Share: 0, byKind: {}, bySet: {}, misses: [], notFirst: [] };
  for (const query of queries) {
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
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
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

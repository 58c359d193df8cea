/**
 * The relevance set of issue 19 (bench/relevance/queries.json: queries as shoppers type them, with
 * what they expect), run through the API on the demo catalog: a floor under the share found in
 * the top 5, so a change that makes search worse fails here before `pnpm bench` reports it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precisionQueries, relevanceQueries, runPrecision, runRelevance } from '../../../scripts/relevance.js';
import { buildTestApp, type TestApp } from '../../helpers.js';

/** Floors: `pnpm bench` reports the figures; its target is 97 % in the top 5. */
const TOP5_FLOOR = 0.95;
const TOP1_FLOOR = 0.85;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('relevance', () => {
  it('holds at least 150 queries in English and Spanish', () => {
    const queries = relevanceQueries();
    expect(queries.length).toBeGreaterThanOrEqual(150);
    expect(queries.filter((q) => q.lang === 'es').length).toBeGreaterThanOrEqual(60);
    for (const kind of ['brand', 'everyday', 'category', 'misspelt', 'accents', 'multi']) {
      expect(queries.some((q) => q.kind === kind), kind).toBe(true);
    }
  });

  it(`finds what the shopper expects in the top 5 for at least ${TOP5_FLOOR * 100} % of the set`, async () => {
    const result = await runRelevance(t.app, t.database.db);
    const misses = result.misses.map((m) => `${m.lang} "${m.q}" (${m.expected})`).join('; ');
    expect(result.top5Share, `not in the top 5: ${misses}`).toBeGreaterThanOrEqual(TOP5_FLOOR);
    expect(result.top1Share).toBeGreaterThanOrEqual(TOP1_FLOOR);
  }, 900_000);
});

/** Floor under the precision set of issue 33 (bench/relevance/precision.json); `pnpm bench` reports it. */
const PRECISION_FLOOR = 0.9;

describe('precision (issue 33, item 6)', () => {
  it('holds at least 60 queries, half of them Spanish, each saying what kind of product is right', () => {
    const queries = precisionQueries();
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(queries.filter((q) => q.lang === 'es').length * 2).toBeGreaterThanOrEqual(queries.length);
    for (const q of queries) expect(Boolean(q.item || q.category), q.q).toBe(true);
  });

  it(`shows only the kind of product asked for in the first 5 of at least ${PRECISION_FLOOR * 100} % of the set`, async () => {
    const result = await runPrecision(t.app, t.database.db);
    const misses = result.misses.map((m) => `${m.lang} "${m.q}" (${m.expected}): ${m.got.join('; ')}`).join('\n');
    expect(result.cleanShare, misses).toBeGreaterThanOrEqual(PRECISION_FLOOR);
  }, 600_000);
});

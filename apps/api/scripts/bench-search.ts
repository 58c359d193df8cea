/**
 * `pnpm --filter @otc/api run bench:search` (part of `pnpm bench`): search relevance and the
 * search and catalog at scale (issue 19). Writes bench/results/search.md and search.json (commit
 * them), and BENCH_JSON=<file> for bench/run.mjs.
 *
 * 1. Relevance: the demo catalog on PGlite (in memory), every query of bench/relevance/queries.json
 *    through the API (scripts/relevance.ts): the share where what the shopper expects is among the
 *    first 5 products and is the first. Target: top 5 >= 97 %.
 * 2. Scale, on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
 *    a database per size (BENCH_SCALE_DB_<size>, BENCH_SCALE_DB default `bench_scale`), created
 *    fresh and dropped at the end (BENCH_SCALE_KEEP=1 keeps them, and a later run reuses them as
 *    they are), migrated and seeded with the catalog's plans, categories and synonyms, then grown
 *    to its size (BENCH_SCALE_SIZES, default 100000,1000000) with COPY: the seed's own generator
 *    (`productSpec`) streamed in one COPY, plan eligibility by one INSERT ... SELECT (the seed's
 *    rule), the secondary indexes and the join table's keys dropped during the load and built once
 *    after it, then VACUUM ANALYZE. At each size the API (production mode, scripts/bench-server.ts)
 *    answers two cases under autocannon (BENCH_SCALE_CONNECTIONS, default 2, for
 *    BENCH_SCALE_SECONDS, default 5, after a 1 s warm-up): `search` (the modal: brands, everyday
 *    words, categories, misspellings, Spanish, plans) and `catalog` (filtered, sorted, `q`, deep
 *    pages). Then each request alone, 15 times in a row: its first (cold: nothing cached) time, its
 *    median and its p95. Targets at 1 000 000: search p95 <= 20 ms, catalog p95 <= 30 ms, each at
 *    most 1.5 x its p95 at 100 000 in the same run.
 * Every request's address is made unique by a parameter the API ignores (`bench=<n>`), so the API's
 * hot answers (issue 30, plugins/app/public-answers.ts) never serve it: the figures are the work
 * of the search engine and the catalog, what shoppers typing words nobody typed just before get.
 * BENCH_SCALE_SKIP=relevance|scale leaves a part out. Exit status 1 when a target is missed and
 * BENCH_STRICT=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { loadConfig } from '../src/env.js';
import { productImagePath } from '@otc/sdk/rules';
import { productSpec } from '../src/seed/catalog.js';
import { seed, seedCatalog } from '../src/seed/seed.js';
import { runPrecision, runRelevance, type PrecisionResult, type RelevanceResult } from './relevance.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.resolve(HERE, '../../../bench/results');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_SCALE_DB ?? 'bench_scale';
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 2);
const REPEAT = 15;
const SKIP = new Set((process.env.BENCH_SCALE_SKIP ?? '').split(',').filter(Boolean));
const SECRET = randomBytes(32).toString('hex');
const TARGETS = { relevanceTop5: 0.97, searchP95Ms: 20, catalogP95Ms: 30, growth: 1.5 };

const en = { 'accept-language': 'en-US,en;q=0.9' };
const es = { 'accept-language': 'es-US,es;q=0.9' };
type Req = { method: 'GET'; path: string; headers: Record<string, string> };
const get = (p: string, headers = en): Req => ({ method: 'GET', path: p, headers });
const q = (text: string, extra = '', headers = en) =>
  get(`/api/search/products?q=${encodeURIComponent(text)}${extra}`, headers);
const list = (query: string, headers = en) => get(`/api/catalog/products${query}`, headers);

export const CASES: Record<'search' | 'catalog', Req[]> = {
  search: [
    q('tylenol'),
    q('advil', '', es),
    q('ibuprofeno', '', es),
    q('vitamina c', '', es),
    q('vitamin d3'),
    q('acetaminofen', '', es),
    q('ibuprofn'),
    q('pañales', '', es),
    q('incontinence'),
    q('cuidado bucal', '', es),
    q('sunblock'),
    q('blood pressure monitor'),
    q('pastillas para la tos', '', es),
    q('toothpaste', '&plan=cl1'),
    q('melatonina', '&coveragePlan=uhc', es),
    q('allergy eye drops'),
    q('movilidad', '', es),
    q('zyrtec', '&plan=ep'),
    q('protector solar', '', es),
    q('tiras reactivas', '', es),
  ],
  catalog: [
    list(''),
    list('?category=1&sort=price-asc'),
    list('?brand=CareWell&sort=name-asc', es),
    list('?priceMin=5&priceMax=10&sort=price-desc'),
    list('?plan=cl1&category=3'),
    list('?coveragePlan=uhc&page=3'),
    list('?sort=name-desc&page=400'),
    list('?category=4&page=100', es),
    list(`?q=tylenol`),
    list(`?q=vitamins&sort=price-asc`),
    list(`?q=ibuprofeno&plan=uhc&page=2`, es),
    list(`?q=${encodeURIComponent('pañales')}&page=2`, es),
    list(`?q=tablets&page=50`),
    list(`?q=${encodeURIComponent('pain relief')}&brand=Vitalis`),
  ],
};

interface Figures {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}
interface Row extends Figures {
  products: number;
  case: string;
}
interface Single {
  products: number;
  case: string;
  path: string;
  lang: string;
  coldMs: number;
  medianMs: number;
  p95Ms: number;
}

let sequence = 0;
/** The address with a parameter the API ignores, never the same twice (see above). */
const unique = (address: string) => `${address}${address.includes('?') ? '&' : '?'}bench=${(sequence += 1)}`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function load(url: string, requests: Req[], seconds: number): Promise<Figures> {
  const times: number[] = [];
  let bad = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const fresh = requests.map((request) => ({ ...request, setupRequest: (sent: autocannon.Request) => ({ ...sent, path: unique(request.path) }) }));
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: fresh }, (error, done) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode !== 200) bad += 1;
      times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: result.requests.average,
    errors: bad + result.errors + result.timeouts,
  };
}

/** Each request alone: the first time (cold caches), then REPEAT more in a row. */
async function singles(url: string, products: number, name: string, requests: Req[]): Promise<Single[]> {
  const out: Single[] = [];
  for (const request of requests) {
    const times: number[] = [];
    for (let i = 0; i <= REPEAT; i += 1) {
      const started = performance.now();
      const res = await fetch(`${url}${unique(request.path)}`, { headers: request.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${request.path}: ${res.status}`);
      times.push(performance.now() - started);
    }
    const [cold, ...rest] = times;
    rest.sort((a, b) => a - b);
    out.push({
      products,
      case: name,
      path: request.path,
      lang: request.headers['accept-language']!.slice(0, 2),
      coldMs: Number(cold!.toFixed(1)),
      medianMs: Number(percentile(rest, 50).toFixed(1)),
      p95Ms: Number(percentile(rest, 95).toFixed(1)),
    });
  }
  return out;
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'bench-server.ts')], {
    env: { ...process.env, JWT_SECRET: SECRET, PUBLIC_URL: 'http://127.0.0.1', PAYMENT_SANDBOX: 'on', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// --- fast growth of the catalog -----------------------------------------------------------------

/** One COPY text field. */
function field(value: string | number | null): string {
  if (value === null) return '\\N';
  return String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * Grows the catalog to `target` products with the seed's own generator (product i is always the
 * same product) in one COPY; answers the seconds each step took.
 */
async function grow(pg: postgres.Sql, target: number, log: (line: string) => void): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const value = await run();
    steps[name] = Number(((Date.now() - started) / 1000).toFixed(1));
    log(`  ${name}: ${steps[name]} s`);
    return value;
  };
  const [{ n, max_id: maxId }] = (await pg`SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS max_id FROM products`) as unknown as [
    { n: number; max_id: number },
  ];
  if (n >= target) return steps;
  const categoryIds = new Map(
    ((await pg`SELECT id, slug FROM categories`) as unknown as { id: number; slug: string }[]).map((c) => [c.slug, c.id]),
  );
  await pg`SET maintenance_work_mem = '512MB'`;
  // The secondary indexes and the join table's keys: built once after the load (their
  // definitions read back from the database, so they stay the migrations' own).
  const indexes = (await pg`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = to_regnamespace(i.schemaname)
    JOIN pg_index x ON x.indexrelid = c.oid
    WHERE i.schemaname = current_schema() AND i.tablename IN ('products', 'product_plans')
      AND NOT x.indisunique AND NOT x.indisprimary`) as unknown as { name: string; def: string }[];
  const constraints = (await pg`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = to_regclass('product_plans') AND contype IN ('p', 'f') ORDER BY contype DESC, conname`) as unknown as {
    name: string;
    def: string;
  }[];
  for (const index of indexes) await pg.unsafe(`DROP INDEX IF EXISTS "${index.name}"`);
  for (const c of constraints) await pg.unsafe(`ALTER TABLE product_plans DROP CONSTRAINT IF EXISTS "${c.name}"`);

  await step(`COPY ${target - n} products`, async () => {
    const stream = await pg`COPY products (id, sku, category_id, name_en, name_es, description_en, description_es, brand, manufacturer, price_cents, stock, status, image_path) FROM STDIN`.writable();
    const BATCH = 2000;
    async function* lines() {
      for (let from = n; from < target; from += BATCH) {
        let chunk = '';
        for (let index = from; index < Math.min(target, from + BATCH); index += 1) {
          const spec = productSpec(index);
          const id = maxId + 1 + (index - n);
          chunk += `${[
            id,
            spec.sku,
            categoryIds.get(spec.categorySlug) ?? 1,
            spec.nameEn,
            spec.nameEs,
            spec.descriptionEn,
            spec.descriptionEs,
            spec.brand,
            spec.manufacturer,
            spec.priceCents,
            spec.stock,
            spec.status,
            productImagePath(id),
          ]
            .map(field)
            .join('\t')}\n`;
        }
        yield chunk;
      }
    }
    await pipeline(Readable.from(lines()), stream);
  });
  await pg`SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT coalesce(max(id), 1) FROM products))`;
  // The seed's eligibility rule (src/seed/seed.ts seedProducts): most plans cover most items, a
  // deterministic few are not covered, personal care is not covered by the card-network plans.
  await step('plan eligibility', () => pg`
    INSERT INTO product_plans (product_id, plan_id)
    SELECT p.id, hp.id FROM products p CROSS JOIN health_plans hp JOIN categories c ON c.id = p.category_id
    WHERE p.id > ${maxId} AND (p.id * 7 + hp.id * 13) % 11 <> 0
      AND NOT (c.slug = 'personal-care' AND hp.code IN ('cl1', 'ep'))`);
  await step('keys of product_plans', async () => {
    for (const c of constraints) await pg.unsafe(`ALTER TABLE product_plans ADD CONSTRAINT "${c.name}" ${c.def}`);
  });
  await step(`${indexes.length} indexes`, async () => {
    for (const index of indexes) await pg.unsafe(index.def);
  });
  await step('VACUUM ANALYZE', async () => {
    await pg.unsafe('VACUUM (ANALYZE) products');
    await pg.unsafe('VACUUM (ANALYZE) product_plans');
    await pg.unsafe('ANALYZE search_words');
  });
  return steps;
}

// --- parts -----------------------------------------------------------------------------------------

async function relevance(): Promise<RelevanceResult & { seconds: number; precision: PrecisionResult }> {
  const database = await openDatabase({ dataDir: ':memory:' });
  await database.migrate();
  await seed(database.db, { secret: SECRET });
  const app = await buildApp({
    env: { NODE_ENV: 'test' },
    config: { ...loadConfig({ NODE_ENV: 'test' }), dataDir: ':memory:', jwtSecret: SECRET, storefrontDir: '/nonexistent', paymentSandbox: true },
    database,
    logger: false,
    migrate: false,
    rateLimit: { max: 1_000_000_000 },
  } as never);
  await app.ready();
  const started = Date.now();
  try {
    const result = await runRelevance(app, database.db);
    const precision = await runPrecision(app, database.db);
    return { ...result, precision, seconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await app.close();
  }
}

async function scale(log: (line: string) => void) {
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  const rows: Row[] = [];
  const single: Single[] = [];
  const growth: { products: number; steps: Record<string, number> }[] = [];
  try {
    for (const size of SIZES) {
      // A database per size, so a kept one (BENCH_SCALE_KEEP=1) serves the next run as it is.
      const name = `${DB_NAME}_${size}`;
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
      if (exists && !KEEP) await admin.unsafe(`DROP DATABASE "${name}" WITH (FORCE)`);
      if (!exists || !KEEP) await admin.unsafe(`CREATE DATABASE "${name}"`);
      try {
        const database = await openDatabase({ url: url.toString(), max: 2 });
        await database.migrate();
        // Plans, categories and synonyms (no products: the growth below adds them).
        await seedCatalog(database.db, { products: 0 });
        await database.close();
        const pg = postgres(url.toString(), { max: 1, onnotice: () => {} });
        try {
          log(`${name}: growing the catalog to ${size} products`);
          growth.push({ products: size, steps: await grow(pg, size, log) });
        } finally {
          await pg.end();
        }
        const { url: api, child } = await startServer({ DATABASE_URL: url.toString() });
        try {
          for (const caseName of ['search', 'catalog'] as const) {
            single.push(...(await singles(api, size, caseName, CASES[caseName])));
            await load(api, CASES[caseName], 1);
            const figures = await load(api, CASES[caseName], SECONDS);
            rows.push({ products: size, case: caseName, ...figures });
            log(`${size} ${caseName}: p50 ${figures.p50} ms, p95 ${figures.p95} ms, ${figures.rps.toFixed(0)} req/s${figures.errors ? `, ${figures.errors} errors` : ''}`);
          }
        } finally {
          await stopServer(child);
        }
      } finally {
        if (!KEEP) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      }
    }
  } finally {
    await admin.end();
  }
  return { rows, single, growth };
}

function markdown(result: Awaited<ReturnType<typeof main>>): string {
  const out: string[] = ['# Search: relevance and scale (issue 19)', ''];
  const c = result.conditions;
  out.push(
    `${c.date}, commit ${c.commit}, ${c.cpus} × ${c.cpuModel}, ${c.memoryGb} GB, Node ${c.node}; load average ${c.loadStart.join(' ')} at the start, ${c.loadEnd.join(' ')} at the end (the machine is shared: figures are only comparable within one run).`,
    '',
  );
  if (result.relevance) {
    const r = result.relevance;
    out.push(
      '## Relevance (bench/relevance/queries.json, demo catalog on PGlite)',
      '',
      `${r.queries} queries: **${(r.top5Share * 100).toFixed(1)} % found in the top 5** (target ≥ ${TARGETS.relevanceTop5 * 100} %), **${(r.top1Share * 100).toFixed(1)} % first**.`,
      '',
      '| kind | queries | top 1 | top 5 |',
      '| --- | ---: | ---: | ---: |',
      ...Object.entries(r.byKind).map(([kind, k]) => `| ${kind} | ${k.queries} | ${k.top1} | ${k.top5} |`),
      '',
      'By set (`main`: the queries the synonyms and the engine were worked out with; `holdout`: written after the first run, 85.2 % top 5 when first run, then synonyms were added for the words it showed missing; `holdout2`: written later still; its first run found 55 of 57 in the top 5, and one general rule followed it — two synonyms that find nothing together are tried one at a time):',
      '',
      '| set | queries | top 1 | top 5 |',
      '| --- | ---: | ---: | ---: |',
      ...Object.entries(r.bySet).map(([set, k]) => `| ${set} | ${k.queries} | ${k.top1} (${((k.top1 / k.queries) * 100).toFixed(1)} %) | ${k.top5} (${((k.top5 / k.queries) * 100).toFixed(1)} %) |`),
      '',
    );
    if (r.misses.length > 0) {
      out.push('Not in the top 5:', '', ...r.misses.map((m) => `- ${m.lang} "${m.q}" (expected ${m.expected}): ${m.got.join('; ') || 'nothing'}`), '');
    }
    const p = r.precision;
    const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
    out.push(
      '## Precision (bench/relevance/precision.json, issue 33 item 6, demo catalog on PGlite)',
      '',
      `${p.queries} queries written before tuning (${p.byLang.es?.queries ?? 0} Spanish): precision@5 (the share of the first 5 products of the kind asked for; a query for a kind the shop does not sell counts finding nothing as right) **${pct(p.precision)}**; first 5 all of the kind: **${p.clean} (${pct(p.cleanShare)})**.`,
      '',
      'Before the changes of issue 33 (run of 2026-11-28, commit 2f00ad0, set written and committed first in ab189c2): precision@5 **80.2 %**, first 5 all of the kind **61 of 80 (76.3 %)** (en 72.7 %, 21 of 30; es 84.8 %, 40 of 50); relevance then 97.8 % in the top 5, 96.9 % first. What changed after it: general rules (a letter alone is also the letter and a number; every word in the names is tried first; a correction is a typo away and a word of the page\'s language, else none; no trigram guess for a word found nowhere; a category\'s words match names only; the explanation quotes the words typed) and synonyms for the needs and Spanish words the set showed missing (itchy skin, comezón, nariz tapada, crema para el sol, quemadura de sol, medidor de azúcar, pañal, vitamins for seniors, nutrition, nutrición): so the figures below are no longer those of an untouched set, and the queries the synonyms were added for are marked by them.',
      '',
      '| | queries | precision@5 | first 5 all of the kind |',
      '| --- | ---: | ---: | ---: |',
      ...Object.entries(p.byLang).map(([lang, g]) => `| ${lang} | ${g.queries} | ${pct(g.precision)} | ${g.clean} |`),
      ...Object.entries(p.byKind).map(([kind, g]) => `| ${kind} | ${g.queries} | ${pct(g.precision)} | ${g.clean} |`),
      '',
    );
    if (p.misses.length > 0) {
      out.push(
        'Not all of the kind:',
        '',
        ...p.misses.map((m) => `- ${m.lang} "${m.q}" (expected ${m.expected}; ${pct(m.precision)}): ${m.got.join('; ') || 'nothing'}`),
        '',
      );
    }
  }
  if (result.scale) {
    const s = result.scale;
    out.push(
      '## Scale (PostgreSQL)',
      '',
      ...(result.scaleFrom
        ? [`From the earlier run (${result.scaleFrom.date}, commit ${result.scaleFrom.commit}): this run left the scale part out.`, '']
        : []),
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per case after a 1 s warm-up; every address unique, so the hot answers of issue 30 never serve them; the API in production mode (its caches: catalog counts, brand lists and the vocabulary for 30 s; search totals of more than 200 matches for 5 min).`,
      '',
      '| products | case | p50 ms | p95 ms | req/s | errors |',
      '| ---: | --- | ---: | ---: | ---: | ---: |',
      ...s.rows.map((r) => `| ${r.products} | ${r.case} | ${r.p50} | ${r.p95} | ${Math.round(r.rps)} | ${r.errors} |`),
      '',
      `Each request alone (the first time, nothing cached; then the median and p95 of ${REPEAT} more):`,
      '',
      '| products | case | request | lang | first ms | median ms | p95 ms |',
      '| ---: | --- | --- | --- | ---: | ---: | ---: |',
      ...s.single.map((r) => `| ${r.products} | ${r.case} | \`${r.path}\` | ${r.lang} | ${r.coldMs} | ${r.medianMs} | ${r.p95Ms} |`),
      '',
      'Seeding (COPY of the seed\'s generator, indexes built after):',
      '',
      ...s.growth.map((g) => `- ${g.products}: ${Object.entries(g.steps).map(([k, v]) => `${k} ${v} s`).join(', ') || 'already there'}`),
      '',
    );
  }
  out.push('## Checks', '', ...result.checks.map((ch) => `- ${ch.ok === null ? 'SKIP' : ch.ok ? 'PASS' : 'FAIL'} ${ch.label}`), '');
  return `${out.join('\n')}\n`;
}

/** The last run's search.json, when there is one. */
function earlierRun(): {
  conditions: { date: string; commit: string };
  scale: Awaited<ReturnType<typeof scale>> | null;
  scaleFrom?: { date: string; commit: string } | null;
} | null {
  const file = path.join(RESULTS, 'search.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as never;
}

async function main() {
  const log = (line: string) => console.log(line);
  const git = (args: string[]) =>
    new Promise<string>((resolve) => {
      const child = spawn('git', args, { cwd: HERE, stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', () => resolve(out.trim()));
      child.on('error', () => resolve(''));
    });
  const load1 = () => loadavg().map((n) => Number(n.toFixed(2)));
  const conditions = {
    date: new Date().toISOString(),
    commit: await git(['rev-parse', '--short', 'HEAD']),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadStart: load1(),
    loadEnd: [] as number[],
  };
  log(`bench:search: load average ${conditions.loadStart.join(' ')} at start`);
  let relevanceResult: (RelevanceResult & { seconds: number; precision: PrecisionResult }) | null = null;
  if (!SKIP.has('relevance')) {
    log('relevance: the demo catalog on PGlite');
    relevanceResult = await relevance();
    log(`relevance: ${relevanceResult.queries} queries, top 5 ${(relevanceResult.top5Share * 100).toFixed(1)} %, top 1 ${(relevanceResult.top1Share * 100).toFixed(1)} %`);
    const p = relevanceResult.precision;
    log(`precision: ${p.queries} queries, precision@5 ${(p.precision * 100).toFixed(1)} %, all of the kind ${p.clean}`);
  }
  let scaleResult: Awaited<ReturnType<typeof scale>> | null = null;
  // The scale figures of the earlier run, kept (and said to be) when this run leaves scale out.
  let scaleFrom: { date: string; commit: string } | null = null;
  if (!SKIP.has('scale')) scaleResult = await scale(log);
  else {
    const earlier = earlierRun();
    if (earlier?.scale) {
      scaleResult = earlier.scale;
      scaleFrom = earlier.scaleFrom ?? { date: earlier.conditions.date, commit: earlier.conditions.commit };
    }
  }
  conditions.loadEnd = load1();

  const checks: { label: string; ok: boolean | null }[] = [];
  const check = (label: string, ok: boolean | undefined) => checks.push({ label, ok: ok ?? null });
  if (relevanceResult) {
    check(
      `relevance: ${(relevanceResult.top5Share * 100).toFixed(1)} % in the top 5 >= ${TARGETS.relevanceTop5 * 100} %`,
      relevanceResult.top5Share >= TARGETS.relevanceTop5,
    );
  }
  const find = (products: number, name: string) => scaleResult?.rows.find((r) => r.products === products && r.case === name);
  const earlier = scaleFrom ? ` (the earlier run's figures, ${scaleFrom.commit})` : '';
  const big = Math.max(...SIZES);
  const small = Math.min(...SIZES);
  for (const [name, limit] of [
    ['search', TARGETS.searchP95Ms],
    ['catalog', TARGETS.catalogP95Ms],
  ] as const) {
    const large = find(big, name);
    const base = find(small, name);
    check(`${name} p95 at ${big} (${large?.p95 ?? '-'} ms) <= ${limit} ms${earlier}`, large ? large.p95 <= limit : undefined);
    check(
      `${name} p95 at ${big} (${large?.p95 ?? '-'} ms) <= ${TARGETS.growth} x p95 at ${small} (${base?.p95 ?? '-'} ms)${earlier}`,
      large && base && big !== small ? large.p95 <= TARGETS.growth * Math.max(base.p95, 1) : undefined,
    );
  }
  if (scaleResult?.rows.some((r) => r.errors > 0)) check('no request failed', false);
  const result = { conditions, targets: TARGETS, relevance: relevanceResult, scale: scaleResult, scaleFrom, checks, pass: checks.every((c) => c.ok !== false) };
  mkdirSync(RESULTS, { recursive: true });
  const md = markdown(result);
  writeFileSync(path.join(RESULTS, 'search.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(RESULTS, 'search.md'), md);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${md}`);
  console.log('written: bench/results/search.md and search.json');
  return result;
}

const result = await main();
process.exitCode = process.env.BENCH_STRICT === '1' && !result.pass ? 1 : 0;

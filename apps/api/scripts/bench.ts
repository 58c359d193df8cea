/**
 * `pnpm --filter @otc/api bench`: latency (p50, p95) and requests per second of the product list,
 * search (a rotating set of realistic English and Spanish queries, typos included), /api/health
 * and the signed-in GET /api/auth/me (a demo customer's token: the bearer check, its session
 * lookup, and the customer read), at 1 000, 10 000 and 100 000 products, on PostgreSQL (a fresh database on
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432, created and dropped here; skipped
 * with a notice when unreachable) and on PGlite (a temporary data folder).
 *
 * The catalog grows through the seed's own code path (`seed(db, { products: N })`, as
 * `ops seed --products N`); the app runs in a child process (scripts/bench-server.ts) with the
 * rate limit lifted; autocannon drives it with BENCH_CONNECTIONS (10) connections for
 * BENCH_SECONDS (5) per case after a 1 s warm-up. BENCH_BACKENDS (postgresql,pglite), BENCH_SIZES and
 * BENCH_CASES (list,search,health,me) narrow a run while tuning. Targets: search p95 <= 15 ms at 100 000 on
 * PostgreSQL, p95 at 100 000 <= 2 x p95 at 1 000 for each case, and (issue 30) the list and search
 * at least 0.5 x /api/health's requests per second at each size (their answers are kept in the process). BENCH_JSON=<file> also writes
 * the rows, seed times, checks and load averages as JSON (bench/run.mjs, `pnpm bench`, reads it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD, seed } from '../src/seed/seed.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgresql,pglite').split(',');
const CASE_NAMES = (process.env.BENCH_CASES ?? 'list,search,health,me').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Random per run: a typed secret is refused (lib/secret.ts). */
const SECRET = randomBytes(32).toString('hex');

type Req = { method: 'GET'; path: string; headers?: Record<string, string> };
const en = { 'accept-language': 'en-US,en;q=0.9' };
const es = { 'accept-language': 'es-US,es;q=0.9' };

const SEARCHES: [string, Record<string, string>][] = [
  ['ibuprofen', en],
  ['ibuprofeno', es],
  ['vitamina c', es],
  ['vitamin d3', en],
  ['acetaminofen', es],
  ['ibuprofn', en],
  ['allergy relief', en],
  ['pastillas para la tos', es],
  ['toothpaste', en],
  ['tiras reactivas', es],
  ['blood pressure monitor', en],
  ['melatonina', es],
  ['bandages', en],
  ['protector solar', es],
  ['loratadine', en],
  ['acetaminophen', en],
];
const CASES: Record<string, Req[]> = {
  list: [
    { method: 'GET', path: '/api/catalog/products', headers: en },
    { method: 'GET', path: '/api/catalog/products?page=2', headers: es },
    { method: 'GET', path: '/api/catalog/products?sort=price-asc', headers: en },
    { method: 'GET', path: '/api/catalog/products?category=1', headers: en },
    { method: 'GET', path: '/api/catalog/products?category=4&sort=name-asc', headers: es },
    { method: 'GET', path: '/api/catalog/products?plan=cl1', headers: en },
    { method: 'GET', path: '/api/catalog/products?sort=name-desc&page=3', headers: en },
    { method: 'GET', path: '/api/catalog/products?category=2&plan=uhc&sort=price-desc', headers: es },
  ],
  search: SEARCHES.map(([q, headers], i) => ({
    method: 'GET',
    path: `/api/search/products?q=${encodeURIComponent(q)}${i % 4 === 3 ? '&plan=cl1' : ''}`,
    headers,
  })),
  health: [{ method: 'GET', path: '/api/health' }],
  // Filled in once the server runs: it needs a signed-in demo customer's token (signedInCase).
  me: [],
};

/** The `me` case: a demo customer signs in with the password, then GET /api/auth/me with its token. */
async function signedInCase(url: string): Promise<Req[]> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'network.demo@example.com', password: DEMO_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`bench sign-in: ${answer.status} ${await answer.text()}`);
  const { token } = (await answer.json()) as { token: string };
  return [{ method: 'GET', path: '/api/auth/me', headers: { ...en, authorization: `Bearer ${token}` } }];
}

interface Figures {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function load(url: string, requests: Req[], seconds: number): Promise<Figures> {
  const times: number[] = [];
  let bad = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests }, (error, done) =>
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

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'bench-server.ts')], {
    // Production mode (as deployed): a public base for absolute links, and the sandbox gateways
    // the seeded demo data pays with.
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

interface Row extends Figures {
  backend: string;
  products: number;
  case: string;
}

async function pgReachable(): Promise<boolean> {
  const admin = postgres(PG_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await admin.end({ timeout: 1 });
  }
}

async function runBackend(backend: 'postgresql' | 'pglite', rows: Row[], seedTimes: string[]) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let open: () => ReturnType<typeof openDatabase>;
  if (backend === 'postgresql') {
    const name = `otc_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    open = () => openDatabase({ url: url.toString(), max: 2 });
    cleanup = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'otc-bench-'));
    env = { DATA_DIR: dir };
    open = () => openDatabase({ dataDir: dir });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    for (const size of SIZES) {
      const database = await open();
      await database.migrate();
      const started = Date.now();
      const { productsAdded } = await seed(database.db, { secret: SECRET, products: size });
      const took = (Date.now() - started) / 1000;
      seedTimes.push(`${backend}: grew the catalog to ${size} (+${productsAdded}) in ${took.toFixed(1)} s`);
      console.log(seedTimes.at(-1));
      // Fresh planner statistics, as autovacuum would have after a real load.
      await database.db.execute('ANALYZE' as never);
      await database.close();

      const { url, child } = await startServer(env);
      try {
        for (const [name, listed] of Object.entries(CASES).filter(([name]) => CASE_NAMES.includes(name))) {
          const requests = name === 'me' ? await signedInCase(url) : listed;
          await load(url, requests, 1);
          const figures = await load(url, requests, SECONDS);
          rows.push({ backend, products: size, case: name, ...figures });
          console.log(
            `${backend} ${size} ${name}: p50 ${figures.p50} ms, p95 ${figures.p95} ms, ${figures.rps.toFixed(0)} req/s${figures.errors ? `, ${figures.errors} errors` : ''}`,
          );
        }
      } finally {
        await stopServer(child);
      }
    }
  } finally {
    await cleanup();
  }
}

async function main() {
  const rows: Row[] = [];
  const seedTimes: string[] = [];
  const load1 = () => loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`load average at start: ${load1()} (figures are only meaningful on an idle machine)`);
  if (BACKENDS.includes('postgresql')) {
    if (await pgReachable()) await runBackend('postgresql', rows, seedTimes);
    else console.log(`NOTICE: PostgreSQL at ${PG_URL} is unreachable: PostgreSQL cases skipped.`);
  }
  if (BACKENDS.includes('pglite')) await runBackend('pglite', rows, seedTimes);

  console.log('\nbackend     products  case     p50 ms  p95 ms   req/s  errors');
  for (const row of rows) {
    console.log(
      `${row.backend.padEnd(11)} ${String(row.products).padStart(8)}  ${row.case.padEnd(7)} ${String(row.p50).padStart(7)} ${String(row.p95).padStart(7)} ${row.rps.toFixed(0).padStart(7)} ${String(row.errors).padStart(7)}`,
    );
  }
  console.log('');
  for (const line of seedTimes) console.log(line);
  console.log(`load average at the end: ${load1()}`);

  let failed = false;
  const checks: { label: string; ok: boolean | null }[] = [];
  const check = (label: string, ok: boolean | undefined) => {
    checks.push({ label, ok: ok ?? null });
    if (ok === undefined) return console.log(`SKIP  ${label}`);
    if (!ok) failed = true;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  };
  const find = (backend: string, products: number, name: string) =>
    rows.find((r) => r.backend === backend && r.products === products && r.case === name);
  const pgSearch = find('postgresql', 100_000, 'search');
  check(
    `search p95 <= 15 ms at 100 000 products on PostgreSQL (${pgSearch?.p95 ?? '-'} ms)`,
    pgSearch ? pgSearch.p95 <= 15 : undefined,
  );
  for (const backend of ['postgresql', 'pglite']) {
    for (const name of Object.keys(CASES)) {
      const small = find(backend, 1000, name);
      const large = find(backend, 100_000, name);
      check(
        `${backend} ${name}: p95 at 100 000 (${large?.p95 ?? '-'} ms) <= 2 x p95 at 1 000 (${small?.p95 ?? '-'} ms)`,
        small && large ? large.p95 <= 2 * Math.max(small.p95, 1) : undefined,
      );
    }
  }
  // Issue 30: a public answer kept in the process (lib/hot-answers.ts) costs about what /api/health
  // costs, so the catalog's first pages and the searches answer at least half its rate.
  for (const backend of ['postgresql', 'pglite']) {
    for (const size of SIZES) {
      const health = find(backend, size, 'health');
      for (const name of ['list', 'search']) {
        const row = find(backend, size, name);
        check(
          `${backend} ${size} ${name}: ${row ? row.rps.toFixed(0) : '-'} req/s >= 0.5 x /api/health's ${health ? health.rps.toFixed(0) : '-'} (${row && health ? (row.rps / health.rps).toFixed(2) : '-'} x)`,
          row && health ? row.rps >= 0.5 * health.rps : undefined,
        );
      }
    }
  }
  if (rows.some((r) => r.errors > 0)) {
    failed = true;
    console.log('FAIL  some requests failed (see errors)');
  }
  if (process.env.BENCH_JSON) {
    const loadAverage = loadavg().map((n) => Number(n.toFixed(2)));
    writeFileSync(process.env.BENCH_JSON, `${JSON.stringify({ rows, seedTimes, checks, loadAverageEnd: loadAverage }, null, 2)}\n`);
  }
  process.exitCode = failed ? 1 : 0;
}

await main();

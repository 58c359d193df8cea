// Lighthouse benchmark of the built storefront, served the way it runs in production: by the
// built API (`node apps/api/dist/server.js`) with STOREFRONT_DIR=apps/storefront/dist, on a
// throw-away PGlite DATA_DIR seeded with the demo catalog on first start.
//
// The API serves a private copy of dist/ (taken at start) so a rebuild by someone else during the
// run cannot swap the hashed files under the audited pages.
//
// Audits `/`, `/catalog` and one active item (`/item/<id>`, picked from /api/catalog/products),
// and their Spanish `/es/...` versions, with Lighthouse 12 in its default (mobile, simulated
// throttling) configuration and the system Chromium (CHROME_PATH, default /usr/bin/chromium;
// browsers are never downloaded). Pages are audited one after the other, never in parallel.
//
// Noise: each page is audited BENCH_RUNS times (default 3) and the run with the median
// performance score is the one reported (all four scores and the first-load JavaScript come
// from that one run; accessibility, best practices and SEO do not vary between runs). Every
// run's JSON report is kept under bench-results/storefront/ with a summary.json.
//
// First-load JavaScript: the scripts the page loads before it is interactive, read from the
// report's network requests: every script requested up to the observed Largest Contentful Paint,
// except the route modules of OTHER pages that the link prefetcher warms once links are on screen
// (told apart with the build manifest, dist/.vite/manifest.json: a chunk reachable only from
// another page's module). The size is gzip: each same-origin script is gzipped here (level 9,
// like the build's .gz copies) from the served files, whatever encoding was used on the wire
// (the API prefers the .br copies, smaller still).
//
// Targets (the issue): performance >= 90, accessibility 100, best practices >= 95, SEO >= 95 on
// every page; first-load JavaScript of /catalog (and /es/catalog) <= 150 KB gzip. Prints PASS or
// FAIL per target and exits 1 on any FAIL.
//
// Environment: BENCH_RUNS (runs per page), BENCH_PAGES (e.g. `catalog,item`: only those pages,
// both languages), BENCH_KEEP_DATA=1 (keep the temporary DATA_DIR), CHROME_PATH. Builds the storefront and the API first when their dist/ is missing.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const app = resolve(here, '..');
const root = resolve(app, '../..');
const dist = join(app, 'dist');
const apiServer = join(root, 'apps/api/dist/server.js');
const out = join(root, 'bench-results/storefront');
const lighthouse = join(app, 'node_modules/.bin/lighthouse');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const runs = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '3', 10) || 3);
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
].join(' ');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SCORE_TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 };
/** First-load JavaScript targets in KB (1024 bytes) gzip, by page name. */
const JS_TARGETS_KB = { catalog: 150 };

function log(message) {
  process.stdout.write(`${message}\n`);
}

function ensureBuilds() {
  const missing = [];
  if (!existsSync(join(dist, 'index.html'))) missing.push('@otc/storefront');
  if (!existsSync(apiServer)) missing.push('@otc/api');
  if (missing.length === 0) return;
  log(`building ${missing.join(' and ')} (dist/ missing)`);
  const result = spawnSync(
    'pnpm',
    ['exec', 'turbo', 'run', 'build', ...missing.map((name) => `--filter=${name}`)],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the build failed');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startApi() {
  const port = await freePort();
  const work = mkdtempSync(join(tmpdir(), 'otc-storefront-bench-'));
  const dataDir = join(work, 'data');
  const storefront = join(work, 'storefront');
  cpSync(dist, storefront, { recursive: true });
  const child = spawn(process.execPath, [apiServer], {
    cwd: join(root, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      STOREFRONT_DIR: storefront,
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = signal ?? code;
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && exited === null; i += 1) await sleep(100);
      if (exited === null) child.kill('SIGKILL');
    }
    if (process.env.BENCH_KEEP_DATA === '1') log(`DATA_DIR and storefront copy kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  };
  // The first start migrates and seeds the demo catalog: allow it a few minutes on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the API exited (${exited}) before answering`);
    }
    try {
      // /api/health answers once listening, i.e. after migrations and the first-start seed.
      if ((await fetch(`${origin}/api/health`)).ok) {
        const res = await fetch(`${origin}/api/catalog/products`);
        if (!res.ok) throw new Error(`/api/catalog/products answered ${res.status}`);
        return { origin, stop, list: await res.json(), storefront };
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('/api/')) {
        await stop();
        throw error;
      }
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the API did not answer /api/health within 180 s');
    }
    await sleep(500);
  }
}

/** An active product: no status (fine) and in stock; the first of the default list. */
function activeItemId(list) {
  const item = (list.products ?? []).find((p) => p.status === null && p.inStock > 0);
  if (!item) throw new Error('no active product in the first page of /api/catalog/products');
  return item.id;
}

function lighthouseOnce(url, file) {
  return new Promise((resolveRun) => {
    const child = spawn(
      lighthouse,
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${file}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${chromeFlags}`,
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', (error) => resolveRun({ error: error.message }));
    child.on('exit', (code) => {
      if (code !== 0) return resolveRun({ error: `lighthouse exited ${code}` });
      const report = JSON.parse(readFileSync(file, 'utf8'));
      if (report.runtimeError) {
        return resolveRun({ error: `${report.runtimeError.code} ${report.runtimeError.message}` });
      }
      return resolveRun({ report });
    });
  });
}

/**
 * One audit of `url`. A run Lighthouse could not measure (e.g. NO_NAVSTART: the trace was not
 * recorded) gives no scores, so it is run again, twice at most; a score is never retried.
 */
async function runLighthouse(url, file) {
  for (let attempt = 1; ; attempt += 1) {
    const { report, error } = await lighthouseOnce(url, file);
    if (report) return report;
    if (attempt === 3) throw new Error(`${url}: ${error}`);
    log(`  ${url}: ${error}; running it again`);
  }
}

const gzipCache = new Map();
/** Gzip size of a same-origin file of the served copy of dist/, or null when it is not one. */
function gzipSizeOf(url, origin, root) {
  if (!url.startsWith(`${origin}/`)) return null;
  const file = join(root, decodeURIComponent(new URL(url).pathname));
  if (!file.startsWith(`${root}/`) || !existsSync(file)) return null;
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/**
 * From the build manifest: for each page module (`src/.../pages/<name>-page.tsx`,
 * `src/app/pages/...`), the set of chunk files only that page needs, i.e. reachable through static
 * imports from the page module but not from the entry. A script of that set requested while
 * another page is audited was prefetched for a link.
 */
function pageChunks(root) {
  const file = join(root, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error('dist/.vite/manifest.json is missing: rebuild the storefront');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const closure = (keys) => {
    const seen = new Set();
    const stack = [...keys];
    while (stack.length > 0) {
      const key = stack.pop();
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []));
    }
    return new Set([...seen].map((key) => `/${manifest[key].file}`));
  };
  const shared = closure(Object.keys(manifest).filter((key) => manifest[key].isEntry));
  const pages = new Map();
  for (const key of Object.keys(manifest)) {
    if (!/\/pages\/[^/]+\.tsx$/.test(key)) continue;
    const own = [...closure([key])].filter((chunk) => !shared.has(chunk));
    pages.set(key, new Set(own));
  }
  return pages;
}

/**
 * The scripts of the first load: requested before the observed Largest Contentful Paint, minus
 * the chunks that belong only to other pages (prefetched route modules).
 */
function firstLoadScripts(report, origin, root, pages, pageModule) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const metrics = report.audits.metrics?.details?.items?.[0] ?? {};
  const cut = metrics.observedLargestContentfulPaint ?? metrics.observedLoad ?? Infinity;
  const mine = pages.get(pageModule);
  if (!mine) throw new Error(`${pageModule} is not in the build manifest`);
  const others = new Set();
  for (const [key, chunks] of pages) {
    if (key === pageModule) continue;
    for (const chunk of chunks) if (!mine.has(chunk)) others.add(chunk);
  }
  const scripts = [];
  const prefetched = [];
  for (const request of requests) {
    if (request.resourceType !== 'Script') continue;
    const started = request.networkRequestTime ?? request.rendererStartTime ?? 0;
    if (started > cut) continue;
    const path = request.url.startsWith(origin) ? request.url.slice(origin.length) : request.url;
    if (others.has(path)) {
      prefetched.push(path);
      continue;
    }
    const gzip = gzipSizeOf(request.url, origin, root);
    scripts.push({
      url: path,
      startedMs: Math.round(started),
      transferBytes: request.transferSize ?? 0,
      gzipBytes: gzip ?? request.transferSize ?? 0,
    });
  }
  const gzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  return { cutMs: Math.round(cut), gzipBytes, scripts, prefetchedOtherPages: prefetched };
}

function scoresOf(report) {
  return Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]),
  );
}

/**
 * What costs points: weighted audits below 0.9 (the performance metrics, and any accessibility,
 * best-practices or SEO audit), plus performance opportunities and insights that estimate savings.
 */
function failingAudits(report) {
  const list = [];
  for (const id of CATEGORIES) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
      const savings = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
      if (ref.weight === 0 && !(id === 'performance' && savings > 0)) continue;
      list.push(`${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return list;
}

const slug = (path) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '_'));
const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main() {
  if (!existsSync(chrome)) throw new Error(`no Chromium at ${chrome} (set CHROME_PATH)`);
  if (!existsSync(lighthouse)) throw new Error(`no Lighthouse at ${lighthouse} (pnpm install)`);
  ensureBuilds();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const api = await startApi();
  const stopOnSignal = () => {
    void api.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const rows = [];
  try {
    const itemId = activeItemId(api.list);
    const pageChunkSets = pageChunks(api.storefront);
    const home = 'src/features/catalog/pages/home-page.tsx';
    const catalog = 'src/features/catalog/pages/catalog-page.tsx';
    const item = 'src/features/catalog/pages/item-page.tsx';
    const only = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
    const allPages = [
      { name: 'home', path: '/', module: home },
      { name: 'catalog', path: '/catalog', module: catalog },
      { name: 'item', path: `/item/${itemId}`, module: item },
      { name: 'home', path: '/es', module: home },
      { name: 'catalog', path: '/es/catalog', module: catalog },
      { name: 'item', path: `/es/item/${itemId}`, module: item },
    ];
    const pages = allPages.filter((page) => only.length === 0 || only.includes(page.name));
    if (pages.length === 0) throw new Error(`BENCH_PAGES=${only.join(',')} names no page`);
    log(`API and storefront at ${api.origin}; ${runs} Lighthouse run(s) per page (mobile)`);
    for (const page of pages) {
      const results = [];
      for (let run = 1; run <= runs; run += 1) {
        const file = join(out, `${slug(page.path)}.run${run}.json`);
        const report = await runLighthouse(`${api.origin}${page.path}`, file);
        results.push({ run, file, report, scores: scoresOf(report) });
        log(`  ${page.path} run ${run}: ${CATEGORIES.map((id) => results.at(-1).scores[id]).join(' / ')}`);
      }
      const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const js = firstLoadScripts(median.report, api.origin, api.storefront, pageChunkSets, page.module);
      rows.push({
        name: page.name,
        path: page.path,
        scores: median.scores,
        performanceRuns: results.map((r) => r.scores.performance),
        report: median.file.replace(`${root}/`, ''),
        js,
        failing: failingAudits(median.report),
      });
    }
  } finally {
    await api.stop();
  }

  console.table(
    rows.map((row) => ({
      page: row.path,
      performance: row.scores.performance,
      accessibility: row.scores.accessibility,
      'best-practices': row.scores['best-practices'],
      seo: row.scores.seo,
      'first-load JS (KB gzip)': Number(kb(row.js.gzipBytes)),
      scripts: row.js.scripts.length,
    })),
  );

  const verdicts = [];
  for (const row of rows) {
    for (const id of CATEGORIES) {
      const ok = row.scores[id] >= SCORE_TARGETS[id];
      const runsNote = id === 'performance' && runs > 1 ? ` (median of ${row.performanceRuns.join(', ')})` : '';
      verdicts.push({ ok, line: `${row.path} ${id} ${row.scores[id]} (target ${SCORE_TARGETS[id]})${runsNote}` });
    }
    const limit = JS_TARGETS_KB[row.name];
    if (limit !== undefined) {
      verdicts.push({
        ok: row.js.gzipBytes <= limit * 1024,
        line: `${row.path} first-load JS ${kb(row.js.gzipBytes)} KB gzip (target <= ${limit} KB)`,
      });
    }
  }
  for (const { ok, line } of verdicts) log(`${ok ? 'PASS' : 'FAIL'} ${line}`);
  for (const row of rows) {
    if (row.failing.length > 0) log(`${row.path} audits below 0.9: ${row.failing.join('; ')}`);
  }

  writeFileSync(
    join(out, 'summary.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        runsPerPage: runs,
        targets: { scores: SCORE_TARGETS, firstLoadJsKbGzip: JS_TARGETS_KB },
        pages: rows,
        pass: verdicts.every((v) => v.ok),
      },
      null,
      2,
    )}\n`,
  );
  log(`reports: ${out.replace(`${root}/`, '')}/`);
  const failed = verdicts.filter((v) => !v.ok).length;
  log(failed === 0 ? 'storefront bench: every target met' : `storefront bench: ${failed} target(s) missed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

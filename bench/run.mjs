// `pnpm bench`: one report of the shop's speed, written as Markdown and JSON under bench/results/
// (latest.md, latest.json; the latest copy is committed so each change shows its effect).
//
// 1. Builds: the API and the storefront (turbo, cached when unchanged: the browser's dist/ and the
//    server render's dist-server/entry-server.js) and the floor (bench/floor: the bare page of the
//    required stack) with the storefront's own Vite.
// 2. The shop: one API (apps/api/dist/server.js, NODE_ENV=development for the one-time-code outbox,
//    on a throw-away PGlite DATA_DIR seeded with the demo catalog) serving a private copy of the
//    storefront's dist/ (STOREFRONT_DIR: static files and the index.html template) and drawing its
//    pages with a private copy of the render module (STOREFRONT_RENDER, set explicitly). The floor:
//    a second API of the same build on the same copy with the render off (STOREFRONT_RENDER empty),
//    under /floor/ (the shop's API would draw /floor/ as a storefront page), as it was measured.
// 3. Lighthouse 12 (mobile, default simulated throttling, the machine's Chromium at CHROME_PATH,
//    default /usr/bin/chromium) on /, /catalog, one item, /cart with items, /login and the
//    checkout payment step, in en and es, and on the floor; BENCH_RUNS (3) runs each, the run with
//    the median performance score reported. Signed-in pages: a customer per language is made
//    through the API (code from the development outbox), its cart filled and its delivery address
//    set through the API, signed up as the storefront does (a web session: the `otc_session`
//    cookie, issue 29), the cookie set in the browser before each run and the session checked
//    after it; the HTTP cache and storage are cleared so every run is a cold first load.
// 4. First-load JavaScript and CSS of every route of the page table, gzip -9 of the built files:
//    what the served HTML of the route loads, i.e. index.html's scripts and styles (colour-mode.js,
//    the entry, the vendor chunk), the route's modulepreload chunks and the locale's catalog (the
//    server writes those from the `#route-preloads` block of dist/index.html). Computed from that
//    block and, while the shop's API runs, checked against the HTML it serves for every route.
//    Renders per request (issue 29: one): the copy's render module, imported by the bench, draws
//    every public page in en and es with its API calls answered by the shop's API, and its result
//    says how many times it rendered the app.
// 5. Search as you type (Playwright, same Chromium, no throttling): the time from the key press
//    that completes a query to the results painted, over 20 queries (10 en, 10 es).
// 6. Render cost: the API on PostgreSQL (a throw-away database seeded by `ops seed`, production
//    mode), BENCH_RENDER_CONNECTIONS (50) keep-alive connections (autocannon, the API's own load
//    tool) for BENCH_RENDER_SECONDS (10) each on /catalog and /item/61 (accept: text/html) with the
//    page cache off (PAGE_CACHE_SECONDS=0: every request a render) and on (60 s); a signed-in
//    member's /cart (items in it) and /catalog (plan marks), their web session's cookie on every
//    request, from one client address and from one per connection (X-Forwarded-For); /api/health
//    beside each page and alone. Every page answer counted as drawn or the plain index.html.
// 7. The API benchmark (apps/api/scripts/bench.ts) at 1 000 products: product list, search and
//    /api/health, latency and throughput.
// 8. Search relevance and scale (apps/api/scripts/bench-search.ts, issue 19): the relevance set
//    (bench/relevance/queries.json) top 1 / top 5, and search and catalog p50/p95 at 100 000 and
//    1 000 000 products on PostgreSQL; also written to bench/results/search.md and search.json.
//
// Targets (bench/targets.mjs, issue 18) compare with the floor of the same run and with the
// previous run: TBT per page and first-load JS per route from the committed
// bench/results/latest.json (`git show HEAD:`; BENCH_PREVIOUS=<file> to compare with another),
// read before this run overwrites it.
//
// Environment: BENCH_RUNS, BENCH_PAGES (e.g. `catalog,cart`), BENCH_SKIP (e.g.
// `lighthouse,search,render,api,search-scale`), BENCH_ONLY (e.g. `render`: those parts alone,
// written to bench/results/render.md/.json or partial-<parts>.*, never latest.*),
// BENCH_SKIP_BUILD=1, BENCH_STRICT=1 (exit 1 when a
// target is missed), BENCH_PREVIOUS, CHROME_PATH; render cost: BENCH_RENDER_SECONDS,
// BENCH_RENDER_CONNECTIONS, BENCH_RENDER_PRODUCTS (1000), BENCH_RENDER_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/test: where the throw-away database is created),
// BENCH_RENDER_MISSES_PER_MINUTE (PAGE_MISSES_PER_CLIENT_MINUTE of its APIs, 1000000).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { markdownReport, partialReport } from './report.mjs';
import { TARGETS } from './targets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const storefrontApp = join(root, 'apps/storefront');
const storefrontDist = join(storefrontApp, 'dist');
const storefrontServerDist = join(storefrontApp, 'dist-server');
const renderModuleName = 'entry-server.js';
const floorDir = join(here, 'floor');
const floorDist = join(floorDir, 'dist');
const apiServer = join(root, 'apps/api/dist/server.js');
const apiOps = join(root, 'apps/api/dist/ops.js');
const resultsDir = join(here, 'results');
const lighthouseBin = join(storefrontApp, 'node_modules/.bin/lighthouse');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const runs = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '3', 10) || 3);
/** The parts of a run (BENCH_SKIP leaves some out; BENCH_ONLY runs only those it names). */
const PARTS = ['lighthouse', 'search', 'render', 'api', 'search-scale'];
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const skip = new Set(only.length > 0 ? PARTS.filter((part) => !only.includes(part)) : (process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const onlyPages = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);

const log = (message) => process.stdout.write(`${message}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((n) => Number(n.toFixed(2)));

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

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Builds

async function buildAll({ floor = true } = {}) {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('building the API and the storefront (turbo)');
    run('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@otc/api', '--filter=@otc/storefront']);
  }
  if (!floor) {
    if (!existsSync(join(storefrontServerDist, renderModuleName))) {
      throw new Error(`no render module at ${join(storefrontServerDist, renderModuleName)} (the storefront's build makes it)`);
    }
    return;
  }
  // The floor resolves its packages from the storefront's (same versions, same Vite).
  const link = join(floorDir, 'node_modules');
  if (!existsSync(link)) symlinkSync('../../apps/storefront/node_modules', link, 'dir');
  log('building the floor (bench/floor) with the storefront\'s Vite');
  const vite = await import(pathToFileURL(join(storefrontApp, 'node_modules/vite/dist/node/index.js')).href);
  await vite.build({ configFile: join(floorDir, 'vite.config.ts'), logLevel: 'warn' });
  if (!existsSync(join(storefrontServerDist, renderModuleName))) {
    throw new Error(`no render module at ${join(storefrontServerDist, renderModuleName)} (the storefront's build makes it)`);
  }
}

// ---------------------------------------------------------------------------------------------
// First-load JavaScript and CSS (static, from the built files)

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Scripts and styles index.html loads on every page (src/href of /assets files). */
function htmlAssets(html) {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  // A page whose content the server drew lists the app's scripts for start-app.js, which loads
  // them after the first paint: the same first load, later.
  const afterPaint = /<script type="application\/json" id="app-scripts">(.*?)<\/script>/s.exec(html);
  if (afterPaint) {
    const listed = JSON.parse(afterPaint[1]);
    preloads.push(listed.entry, ...listed.preload);
  }
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return { scripts: [...new Set([...scripts, ...preloads])], styles };
}

/** The CSS files of the chunks among `scripts` (from the Vite manifest). */
function cssOf(manifest, scripts) {
  const css = new Set();
  for (const entry of Object.values(manifest)) {
    if (scripts.includes(`/${entry.file}`)) for (const file of entry.css ?? []) css.add(`/${file}`);
  }
  return [...css];
}

/** An address of `pattern` in `locale` (parameters as 1). */
function sampleAddress(pattern, locale) {
  const path = pattern.replace(/:[^/]+/g, '1');
  if (locale === 'en') return `/${path}`;
  return path ? `/${locale}/${path}` : `/${locale}`;
}

/**
 * What the served HTML of every route loads, from the build: index.html's scripts, modulepreloads
 * and styles, the route's chunks and the locale's catalog from the `#route-preloads` block (the
 * server writes those as modulepreloads into the page it draws).
 */
function storefrontFirstLoad(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const block = /<script type="application\/json" id="route-preloads">(.*?)<\/script>/s.exec(html);
  if (!block) throw new Error(`${join(dir, 'index.html')} has no #route-preloads block`);
  const data = JSON.parse(block[1]);
  const base = htmlAssets(html);
  const size = (files) => files.reduce((sum, file) => sum + gzipSize(join(dir, file)), 0);
  const routes = [];
  for (const [pattern, routeScripts] of data.routes) {
    for (const locale of Object.keys(data.locales)) {
      const scripts = [...new Set([...base.scripts, ...data.locales[locale], ...routeScripts])];
      const styles = [...new Set([...base.styles, ...cssOf(manifest, scripts)])];
      routes.push({
        route: `${locale === 'en' ? '' : `/${locale}`}/${pattern}`,
        pattern,
        locale,
        address: sampleAddress(pattern, locale),
        scripts,
        styles,
        jsGzip: size(scripts),
        cssGzip: size(styles),
        source: 'build',
      });
    }
  }
  return { routes, manifest, size };
}

/**
 * The same, from the HTML the shop's API serves for each route (an address of it, accept:
 * text/html): the scripts and styles it loads. Where it differs from the build's lists, the
 * served figures are kept and the difference reported; an address answered otherwise (a redirect,
 * a page not drawn) keeps the build's figures and is reported.
 */
async function servedFirstLoad(origin, firstLoad) {
  const { routes, manifest, size } = firstLoad;
  const notes = [];
  let checked = 0;
  const queue = [...routes];
  const worker = async () => {
    for (let route = queue.shift(); route; route = queue.shift()) {
      let res;
      try {
        res = await fetch(`${origin}${route.address}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
      } catch (error) {
        notes.push({ route: route.route, address: route.address, note: `not fetched: ${error.message}` });
        continue;
      }
      const html = await res.text();
      if (res.status >= 300 && res.status < 400) {
        notes.push({ route: route.route, address: route.address, note: `answered ${res.status} → ${res.headers.get('location')}: build's lists kept` });
        continue;
      }
      if (html.includes('<div id="root"></div>')) {
        notes.push({ route: route.route, address: route.address, note: `answered ${res.status} with the page not drawn (plain index.html): build's lists kept` });
        continue;
      }
      checked += 1;
      const served = htmlAssets(html);
      const scripts = served.scripts.filter((file) => !/^https?:/.test(file));
      const styles = [...new Set([...served.styles, ...cssOf(manifest, scripts)])];
      const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
      // start-app.js is written by the server for pages whose content it drew (not in index.html):
      // counted, not reported as a difference.
      const withoutStarter = (list) => list.filter((file) => file !== '/start-app.js');
      route.status = res.status;
      if (sameSet(withoutStarter(scripts), route.scripts) && sameSet(styles, route.styles) && scripts.length > route.scripts.length) {
        route.scripts = scripts;
        route.jsGzip = size(scripts);
      } else if (!sameSet(scripts, route.scripts) || !sameSet(styles, route.styles)) {
        const missing = route.scripts.filter((x) => !scripts.includes(x));
        const extra = scripts.filter((x) => !route.scripts.includes(x));
        notes.push({
          route: route.route,
          address: route.address,
          note: `served HTML differs from the build's lists (missing ${missing.join(' ') || 'none'}; extra ${extra.join(' ') || 'none'}): served figures kept`,
        });
        route.buildJsGzip = route.jsGzip;
        route.scripts = scripts;
        route.styles = styles;
        route.jsGzip = size(scripts);
        route.cssGzip = size(styles);
      }
      route.source = 'served';
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return { checked, of: routes.length, notes };
}

function floorFirstLoad(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const base = htmlAssets(html);
  const catalog = Object.values(manifest).find((e) => /messages-en/.test(e.src ?? ''));
  const scripts = [...base.scripts, ...(catalog ? [`/floor/${catalog.file}`] : [])];
  const size = (files) => files.reduce((sum, file) => sum + gzipSize(join(dir, file.replace(/^\/floor\//, '/'))), 0);
  return { route: '/floor/', scripts, styles: base.styles, jsGzip: size(scripts), cssGzip: size(base.styles) };
}

// ---------------------------------------------------------------------------------------------
// The API serving the storefront and the floor

/**
 * A private copy of the build for the APIs of this run: the storefront's dist/ with the floor
 * under floor/ (STOREFRONT_DIR: the static files and the index.html template the render draws
 * into) and the render module's folder (dist-server/, one self-contained module and its chunks).
 */
function buildCopy(work, { floor = true } = {}) {
  const storefront = join(work, 'storefront');
  cpSync(storefrontDist, storefront, { recursive: true });
  if (floor) cpSync(floorDist, join(storefront, 'floor'), { recursive: true });
  const serverDir = join(work, 'storefront-server');
  cpSync(storefrontServerDist, serverDir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  return { storefront, render: join(serverDir, renderModuleName) };
}

/**
 * One API process (apps/api/dist/server.js) on loopback serving `storefront`, drawing its pages
 * with `render` (a module path; '' = the browser draws them). `env` adds to / overrides the
 * defaults (development on a PGlite folder `dataDir`).
 */
async function startApi({ label, storefront, render, dataDir, env = {} }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [apiServer], {
    cwd: join(root, 'apps/api'),
    env: {
      ...process.env,
      // Development: the one-time-code outbox (signed-in pages). Static serving is the same.
      NODE_ENV: 'development',
      JWT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: '',
      REDIS_URL: '',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      STOREFRONT_DIR: storefront,
      // Explicit: the API's default is the render module inside the repository's own build.
      STOREFRONT_RENDER: render,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = null;
  let stopped = false;
  child.on('exit', (code, signal) => {
    exited = signal ?? code;
    if (!stopped) log(`WARNING the ${label} API (${origin}) exited (${exited}) while in use`);
  });
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (exited === null) {
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && exited === null; i += 1) await sleep(100);
      if (exited === null) child.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the ${label} API exited (${exited}) before answering`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { label, origin, stop, storefront };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${label} API did not answer /api/health within 180 s`);
    }
    await sleep(500);
  }
}

/** Whether `origin` draws its storefront pages (the render module loaded and working). */
async function drawsPages(origin, path = '/catalog') {
  const res = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  return { status: res.status, drawn: res.ok && !html.includes('<div id="root"></div>') && html.includes('<div id="root">') };
}

/**
 * How many times the render module renders the app for each public page, in en and es (`renders`
 * in its result; issue 29: 1). Called here, as the API calls it, its API calls answered by the
 * shop's API at `origin`.
 */
async function rendersPerRequest(renderModule, origin, itemId, { paths: only, cookie, locales = ['en', 'es'] } = {}) {
  const { render } = await import(pathToFileURL(renderModule).href);
  // `cookie`: a visitor's (a member's web session), sent on the render's API calls as the API's
  // renderer sends the visitor's own.
  // The render's API calls (method, address, status) of the page being drawn: listed when it renders more than once.
  let calls = [];
  const throughShop = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://render.local');
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(`${origin}${url.pathname}${url.search}`, { ...init, headers });
    calls.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search} ${res.status}`);
    return res;
  };
  const paths = only ?? [
    '',
    '/catalog',
    '/catalog?category=1',
    '/catalog?category=1&sort=price-asc&page=2',
    '/catalog?q=vitamin',
    `/item/${itemId}`,
    '/about-us',
    '/terms-of-use',
    '/privacy-policy',
    '/return-policy',
    '/accessibility',
    '/docs/items-eligibility',
    '/contacts',
    '/balance-check',
    '/login',
    '/no-such-page',
  ];
  const rows = [];
  for (const locale of locales) {
    for (const path of paths) {
      const address = `${locale === 'es' ? '/es' : ''}${path}` || '/';
      const cookies = [`locale=${locale}`, ...(cookie ? [cookie] : [])].join('; ');
      const request = new Request(`${origin}${address}`, { headers: { accept: 'text/html', cookie: cookies } });
      calls = [];
      const drawn = await render(request, { fetch: throughShop, origin });
      const renders = drawn.kind === 'page' ? (drawn.renders ?? null) : null;
      rows.push({ path: address, status: drawn.status, renders, ...(renders !== null && renders !== 1 ? { calls } : {}) });
    }
  }
  return rows;
}

/**
 * A call of the shop's API: with a bearer `token`, or as a browser's web session (`session`:
 * the `otc_session` cookie and its CSRF token, docs/web-session.md); `headers` added as given.
 * `answer` receives the fetch Response (its cookies).
 */
async function api(origin, method, path, { body, token, lang, session, headers, answer } = {}) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
      ...(session ? { cookie: `${SESSION_COOKIE}=${session.cookie}`, 'x-csrf-token': session.csrf } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  answer?.(res);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** The web session's cookie (docs/web-session.md): the storefront signs in with it, no tokens. */
const SESSION_COOKIE = 'otc_session';

/** The web session's cookie value an answer sets (its `Set-Cookie` lines), or null. */
function sessionCookieOf(res) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    if (pair.startsWith(`${SESSION_COOKIE}=`)) return pair.slice(SESSION_COOKIE.length + 1);
  }
  return null;
}

/** Orderable products (status fine, stock >= 10), cheapest first. */
async function orderable(origin) {
  const { products } = await api(origin, 'GET', '/api/catalog/products?sort=price-asc&page=2');
  return products.filter((p) => p.status === null && p.inStock >= 10);
}

/**
 * A customer with a complete profile, a Texas address, a health plan, three products in the
 * cart and the delivery address chosen (so the checkout opens on the payment step).
 */
async function customerWithCart(origin, language) {
  const login = `bench-${language}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
  await api(origin, 'POST', '/api/auth/register/code', { body: { login } });
  let code;
  for (let i = 0; i < 50 && !code; i += 1) {
    const { messages } = await api(origin, 'GET', `/api/dev/outbox?to=${encodeURIComponent(login)}`);
    code = messages.find((m) => m.code)?.code;
    if (!code) await sleep(200);
  }
  if (!code) throw new Error(`no one-time code for ${login} in the development outbox`);
  // Signed up as the storefront does (issue 29): a web session in a cookie, as the browser holds it.
  let cookie = null;
  const signedIn = await api(origin, 'POST', '/api/auth/register', {
    body: { login, code, firstName: 'Ana', lastName: 'Diaz', interfaceLanguage: language },
    headers: { 'x-auth-mode': 'session' },
    answer: (res) => {
      cookie = sessionCookieOf(res);
    },
  });
  if (!cookie || !signedIn.csrf_token) throw new Error(`no web session for ${login}`);
  const session = { cookie, csrf: signedIn.csrf_token };
  await api(origin, 'PATCH', '/api/customer/data', { session, body: { birthdate: '1950-02-03' } });
  await api(origin, 'PUT', '/api/customer/health-plan', { session, body: { code: 'cl1' } });
  await api(origin, 'POST', '/api/customer/address', {
    session,
    body: { address: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  });
  const products = (await orderable(origin)).slice(0, 3);
  const draft = await api(origin, 'POST', '/api/order/prepare-draft', { session, body: {} });
  await api(origin, 'PUT', `/api/order/${draft.id}/items`, {
    session,
    body: { rows: products.map((p) => ({ sku_id: p.id, amount: 2 })) },
  });
  const addresses = await api(origin, 'GET', '/api/customer/address', { session });
  const setDelivery = () => api(origin, 'PUT', '/api/order/delivery', { session, body: { addressId: addresses[0].id } });
  await setDelivery();
  return { login, session, draftId: draft.id, setDelivery };
}

/**
 * A demo member of `ops seed` (apps/api/src/seed/seed.ts, DEMO_CUSTOMERS: James Carter, plan
 * `ep`, English; password DEMO_PASSWORD) signed in with their password as the storefront does (a
 * web session: the `otc_session` cookie), and three orderable products, two of each, put in their
 * cart through the API. Works in production (no outbox needed).
 */
const DEMO_MEMBER = { login: 'national.demo@example.com', password: 'Demo1234' };

async function demoMemberWithCart(origin) {
  let cookie = null;
  const signedIn = await api(origin, 'POST', '/api/auth/login', {
    body: { username: DEMO_MEMBER.login, password: DEMO_MEMBER.password },
    headers: { 'x-auth-mode': 'session' },
    answer: (res) => {
      cookie = sessionCookieOf(res);
    },
  });
  if (!cookie || !signedIn?.csrf_token) throw new Error(`no web session for ${DEMO_MEMBER.login}`);
  const session = { cookie, csrf: signedIn.csrf_token };
  const me = await api(origin, 'GET', '/api/auth/me', { session });
  const products = (await orderable(origin)).slice(0, 3);
  const draft = await api(origin, 'POST', '/api/order/prepare-draft', { session, body: {} });
  await api(origin, 'PUT', `/api/order/${draft.id}/items`, {
    session,
    body: { rows: products.map((p) => ({ sku_id: p.id, amount: 2 })) },
  });
  return { login: DEMO_MEMBER.login, me, session, draftId: draft.id, products };
}

// ---------------------------------------------------------------------------------------------
// Chromium (Playwright, from the e2e workspace) with a debugging port Lighthouse connects to

function playwright() {
  const require = createRequire(join(root, 'e2e/package.json'));
  return require('@playwright/test');
}

async function startBrowser() {
  const { chromium } = playwright();
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'otc-bench-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chrome,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  return {
    port,
    context,
    page,
    /** A cold load: no HTTP cache, empty storage; then the web session's cookie (or none). */
    async prepare(origin, session) {
      await cdp.send('Network.clearBrowserCache');
      await context.clearCookies();
      await page.goto(`${origin}/api/health`);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      if (session) await context.addCookies([{ name: SESSION_COOKIE, value: session.cookie, url: origin, httpOnly: true, sameSite: 'Lax' }]);
      await page.goto('about:blank');
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

function lighthouseOnce(url, file, port, keepStorage) {
  return new Promise((resolveRun) => {
    const child = spawn(
      lighthouseBin,
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${file}`,
        '--only-categories=performance',
        `--port=${port}`,
        ...(keepStorage ? ['--disable-storage-reset'] : []),
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', (error) => resolveRun({ error: error.message }));
    child.on('exit', (code) => {
      if (code !== 0) return resolveRun({ error: `lighthouse exited ${code}` });
      const report = JSON.parse(readFileSync(file, 'utf8'));
      if (report.runtimeError) return resolveRun({ error: `${report.runtimeError.code} ${report.runtimeError.message}` });
      return resolveRun({ report });
    });
  });
}

async function lighthouse(url, file, port, keepStorage) {
  for (let attempt = 1; ; attempt += 1) {
    const { report, error } = await lighthouseOnce(url, file, port, keepStorage);
    if (report) return report;
    if (attempt === 3) throw new Error(`${url}: ${error}`);
    log(`  ${url}: ${error}; running it again`);
  }
}

/** The scripts fetched before the observed LCP that belong to this page (not prefetched for links). */
function observedScripts(report, origin, served, others) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const metrics = report.audits.metrics?.details?.items?.[0] ?? {};
  const cut = metrics.observedLargestContentfulPaint ?? Infinity;
  let bytes = 0;
  let count = 0;
  for (const request of requests) {
    if (request.resourceType !== 'Script' || request.rendererStartTime > cut) continue;
    if (!request.url.startsWith(`${origin}/`)) continue;
    const path = new URL(request.url).pathname;
    if (others.has(path)) continue;
    const file = join(served, path);
    if (!existsSync(file)) continue;
    bytes += gzipSize(file);
    count += 1;
  }
  return { gzipBytes: bytes, count };
}

function summarize(report) {
  const audit = (id) => report.audits[id]?.numericValue ?? null;
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
    siMs: Math.round(audit('speed-index')),
    lcpElement: report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? null,
    opportunities: Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && (a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0) > 0)
      .map((a) => a.id),
  };
}

const reportsDir = join(root, 'bench-results/lighthouse');

async function lighthousePages(server, browser, pages, firstLoads) {
  mkdirSync(reportsDir, { recursive: true });
  const rows = [];
  for (const page of pages) {
    const results = [];
    for (let i = 1; i <= runs; i += 1) {
      await page.before?.();
      await browser.prepare(server.origin, page.session);
      const file = join(reportsDir, `${page.id}.run${i}.json`);
      const report = await lighthouse(`${server.origin}${page.path}`, file, browser.port, Boolean(page.session));
      const finalUrl = report.finalDisplayedUrl ?? report.finalUrl;
      results.push({ file, report, ...summarize(report), finalPath: new URL(finalUrl).pathname + new URL(finalUrl).search });
      const last = results.at(-1);
      log(`  ${page.path} run ${i}: performance ${last.performance}, LCP ${last.lcpMs} ms, CLS ${last.cls}, TBT ${last.tbtMs} ms`);
      // Still signed in after the run (the page was drawn for the member, not a guest).
      if (page.session) await api(server.origin, 'GET', '/api/auth/me', { session: page.session });
      if (page.expectPath && last.finalPath !== page.expectPath) {
        throw new Error(`${page.path} ended on ${last.finalPath}, not ${page.expectPath} (not signed in?)`);
      }
    }
    const sorted = [...results].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    const own = firstLoads.get(page.id);
    const others = new Set();
    for (const [id, fl] of firstLoads) if (id !== page.id) for (const s of fl.scripts) others.add(s);
    if (own) for (const s of own.scripts) others.delete(s);
    const observed = observedScripts(median.report, server.origin, server.storefront, others);
    const { report: _report, file, ...figures } = median;
    rows.push({
      id: page.id,
      name: page.name,
      locale: page.locale,
      path: page.path,
      ...figures,
      performanceRuns: results.map((r) => r.performance),
      lcpRuns: results.map((r) => r.lcpMs),
      firstLoadJsGzip: own?.jsGzip ?? null,
      firstLoadCssGzip: own?.cssGzip ?? null,
      observedJsBeforeLcpGzip: observed.gzipBytes,
      report: file.replace(`${root}/`, ''),
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Search as you type

/** Words that find something: words (5+ letters) of product names, none used twice. */
async function searchWords(origin, lang, count, used) {
  const words = [];
  for (let page = 1; words.length < count && page <= 8; page += 1) {
    const { products } = await api(origin, 'GET', `/api/catalog/products?page=${page}`, { lang });
    for (const product of products) {
      const word = product.name
        .toLowerCase()
        .split(/[^a-záéíóúñü0-9]+/)
        .find((w) => w.length >= 5 && !/^\d/.test(w) && !used.has(w) && ![...used].some((u) => u.startsWith(w) || w.startsWith(u)));
      if (!word) continue;
      used.add(word);
      words.push(word);
      if (words.length === count) break;
    }
  }
  return words;
}

async function searchBench(server, browser) {
  const page = await browser.context.newPage();
  const samples = [];
  const used = new Set();
  for (const locale of ['en', 'es']) {
    const words = await searchWords(server.origin, locale === 'en' ? 'en-US' : 'es-US', 10, used);
    await browser.prepare(server.origin, null);
    await page.goto(`${server.origin}${locale === 'en' ? '' : '/es'}/catalog`);
    await page.locator('main h1').first().waitFor();
    for (const word of words) {
      // Open the search (the `/` shortcut), start from an empty box.
      // The page arrives drawn: the shortcut works once it is hydrated, so press until it opens.
      for (let attempt = 1; !(await page.locator('#search-modal-input').isVisible()); attempt += 1) {
        await page.keyboard.press('/');
        try {
          await page.locator('#search-modal-input').waitFor({ timeout: 1_000 });
        } catch (error) {
          if (attempt === 10) throw error;
        }
      }
      const input = page.locator('#search-modal-input');
      await input.fill('');
      await page.locator('#search-categories-heading').waitFor();
      // The emptied box reaches the query after the debounce: wait it out, so the next word's
      // first three letters do not show the previous word's results.
      await page.waitForTimeout(800);
      await page.evaluate(() => {
        const w = window;
        w.__bench = { keys: [], painted: null };
        const input = document.getElementById('search-modal-input');
        input.addEventListener('keydown', (event) => w.__bench.keys.push(event.timeStamp), { capture: true });
        const dialog = input.closest('[role="dialog"]') ?? document.body;
        const settled = () =>
          !dialog.querySelector('[aria-busy="true"]') &&
          !dialog.querySelector('#search-categories-heading') &&
          dialog.querySelector('[role="status"], [role="alert"]');
        const observer = new MutationObserver(() => {
          if (w.__bench.keys.length === 0 || w.__bench.pending || !settled()) return;
          w.__bench.pending = true;
          observer.disconnect();
          // The frame that draws the results: rAF runs before its paint, the task after it.
          requestAnimationFrame(() => setTimeout(() => (w.__bench.painted = performance.now()), 0));
        });
        observer.observe(dialog, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      await input.pressSequentially(word, { delay: 60 });
      await page.waitForFunction(() => window.__bench.painted !== null, null, { timeout: 15_000 });
      const { keys, painted } = await page.evaluate(() => window.__bench);
      samples.push({ locale, query: word, fromLastKeyMs: Math.round(painted - keys.at(-1)), fromFirstKeyMs: Math.round(painted - keys[0]) });
      log(`  search "${word}" (${locale}): ${samples.at(-1).fromLastKeyMs} ms from the last key, ${samples.at(-1).fromFirstKeyMs} ms from the first`);
    }
  }
  await page.close();
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
    return { median: at(0.5), p90: at(0.9), min: sorted[0], max: sorted.at(-1) };
  };
  return {
    samples,
    fromLastKey: stats(samples.map((s) => s.fromLastKeyMs)),
    fromFirstKey: stats(samples.map((s) => s.fromFirstKeyMs)),
  };
}

// ---------------------------------------------------------------------------------------------
// API benchmark

function apiBench() {
  const file = join(tmpdir(), `otc-api-bench-${process.pid}.json`);
  const env = {
    ...process.env,
    BENCH_SIZES: process.env.BENCH_API_SIZES ?? '1000',
    BENCH_BACKENDS: process.env.BENCH_API_BACKENDS ?? 'postgresql',
    BENCH_SECONDS: process.env.BENCH_API_SECONDS ?? '3',
    BENCH_JSON: file,
  };
  const result = spawnSync('pnpm', ['--filter', '@otc/api', 'run', 'bench'], { cwd: root, env, stdio: 'inherit' });
  if (!existsSync(file)) throw new Error(`the API benchmark wrote no results (exit ${result.status})`);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return { ...data, exitCode: result.status, sizes: env.BENCH_SIZES, backends: env.BENCH_BACKENDS, seconds: Number(env.BENCH_SECONDS) };
}

/**
 * Search relevance and scale (issue 19, apps/api/scripts/bench-search.ts): the relevance set on the
 * demo catalog, then search and catalog at 100 000 and 1 000 000 products on PostgreSQL. Also
 * writes bench/results/search.md and search.json.
 */
function searchScaleBench() {
  const file = join(tmpdir(), `otc-search-bench-${process.pid}.json`);
  const result = spawnSync('pnpm', ['--filter', '@otc/api', 'run', 'bench:search'], {
    cwd: root,
    env: { ...process.env, BENCH_JSON: file },
    stdio: 'inherit',
  });
  if (!existsSync(file)) throw new Error(`the search benchmark wrote no results (exit ${result.status})`);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return data;
}

// ---------------------------------------------------------------------------------------------
// Render cost: pages drawn per request on PostgreSQL

const RENDER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The address the API is told (X-Forwarded-For, TRUST_PROXY) for the `n`th connection (1-based). */
function clientAddress(n) {
  return `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** A response header of autocannon's raw list ([name, value, name, value, ...]). */
function rawHeader(raw, name) {
  for (let i = 0; i + 1 < (raw?.length ?? 0); i += 2) if (String(raw[i]).toLowerCase() === name) return String(raw[i + 1]);
  return null;
}

/**
 * What a page answer was, by its headers (storefront.ts, page-renderer.ts and the auth plugin set
 * them): `fallback`, the plain index.html the API sends as a file when it does not draw the page
 * (too busy, or the render failed): a `Last-Modified` (fastify-static), `Cache-Control: no-cache`,
 * or `no-store` for a visitor with a cookie; `drawn`, a page the server drew (`expected`: the
 * Cache-Control it must have, a member's `private, no-store`); `other`, anything else.
 */
function pageKind(cacheControl, lastModified, expected) {
  if (lastModified !== null || cacheControl === 'no-cache') return 'fallback';
  if (expected && cacheControl !== expected) return 'other';
  return 'drawn';
}

/**
 * `connections` keep-alive connections on `path` for `seconds` (autocannon, as the API bench).
 * `addresses`: each connection says it is another client (`X-Forwarded-For: 10.77.0.n`, believed
 * by an API started with TRUST_PROXY=127.0.0.1), as many shoppers behind the deploy's proxy;
 * otherwise every request is 127.0.0.1's. `page`: the answers are pages, counted by kind
 * (pageKind; `page.expected`: the Cache-Control of a drawn one) with the latencies of the drawn
 * ones apart, and the Cache-Control values seen.
 */
async function loadPath(autocannon, origin, path, headers, seconds, connections, { addresses = false, page = null } = {}) {
  const times = [];
  const statuses = {};
  const kinds = { drawn: 0, fallback: 0, other: 0 };
  const bytes = { drawn: 0, fallback: 0, other: 0 };
  const drawnTimes = [];
  const cacheControls = {};
  const lastHeaders = new WeakMap();
  let clients = 0;
  const setupClient = (client) => {
    clients += 1;
    if (addresses) client.setHeaders({ ...headers, 'x-forwarded-for': clientAddress(clients) });
    if (page) client.on('headers', (answer) => lastHeaders.set(client, answer.headers));
  };
  const result = await new Promise((resolveRun, reject) => {
    const instance = autocannon(
      { url: `${origin}${path}`, connections, duration: seconds, headers, setupClient },
      (error, done) => (error ? reject(error) : resolveRun(done)),
    );
    instance.on('response', (client, statusCode, responseBytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      times.push(responseTime);
      if (!page) return;
      const raw = lastHeaders.get(client);
      const cacheControl = rawHeader(raw, 'cache-control');
      const lastModified = rawHeader(raw, 'last-modified');
      const label = `${cacheControl ?? '(none)'}${lastModified !== null ? ' (a file: Last-Modified)' : ''}`;
      cacheControls[label] = (cacheControls[label] ?? 0) + 1;
      const kind = pageKind(cacheControl, lastModified, page.expected);
      kinds[kind] += 1;
      bytes[kind] += responseBytes;
      if (kind === 'drawn') drawnTimes.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  drawnTimes.sort((a, b) => a - b);
  const round = (n) => (n === null ? null : Number(n.toFixed(1)));
  return {
    requests: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    rps: Math.round(times.length / seconds),
    non2xx: Object.entries(statuses).reduce((sum, [code, n]) => sum + (code >= 200 && code < 300 ? 0 : n), 0),
    // autocannon's `errors` include its timeouts (10 s without an answer).
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    ...(page
      ? {
          answers: kinds,
          drawnP50: round(percentile(drawnTimes, 50)),
          drawnP95: round(percentile(drawnTimes, 95)),
          drawnRps: Math.round(drawnTimes.length / seconds),
          cacheControls,
          // Mean bytes of an answer of each kind (headers and body as sent, compressed).
          meanBytes: Object.fromEntries(Object.entries(bytes).map(([kind, n]) => [kind, kinds[kind] ? Math.round(n / kinds[kind]) : null])),
        }
      : {}),
    ...(addresses ? { clientAddresses: clients } : {}),
  };
}

/**
 * Waits until the server has worked off what the load left (renders of abandoned requests go on):
 * three /api/health answers in a row within 100 ms, at most 120 s. Returns the seconds waited.
 */
async function settle(origin) {
  const started = Date.now();
  let fast = 0;
  while (fast < 3 && Date.now() - started < 120_000) {
    const t = performance.now();
    try {
      await (await fetch(`${origin}/api/health`)).text();
      fast = performance.now() - t < 100 ? fast + 1 : 0;
    } catch {
      fast = 0;
    }
    await sleep(fast > 0 ? 50 : 500);
  }
  return Math.round((Date.now() - started) / 100) / 10;
}

/** What a member's page answer must say (page-renderer.ts PERSONAL_PAGE_CACHE_CONTROL). */
const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** Text as React writes it into the HTML (names with `&`, quotes or `<`). */
function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** Plan marks drawn in a page (apps/storefront/src/lib/coverage-mark.tsx, components/product-flags.tsx). */
function planMarks(html) {
  const count = (text) => html.split(text).length - 1;
  return { covered: count('Covered by your plan'), notCovered: count('>Not covered<') + count('Not covered by your plan') };
}

/**
 * One answer of a page (as a browser asks for it; fetch undoes the encoding), checked before the
 * load: its status and Cache-Control, whether it is drawn (not the plain index.html), the plan
 * marks it carries, and for a cart the member's products it lists.
 */
async function pageProbe(origin, path, headers, products = []) {
  const res = await fetch(`${origin}${path}`, { headers, redirect: 'manual' });
  const html = await res.text();
  const drawn = res.ok && html.includes('<div id="root">') && !html.includes('<div id="root"></div>');
  const listed = products.filter((p) => html.includes(escapeHtml(p.name)) || html.includes(p.name)).length;
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    drawn,
    marks: planMarks(html),
    ...(products.length > 0 ? { cartRows: { listed, of: products.length } } : {}),
    bytes: html.length,
  };
}

/**
 * The API on a throw-away PostgreSQL database (created beside BENCH_RENDER_DATABASE_URL's, seeded
 * by `ops seed --products N` as a demo deploy, ANALYZEd, dropped at the end) in production mode,
 * drawing the pages with the render module: guest /catalog and /item/61 with the page cache off
 * (every request a render) then on; with it on (as deployed), a signed-in member's /cart (three
 * products in it) and /catalog (with their plan's marks), drawn for them at each request, from
 * one client address (127.0.0.1, as autocannon is) and from one address per connection
 * (X-Forwarded-For through TRUST_PROXY=127.0.0.1, as shoppers behind the deploy's proxy); and
 * /api/health alone. Each page under load has /api/health on one more connection beside it. Every
 * page answer is counted as drawn or the plain index.html (the renderer's answer when it is too
 * busy), by its Cache-Control.
 */
async function renderBench(copy) {
  const seconds = Math.max(1, Number(process.env.BENCH_RENDER_SECONDS ?? '10') || 10);
  const connections = Math.max(1, Number.parseInt(process.env.BENCH_RENDER_CONNECTIONS ?? '50', 10) || 50);
  const products = process.env.BENCH_RENDER_PRODUCTS ?? '1000';
  const adminUrl = process.env.BENCH_RENDER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const requireApi = createRequire(join(root, 'apps/api/package.json'));
  const postgres = requireApi('postgres');
  const autocannon = requireApi('autocannon');
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  const name = `otc_bench_render_${randomBytes(6).toString('hex')}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Production (as deployed; the sandbox gateways of the demo data allowed), as apps/api/scripts/bench.ts.
  // The request limits are lifted by startApi (RATE_LIMIT_PER_MINUTE, AUTH_RATE_LIMIT_PER_MINUTE);
  // the renderer's own limits (page-renderer.ts: renders at once, waiting, per client, misses per
  // client a minute) stay as deployed.
  const env = {
    NODE_ENV: 'production',
    PAYMENT_SANDBOX: 'on',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    // X-Forwarded-For believed from loopback only: the member cases "one address per connection"
    // (compose.yaml: the API behind its proxy); a request without it is 127.0.0.1's, as before.
    TRUST_PROXY: '127.0.0.1',
    // Not a line per page sent undrawn ('renders busy: serving index.html' is a warning): counted here.
    LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'error',
    // Guest pages drawn for no one that one client may have rendered a minute (default 120): the
    // bench's one address would pass it within seconds with the page cache off, and every page
    // after it would be index.html, not a render. Members' pages are not counted by it.
    PAGE_MISSES_PER_CLIENT_MINUTE: process.env.BENCH_RENDER_MISSES_PER_MINUTE ?? '1000000',
  };
  const rows = [];
  const checks = {};
  const started = Date.now();
  try {
    log(`render cost: seeding ${name} (${products} products)`);
    run(process.execPath, [apiOps, 'seed', '--products', products], {
      cwd: join(root, 'apps/api'),
      env: { ...process.env, REDIS_URL: '', ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await db.unsafe('ANALYZE');
    await db.end();
    const seedS = Math.round((Date.now() - started) / 100) / 10;
    const health = { case: 'health', who: null, path: '/api/health', headers: { 'accept-encoding': 'gzip, deflate, br' }, page: null };
    const guestCases = [
      { case: 'catalog', who: 'guest', path: '/catalog', headers: RENDER_HEADERS, page: {} },
      { case: 'item', who: 'guest', path: '/item/61', headers: RENDER_HEADERS, page: {} },
    ];
    for (const cacheSeconds of [0, 60]) {
      const cache = cacheSeconds === 0 ? 'off' : 'on';
      const server = await startApi({
        label: `render (page cache ${cache})`,
        storefront: copy.storefront,
        render: copy.render,
        env: { ...env, PAGE_CACHE_SECONDS: String(cacheSeconds) },
      });
      try {
        let memberCases = [];
        if (cacheSeconds > 0) {
          // A member's pages: drawn for them at each request, never kept, whatever the page cache.
          const member = await demoMemberWithCart(server.origin);
          const cookie = `${SESSION_COOKIE}=${member.session.cookie}`;
          const headers = { ...RENDER_HEADERS, cookie };
          const guestCatalog = await pageProbe(server.origin, '/catalog', RENDER_HEADERS);
          checks.member = {
            login: member.login,
            plan: member.me?.health_plan ?? member.me?.healthPlan ?? null,
            cart: member.products.map((p) => ({ id: p.id, name: p.name, amount: 2 })),
            guestCatalogMarks: guestCatalog.marks,
          };
          checks.rendersPerRequest = await rendersPerRequest(copy.render, server.origin, 61, {
            paths: ['/cart', '/catalog'],
            cookie,
          });
          for (const r of checks.rendersPerRequest) r.who = 'member';
          const guestRenders = await rendersPerRequest(copy.render, server.origin, 61, { paths: ['/catalog', '/item/61'] });
          for (const r of guestRenders) r.who = 'guest';
          checks.rendersPerRequest.push(...guestRenders);
          log(
            `  signed in ${member.login} (cart: ${member.products.map((p) => p.id).join(', ')}, two of each); renders per request: ` +
              checks.rendersPerRequest.map((r) => `${r.who} ${r.path} ${r.renders ?? 'no page'}`).join(', '),
          );
          for (const addresses of [false, true]) {
            for (const [kind, path] of [['cart', '/cart'], ['catalog', '/catalog']]) {
              memberCases.push({
                case: `member-${kind}${addresses ? '-addresses' : ''}`,
                who: 'member',
                path,
                headers,
                page: { expected: PERSONAL_CACHE_CONTROL },
                addresses,
                cartProducts: kind === 'cart' ? member.products : [],
              });
            }
          }
        }
        for (const c of [...guestCases, ...memberCases, health]) {
          // Before the load: one answer checked (the first fills the page cache when on for a guest).
          const probe = c.page ? await pageProbe(server.origin, c.path, c.headers, c.cartProducts) : null;
          if (probe && !probe.drawn) log(`  WARNING ${c.path} answered ${probe.status} without a drawn page: measuring what it serves`);
          if (probe && c.who === 'member') {
            const wrong = [];
            if (probe.cacheControl !== PERSONAL_CACHE_CONTROL) wrong.push(`Cache-Control ${probe.cacheControl}`);
            if (c.path === '/cart' && probe.cartRows.listed !== probe.cartRows.of) wrong.push(`${probe.cartRows.listed} of the ${probe.cartRows.of} products in the cart listed`);
            if (c.path === '/catalog' && probe.marks.covered + probe.marks.notCovered === 0) wrong.push('no plan marks');
            if (wrong.length > 0) log(`  WARNING the member's ${c.path} is not as drawn for them: ${wrong.join('; ')}`);
          }
          // Warm-up: three requests one after the other.
          for (let i = 0; i < 3; i += 1) await (await fetch(`${server.origin}${c.path}`, { headers: c.headers })).arrayBuffer();
          // Beside the load: /api/health on one connection (127.0.0.1), what the rest of the API sees meanwhile.
          const [figures, beside] = await Promise.all([
            loadPath(autocannon, server.origin, c.path, c.headers, seconds, connections, { addresses: c.addresses, page: c.page }),
            c.page ? loadPath(autocannon, server.origin, '/api/health', {}, seconds, 1) : null,
          ]);
          const settledS = await settle(server.origin);
          // A member's page must not have gone into the page cache: a guest's catalog after the load has no plan marks.
          const guestAfter = c.who === 'member' && c.path === '/catalog' ? await pageProbe(server.origin, '/catalog', RENDER_HEADERS) : null;
          rows.push({
            cache,
            cacheSeconds,
            case: c.case,
            who: c.who,
            path: c.path,
            clients: c.page ? (c.addresses ? `${connections} addresses` : 'one address') : null,
            ...(probe ? { status: probe.status, drawn: probe.drawn, probe } : {}),
            ...figures,
            healthMeanwhile: beside ? { p50: beside.p50, p95: beside.p95, requests: beside.requests, timeouts: beside.timeouts } : null,
            settledS,
            ...(guestAfter ? { guestCatalogAfterMarks: guestAfter.marks } : {}),
          });
          const a = figures.answers;
          log(
            `  ${c.who ? `${c.who} ` : ''}${c.path} (page cache ${cache}${c.page ? `, ${c.addresses ? `${connections} addresses` : 'one address'}` : ''}): ` +
              `p50 ${figures.p50} ms, p95 ${figures.p95} ms, ${figures.rps} req/s, ` +
              `${figures.non2xx} non-2xx, ${figures.errors} errors (${figures.timeouts} timeouts)` +
              (a ? `; ${a.drawn} drawn (p50 ${figures.drawnP50} ms, p95 ${figures.drawnP95} ms), ${a.fallback} index.html, ${a.other} other` : '') +
              (beside ? `; /api/health meanwhile ${beside.requests ? `p50 ${beside.p50} ms, p95 ${beside.p95} ms` : 'not answered within 10 s'}` : '') +
              (settledS > 1 ? `; ${settledS} s to work off the abandoned requests` : ''),
          );
          if (guestAfter && guestAfter.marks.covered + guestAfter.marks.notCovered > 0) {
            log(`  WARNING a guest's /catalog after the member's load carries plan marks: a member's page was kept`);
          }
        }
      } finally {
        await server.stop();
      }
    }
    return {
      seconds,
      connections,
      products: Number(products),
      database: 'PostgreSQL',
      seedS,
      headers: RENDER_HEADERS,
      logLevel: env.LOG_LEVEL,
      missesPerClientMinute: Number(env.PAGE_MISSES_PER_CLIENT_MINUTE),
      ...checks,
      rows,
    };
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error) => log(`  could not drop ${name}: ${error.message}`));
    await admin.end({ timeout: 5 });
  }
}

/**
 * The previous run, for the targets measured against it: BENCH_PREVIOUS (a file), else the
 * committed bench/results/latest.json (HEAD), else the file as it is before this run writes it.
 */
function previousRun() {
  const file = join(resultsDir, 'latest.json');
  const pick = (text, source) => {
    try {
      const data = JSON.parse(text);
      return {
        source,
        date: data.conditions?.date ?? null,
        commit: data.conditions?.commit ?? null,
        tbt: Object.fromEntries((data.lighthouse ?? []).map((r) => [r.id, { path: r.path, tbtMs: r.tbtMs }])),
        js: Object.fromEntries((data.firstLoad ?? []).map((r) => [r.route, r.jsGzip])),
      };
    } catch {
      return null;
    }
  };
  if (process.env.BENCH_PREVIOUS) return pick(readFileSync(process.env.BENCH_PREVIOUS, 'utf8'), process.env.BENCH_PREVIOUS);
  const committed = spawnSync('git', ['-C', root, 'show', 'HEAD:bench/results/latest.json'], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (committed.status === 0) {
    const previous = pick(committed.stdout, 'bench/results/latest.json at HEAD');
    if (previous) return previous;
  }
  return existsSync(file) ? pick(readFileSync(file, 'utf8'), 'bench/results/latest.json (uncommitted)') : null;
}

// ---------------------------------------------------------------------------------------------

function conditions() {
  const version = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' }).stdout?.trim() ?? '';
  const cpu = cpus();
  const busy = spawnSync('sh', ['-c', 'ps -eo pcpu=,comm= --sort=-pcpu | head -8'], { encoding: 'utf8' }).stdout;
  return {
    date: new Date().toISOString(),
    commit: version('git', ['-C', root, 'rev-parse', '--short', 'HEAD']),
    dirty: version('git', ['-C', root, 'status', '--porcelain', '--', 'apps', 'packages']).length > 0,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model ?? '',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: version(chrome, ['--version']).replace(/\s+/g, ' '),
    lighthouse: JSON.parse(readFileSync(join(storefrontApp, 'node_modules/lighthouse/package.json'), 'utf8')).version,
    loadAverageStart: load(),
    busiestProcesses: busy
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  };
}

function verdicts(result) {
  const list = [];
  const floor = result.floor ?? {};
  const previous = result.previous;
  for (const row of result.lighthouse ?? []) {
    list.push({
      target: `performance >= ${TARGETS.performance}`,
      unit: 'score',
      subject: row.path,
      value: row.performance,
      limit: TARGETS.performance,
      ok: row.performance >= TARGETS.performance,
      by: row.performance - TARGETS.performance,
    });
    const ratio = TARGETS.lcpRatio[row.name];
    if (floor.lighthouse && ratio !== undefined) {
      const limit = Math.round(floor.lighthouse.lcpMs * ratio);
      list.push({
        target: `LCP <= ${ratio.toFixed(1)} x floor`,
        unit: 'ms',
        subject: row.path,
        value: row.lcpMs,
        limit,
        ok: row.lcpMs <= limit,
        by: limit - row.lcpMs,
      });
    }
    list.push({
      target: `CLS = ${TARGETS.cls}`,
      unit: 'cls',
      subject: row.path,
      value: row.cls,
      limit: TARGETS.cls,
      ok: row.cls <= TARGETS.cls,
      by: Number((TARGETS.cls - row.cls).toFixed(3)),
    });
    if (row.previousTbtMs !== null && row.previousTbtMs !== undefined) {
      list.push({
        target: 'TBT <= previous run',
        unit: 'ms',
        subject: row.path,
        value: row.tbtMs,
        limit: row.previousTbtMs,
        ok: row.tbtMs <= row.previousTbtMs,
        by: row.previousTbtMs - row.tbtMs,
      });
    }
  }
  if (previous) {
    for (const route of result.firstLoad ?? []) {
      if (route.previousJsGzip === null || route.previousJsGzip === undefined) continue;
      list.push({
        target: 'first-load JS <= previous run',
        unit: 'bytes',
        subject: route.route,
        value: route.jsGzip,
        limit: route.previousJsGzip,
        ok: route.jsGzip <= route.previousJsGzip,
        by: route.previousJsGzip - route.jsGzip,
      });
    }
  }
  for (const c of result.searchScale?.checks ?? []) {
    if (c.ok === null) continue;
    list.push({ target: c.label, unit: 'check', subject: 'search-scale', value: c.ok ? 1 : 0, limit: 1, ok: c.ok, by: c.ok ? 0 : -1 });
  }
  const renders = [
    ...(result.rendersPerRequest ?? []).map((row) => ({ ...row, subject: row.path })),
    // The render cost's own counts: a member's pages (their session's cookie) and the guest pages it loads, on PostgreSQL.
    ...(result.render?.rendersPerRequest ?? []).map((row) => ({ ...row, subject: `${row.who} ${row.path} (PostgreSQL)` })),
  ];
  for (const row of renders) {
    list.push({
      target: `renders per request = ${TARGETS.rendersPerRequest}`,
      unit: 'renders',
      subject: row.subject,
      value: row.renders,
      limit: TARGETS.rendersPerRequest,
      ok: row.renders === TARGETS.rendersPerRequest,
      by: TARGETS.rendersPerRequest - (row.renders ?? 0),
    });
  }
  if (result.search) {
    list.push({
      target: `search painted <= ${TARGETS.searchMs} ms from the key press (median)`,
      unit: 'ms',
      subject: 'search',
      value: result.search.fromLastKey.median,
      limit: TARGETS.searchMs,
      ok: result.search.fromLastKey.median <= TARGETS.searchMs,
      by: TARGETS.searchMs - result.search.fromLastKey.median,
    });
  }
  return list;
}

async function main() {
  // BENCH_ONLY: some parts alone (e.g. `render`), written apart so latest.* keep the last full run.
  const partial = only.length > 0;
  const unknown = only.filter((part) => !PARTS.includes(part));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: no part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
  if ((!skip.has('lighthouse') || !skip.has('search')) && !existsSync(chrome)) throw new Error(`no Chromium at ${chrome} (set CHROME_PATH)`);
  // The floor is Lighthouse's reference: a BENCH_ONLY run without Lighthouse neither builds nor measures it.
  const withFloor = !partial || !skip.has('lighthouse');
  const started = Date.now();
  const cond = conditions();
  // Before anything is written: this run's targets compare with it.
  const previous = previousRun();
  log(`bench: load average ${cond.loadAverageStart.join(' ')} on ${cond.cpus} CPUs at start`);
  log(previous ? `previous run: ${previous.source} (${previous.date}, commit ${previous.commit})` : 'previous run: none found');
  await buildAll({ floor: withFloor });

  const work = mkdtempSync(join(tmpdir(), 'otc-bench-'));
  const stopOnSignal = [];
  const onSignal = () => void Promise.all(stopOnSignal.map((stop) => stop())).finally(() => {
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const copy = buildCopy(work, { floor: withFloor });
  const firstLoad = storefrontFirstLoad(copy.storefront);
  const routes = firstLoad.routes;
  const floorFirst = withFloor ? floorFirstLoad(floorDist) : null;
  const result = {
    conditions: cond,
    ...(partial ? { only } : {}),
    targets: TARGETS,
    previous: previous ? { source: previous.source, date: previous.date, commit: previous.commit } : null,
    ...(withFloor ? { floor: { firstLoad: floorFirst }, firstLoad: routes } : {}),
  };

  try {
    const wantShop = !skip.has('lighthouse') || !skip.has('search');
    const wantFloor = !skip.has('lighthouse');
    // The shop draws its pages; the floor is served as before by an API with the render off.
    const [server, floorServer] = await Promise.all([
      wantShop
        ? startApi({ label: 'shop', storefront: copy.storefront, render: copy.render, dataDir: join(work, 'data-shop') })
        : null,
      wantFloor ? startApi({ label: 'floor', storefront: copy.storefront, render: '', dataDir: join(work, 'data-floor') }) : null,
    ]);
    for (const s of [server, floorServer]) if (s) stopOnSignal.push(s.stop);
    let browser;
    try {
      if (server) {
        const probe = await drawsPages(server.origin);
        result.shopDrawsPages = probe.drawn;
        log(probe.drawn ? 'the shop\'s API draws its pages' : `WARNING the shop's API does not draw /catalog (${probe.status}): pages served as plain index.html`);
        log('first-load JS: checking the served HTML of every route');
        result.firstLoadCheck = await servedFirstLoad(server.origin, firstLoad);
        for (const note of result.firstLoadCheck.notes) log(`  ${note.route} (${note.address}): ${note.note}`);
        log('renders per request: every public page, en and es');
        const itemId = (await orderable(server.origin))[0]?.id ?? 1;
        result.rendersPerRequest = await rendersPerRequest(copy.render, server.origin, itemId);
        for (const row of result.rendersPerRequest) if (row.renders !== TARGETS.rendersPerRequest) log(`  ${row.path}: ${row.renders ?? 'no'} renders`);
      }
      if (server) browser = await startBrowser();
      if (!skip.has('lighthouse')) {
        const item = (await orderable(server.origin))[0];
        const customers = { en: await customerWithCart(server.origin, 'en'), es: await customerWithCart(server.origin, 'es') };
        const byPattern = (pattern, locale) => routes.find((r) => r.pattern === pattern && r.locale === locale);
        const pages = [];
        for (const locale of ['en', 'es']) {
          const prefix = locale === 'en' ? '' : '/es';
          const customer = customers[locale];
          const list = [
            { name: 'home', pattern: '', path: prefix || '/' },
            { name: 'catalog', pattern: 'catalog', path: `${prefix}/catalog` },
            { name: 'item', pattern: 'item/:id', path: `${prefix}/item/${item.id}` },
            { name: 'cart', pattern: 'cart', path: `${prefix}/cart`, session: customer.session, expectPath: `${prefix}/cart` },
            { name: 'login', pattern: 'login', path: `${prefix}/login` },
            {
              name: 'checkout-payment',
              pattern: 'checkout/:id',
              path: `${prefix}/checkout/${customer.draftId}?step=payment`,
              session: customer.session,
              before: customer.setDelivery,
              expectPath: `${prefix}/checkout/${customer.draftId}?step=payment`,
            },
          ];
          for (const page of list) {
            if (onlyPages.length > 0 && !onlyPages.includes(page.name)) continue;
            pages.push({ ...page, locale, id: `${page.name}-${locale}` });
          }
        }
        const firstLoads = new Map(pages.map((p) => [p.id, byPattern(p.pattern, p.locale)]));
        rmSync(reportsDir, { recursive: true, force: true });
        log(`Lighthouse: ${runs} run(s) per page, mobile, default throttling`);
        const [floorRow] = await lighthousePages(floorServer, browser, [{ id: 'floor', name: 'floor', locale: 'en', path: '/floor/' }], new Map());
        result.floor.lighthouse = floorRow;
        await floorServer.stop();
        result.lighthouse = await lighthousePages(server, browser, pages, firstLoads);
        for (const row of result.lighthouse) {
          row.previousTbtMs = previous?.tbt[row.id]?.tbtMs ?? null;
          row.ratio = {
            performance: Number((row.performance / floorRow.performance).toFixed(2)),
            lcp: Number((row.lcpMs / floorRow.lcpMs).toFixed(2)),
            firstLoadJs: row.firstLoadJsGzip ? Number((row.firstLoadJsGzip / floorFirst.jsGzip).toFixed(2)) : null,
          };
        }
      } else result.lighthouse = [];
      if (!skip.has('search')) {
        log('search as you type: 20 queries');
        result.search = await searchBench(server, browser);
      }
    } finally {
      await browser?.close();
      await server?.stop();
      await floorServer?.stop();
    }
    if (result.firstLoad) for (const route of routes) route.previousJsGzip = previous?.js[route.route] ?? null;
    if (!skip.has('render')) {
      log('render cost (PostgreSQL)');
      result.render = await renderBench(copy);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!skip.has('api')) {
    log('API benchmark');
    result.api = apiBench();
  }
  if (!skip.has('search-scale')) {
    log('search relevance and scale (1 000 000 products on PostgreSQL)');
    result.searchScale = searchScaleBench();
  }
  result.conditions.loadAverageEnd = load();
  result.conditions.durationS = Math.round((Date.now() - started) / 1000);
  result.verdicts = verdicts(result);
  result.pass = result.verdicts.every((v) => v.ok);

  mkdirSync(resultsDir, { recursive: true });
  // A BENCH_ONLY run is not the full report: written apart, latest.* keep the last full run.
  const base = !partial ? 'latest' : only.length === 1 && only[0] === 'render' ? 'render' : `partial-${[...only].sort().join('+')}`;
  const markdown = partial ? partialReport(result) : markdownReport(result);
  writeFileSync(join(resultsDir, `${base}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(resultsDir, `${base}.md`), markdown);
  log('');
  log(markdown);
  log(`written: bench/results/${base}.md and ${base}.json`);
  return process.env.BENCH_STRICT === '1' && !result.pass ? 1 : 0;
}

// Only when run directly (report.mjs and the tests import the helpers).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}

export { storefrontFirstLoad, floorFirstLoad, customerWithCart, startApi, renderBench, buildCopy, rendersPerRequest };

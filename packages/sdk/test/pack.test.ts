// The package as another team installs it: `pnpm pack` (which rewrites `catalog:` and
// `workspace:` specifiers), then plain npm in an empty folder outside the workspace (zod comes
// from this workspace's copy, packed as a tarball; msw, the testing entry's peer, and
// @types/node from the registry, or linked from the workspace when the registry is out of
// reach), then tsc type-checks a CommonJS and an ES module consumer, and node runs both. The
// package is built into a throw-away copy (node_modules/.otc-pack-tarball) so this never races a
// real `build` writing dist/.
//
// Then issue 20's acceptance: a fresh consumer project of each kind (ESM TS on bundler and on
// nodenext, CommonJS TS on node16 and node10, plain Node ESM, an esbuild browser bundle), each
// with its own strict tsconfig beside the one install, compiles a whole purchase (sign in by
// code, add to the cart, an address, complete, a declined then an approved sandbox card) and runs
// it twice: against `@otc/sdk/testing` (msw `setupServer`), and against the demo shop, the real
// API on PGlite with its demo data, built here from apps/api/src with the packed SDK (so it needs
// no `build` of the API and races none) and started once for every kind.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build, type Options } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tsupConfig from '../tsup.config.js';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiRoot = resolve(packageRoot, '../../apps/api');
const require = createRequire(import.meta.url);
let staging = '';
let apiStaging = '';
let work = '';
let consumer = '';
let tarball = '';
let api: ChildProcess | undefined;
/** The demo shop's address once its health answers; a `skip` reason when there is no API here. */
let demoShop: Promise<{ url: string } | { skip: string }> | undefined;
const timings: Record<string, number> = {};

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

function timed<T>(name: string, step: () => T): T {
  const start = performance.now();
  try {
    return step();
  } finally {
    timings[name] = Math.round(performance.now() - start);
  }
}

/**
 * The demo shop as `scripts/shop.sh start` serves it (PGlite, demo data seeded at the first
 * start, development mode so the outbox shows the sign-in codes), on a free port and a fresh
 * DATA_DIR. apps/api/src/server.ts is bundled as the API's own build does (`@otc/*` inside,
 * third-party packages from apps/api/node_modules), but with the packed SDK's dist, into
 * apps/api/node_modules/.otc-pack-api-*, beside its migrations (a link): no `build` of the API
 * is needed, and a `build` running at the same time is never read half-written. Answers once the
 * process is spawned; `ready` once its health answers.
 */
async function launchDemoShop(): Promise<{ skip: string } | { ready: Promise<{ url: string }> }> {
  if (!existsSync(join(apiRoot, 'src/server.ts')) || !existsSync(join(apiRoot, 'node_modules'))) {
    return { skip: `no installed API at ${apiRoot}` };
  }
  const started = Date.now();
  apiStaging = mkdtempSync(join(apiRoot, 'node_modules/.otc-pack-api-'));
  symlinkSync(join(apiRoot, 'drizzle'), join(apiStaging, 'drizzle'));
  const server = join(apiStaging, 'dist/server.mjs');
  await esbuild({
    entryPoints: [join(apiRoot, 'src/server.ts')],
    outfile: server,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'packed-sdk',
        setup(bundler) {
          bundler.onResolve({ filter: /^@otc\/sdk(\/[\w-]+)?$/ }, ({ path }) => ({
            path: join(staging, 'dist', `${path === '@otc/sdk' ? 'index' : path.slice(9)}.js`),
          }));
          bundler.onResolve({ filter: /^[^./]/ }, ({ path }) => ({ path, external: true }));
        },
      },
    ],
  });
  const bundled = Date.now();
  const port = await new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail()));
    });
  });
  const logFile = join(work, 'demo-shop.log');
  const log = openSync(logFile, 'w');
  // Ends itself when this process goes (its stdin closes), so a killed test leaves no server.
  const main = `process.stdin.on('close', () => process.kill(process.pid, 'SIGTERM')); process.stdin.resume(); await import(${JSON.stringify(pathToFileURL(server).href)});`;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', main], {
    stdio: ['pipe', log, log],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(work, 'demo-shop'),
      STOREFRONT_DIR: join(work, 'no-storefront'),
      LOG_LEVEL: 'info', // `Server listening` tells when it was up
    },
  });
  api = child;
  const url = `http://127.0.0.1:${port}`;
  const spawned = Date.now();
  const ready = (async () => {
    // Health first, then the deadline: this process may have been busy (sync tsc runs) for long.
    const deadline = spawned + 360_000;
    for (;;) {
      const ok = await fetch(`${url}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        const tail = readFileSync(logFile, 'utf8').slice(-4000);
        throw new Error(`the demo shop did not start (exit ${child.exitCode}):\n${tail}`);
      }
      await new Promise((done) => setTimeout(done, 500));
    }
    // When it listened, from its log (pino's `time`), not when this process got to look.
    const listening = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((line) => line.includes('Server listening'));
    const at = Number(/"time":(\d+)/.exec(listening ?? '')?.[1] ?? Date.now());
    timings['demo shop: bundle'] = bundled - started;
    timings['demo shop: start (migrations, demo data)'] = at - spawned;
    return { url };
  })();
  return { ready };
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * In CI the test command builds every package before any test runs, and nothing builds again
 * while they run: there, `dist/` is used when each of its files is newer than every source, config
 * and manifest it is built from. Elsewhere (a developer may be rebuilding `dist/` right now), or
 * when anything is newer, the package is built into the throw-away copy.
 */
function ciBuild(): string | undefined {
  const dist = join(packageRoot, 'dist');
  if (!process.env.CI || !existsSync(join(dist, 'index.d.cts'))) return undefined;
  const inputs = [
    ...filesUnder(join(packageRoot, 'src')),
    ...['tsup.config.ts', 'tsconfig.json', 'package.json'].map((file) => join(packageRoot, file)),
  ];
  const newestInput = Math.max(...inputs.map((file) => statSync(file).mtimeMs));
  const oldestOutput = Math.min(...filesUnder(dist).map((file) => statSync(file).mtimeMs));
  return newestInput < oldestOutput ? dist : undefined;
}

beforeAll(async () => {
  // Inside the workspace, so pnpm resolves `catalog:` while packing; one folder per run.
  mkdirSync(join(packageRoot, 'node_modules'), { recursive: true });
  staging = mkdtempSync(join(packageRoot, 'node_modules/.otc-pack-tarball-'));
  copyFileSync(join(packageRoot, 'package.json'), join(staging, 'package.json'));
  // What `files` ships beside dist/: the README's links point into it.
  for (const file of ['README.md', 'CHANGELOG.md']) {
    copyFileSync(join(packageRoot, file), join(staging, file));
  }
  cpSync(join(packageRoot, 'docs/reference'), join(staging, 'docs/reference'), {
    recursive: true,
  });
  const config = tsupConfig as Options;
  const entry = Object.fromEntries(
    Object.entries(config.entry as Record<string, string>).map(([name, file]) => [
      name,
      join(packageRoot, file),
    ]),
  );
  const buildStart = performance.now();
  const built = ciBuild();
  if (built) {
    // The package's own build, newer than all it is built from: the same tsup run (18 s of CI's 30
    // minutes), without its source maps, as this build leaves them out.
    cpSync(built, join(staging, 'dist'), { recursive: true, filter: (file) => !file.endsWith('.map') });
    timings['sdk build (copied from dist)'] = Math.round(performance.now() - buildStart);
  } else {
    await build({
      ...config,
      entry,
      outDir: join(staging, 'dist'),
      tsconfig: join(packageRoot, 'tsconfig.json'),
      sourcemap: false,
      silent: true,
      clean: true,
    });
    timings['sdk build'] = Math.round(performance.now() - buildStart);
  }

  work = mkdtempSync(join(tmpdir(), 'otc-sdk-pack-'));
  // The API boots (migrations, demo data) in its own process while the consumers install and
  // compile; its tests await it, and fail with its log when it does not start.
  const launched = launchDemoShop();
  demoShop = launched.then<{ url: string } | { skip: string }>((shop) =>
    'skip' in shop ? shop : shop.ready,
  );
  demoShop.catch(() => undefined);
  await launched.catch(() => undefined);

  run('pnpm', ['pack', '--pack-destination', work], staging);
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  tarball = join(work, `otc-sdk-${version}.tgz`);
  // zod from this workspace, as a tarball, so the install needs no registry for it.
  const zodDir = realpathSync(dirname(require.resolve('zod/package.json')));
  run(
    'tar',
    [
      '-czhf',
      join(work, 'zod.tgz'),
      '--hard-dereference',
      '--transform',
      's,^zod,package,',
      '-C',
      dirname(zodDir),
      'zod',
    ],
    work,
  );

  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true }),
  );
  // msw (the testing entry's peer) and @types/node at the workspace's versions, as a consumer
  // adds them; npm checks msw against the SDK's peer range.
  const peers = ['msw', '@types/node'].map((name) => {
    const manifest = require.resolve(`${name}/package.json`);
    const { version: at } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    return { name, at, dir: realpathSync(dirname(manifest)) };
  });
  const install = ['install', '--no-audit', '--no-fund', '--ignore-scripts'];
  timed('npm install', () => {
    try {
      run(
        'npm',
        [
          ...install,
          '--prefer-offline',
          join(work, 'zod.tgz'),
          tarball,
          ...peers.map(({ name, at }) => `${name}@${at}`),
        ],
        consumer,
      );
    } catch (error) {
      const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH/;
      if (!offline.test(String(error))) throw error;
      console.warn('pack test: no registry, msw and @types/node are linked from the workspace');
      run('npm', [...install, '--offline', join(work, 'zod.tgz'), tarball], consumer);
      for (const { name, dir } of peers) {
        mkdirSync(dirname(join(consumer, 'node_modules', name)), { recursive: true });
        symlinkSync(dir, join(consumer, 'node_modules', name));
      }
    }
  });
}, 600_000);

afterAll(async () => {
  const child = api;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (Object.keys(timings).length > 0) console.log('pack test timings (ms):', timings);
  if (staging) rmSync(staging, { recursive: true, force: true });
  if (apiStaging) rmSync(apiStaging, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
}, 30_000);

describe('the packed @otc/sdk', () => {
  it('has a manifest npm can install: no catalog: or workspace: left, types first in exports', () => {
    const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], work)) as {
      dependencies: Record<string, string>;
      exports: Record<string, Record<string, Record<string, string>> | string>;
    };
    const text = JSON.stringify(manifest);
    expect(text).not.toContain('catalog:');
    expect(text).not.toContain('workspace:');
    expect(manifest.dependencies.zod).toMatch(/^\^?\d+\.\d+\.\d+/);
    const root = manifest.exports['.'] as Record<string, Record<string, string>>;
    expect(Object.keys(root.require ?? {})).toEqual(['types', 'default']);
    expect(root.require?.types).toBe('./dist/index.d.cts');
    expect(root.import?.types).toBe('./dist/index.d.ts');
    const files = run('tar', ['-tzf', tarball], work).split('\n');
    for (const file of [
      'dist/index.d.cts',
      'dist/index.cjs',
      'dist/index.js',
      'dist/rules.d.cts',
      'README.md',
    ]) {
      expect(files).toContain(`package/${file}`);
    }
  });

  it('ships every file its README links to (relative links resolve inside the tarball)', () => {
    const files = new Set(run('tar', ['-tzf', tarball], work).split('\n'));
    const readme = run('tar', ['-xzOf', tarball, 'package/README.md'], work);
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => (match[1] ?? '').split('#')[0] ?? '')
      .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
    expect(targets).toContain('docs/reference/README.md');
    expect(
      targets.filter((target) => !files.has(`package/${target.replace(/^\.\//, '')}`)),
    ).toEqual([]);
    // The reference's own pages link to each other: they are all there.
    const reference = run('tar', ['-xzOf', tarball, 'package/docs/reference/README.md'], work);
    for (const [, page] of reference.matchAll(/\]\(([\w-]+\.md)\)/g)) {
      expect(files).toContain(`package/docs/reference/${page}`);
    }
  });

  it('type-checks options given an explicit undefined under exactOptionalPropertyTypes', () => {
    // An app that builds the options from its own optional config passes `undefined` outright.
    const dir = join(consumer, 'exact-optional');
    mkdirSync(dir, { recursive: true });
    const source = readFileSync(join(packageRoot, 'test/types/exact-optional-options.ts'), 'utf8');
    writeFileSync(
      join(dir, 'consumer.ts'),
      source.replace("from '../../src/index.js'", "from '@otc/sdk'"),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          strict: true,
          exactOptionalPropertyTypes: true,
          noEmit: true,
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir)).toBe('');
  }, 180_000);

  it('type-checks a CommonJS and an ES module consumer with tsc (nodenext)', () => {
    // `@ts-expect-error` lines prove the types are real: were they `any`, tsc would fail on them.
    const body = `
const client = createClient({ baseUrl: 'https://shop.example', tokens: createMemoryStorage() });
const pending: Promise<unknown> = client.catalog.products({ page: 1 }, { locale: 'es' });
void pending;
const cents: number = toCents('12.50');
// @ts-expect-error toCents takes a money string
toCents(12);
const price: string = formatPrice('12.50');
const redirect: string | null = safeRedirectPath('/cart');
const ok: boolean = isApiError(new Error('x'), 'promo_code_invalid');
const status: number = statusAfterPayment('trnsx');
const free: boolean = itemAvailability({ status: null, stock: 2 }).orderable;
void [cents, price, redirect, ok, status, free];
`;
    writeFileSync(
      join(consumer, 'consumer.cts'),
      `import { createClient, createMemoryStorage, formatPrice, isApiError, itemAvailability, safeRedirectPath, statusAfterPayment, toCents } from '@otc/sdk';
import { mergeGuestCart } from '@otc/sdk/rules';
${body}
export const merged = mergeGuestCart([], [{ sku_id: 1, amount: 1 }]).rows;
`,
    );
    writeFileSync(
      join(consumer, 'consumer.mts'),
      `import { createClient, createMemoryStorage, formatPrice, isApiError, itemAvailability, safeRedirectPath, statusAfterPayment, toCents } from '@otc/sdk';
import { settingsSchema } from '@otc/sdk/schemas';
${body}
export const schema = settingsSchema;
`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          strict: true,
          noEmit: true,
        },
        files: ['consumer.cts', 'consumer.mts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], consumer)).toBe('');
  }, 180_000);

  it('resolves every subpath entry under moduleResolution node10 (typesVersions)', () => {
    const dir = join(consumer, 'node10');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { createClient, CONTRACT_VERSION_HEADER } from '@otc/sdk';
import { contract, CONTRACT_VERSION } from '@otc/sdk/contract';
import { settingsSchema } from '@otc/sdk/schemas';
import { mergeGuestCart } from '@otc/sdk/rules';
import { validatePromoCode } from '@otc/sdk/validation';
const version: string = CONTRACT_VERSION;
const header: string = CONTRACT_VERSION_HEADER;
const method: string = contract.payOrder.method;
const rows = mergeGuestCart([], [{ sku_id: 1, amount: 1 }]).rows;
const promo = validatePromoCode(' Welcome10 ');
// @ts-expect-error the types are real: a number is not a promo code issue
const wrong: number = validatePromoCode('x');
export { createClient, settingsSchema, version, header, method, rows, promo, wrong };
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'commonjs',
          moduleResolution: 'node10',
          // zod's own declarations default-import their locales (as `tsc --init` sets it).
          esModuleInterop: true,
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          strict: true,
          noEmit: true,
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir)).toBe('');
  }, 180_000);

  it('runs with require and import, and isApiError knows an ApiError of the other build', () => {
    writeFileSync(
      join(consumer, 'cross.mjs'),
      `import { createRequire } from 'node:module';
import * as esm from '@otc/sdk';
const cjs = createRequire(import.meta.url)('@otc/sdk');
const fromCjs = new cjs.ApiError({ status: 402, message: 'No funds', code: 'notEnoughBalance' });
const fromEsm = new esm.ValidationError({ message: 'Invalid' });
console.log(JSON.stringify({
  twoBuilds: cjs.ApiError !== esm.ApiError,
  esmKnowsCjs: esm.isApiError(fromCjs, 'notEnoughBalance'),
  instanceOf: fromCjs instanceof esm.ApiError,
  cjsKnowsEsm: cjs.isApiError(fromEsm) && fromEsm instanceof cjs.ValidationError,
  notValidation: fromCjs instanceof esm.ValidationError,
  price: cjs.formatPrice('12.5'),
}));
`,
    );
    expect(JSON.parse(run(process.execPath, ['cross.mjs'], consumer))).toEqual({
      twoBuilds: true,
      esmKnowsCjs: true,
      instanceOf: true,
      cjsKnowsEsm: true,
      notValidation: false,
      price: '$12.50',
    });
    // Two node processes load the packed builds: seconds on a busy 2-core machine.
  }, 60_000);
});

// --- issue 20's acceptance: a purchase from each kind of consumer ---------------------------

/** The test shop's origin in the consumers (msw answers it; nothing listens there). */
const TEST_SHOP = 'https://shop.test';
/** Demo customers of both shops (the API's seed and `@otc/sdk/testing`), one per kind in turn. */
const DEMO_LOGINS = [
  's3.demo@example.com',
  'network.demo@example.com',
  'national.demo@example.com',
];

/**
 * The purchase every consumer makes, as TypeScript or as plain JavaScript (JSDoc types): sign in
 * by code (the shop's development outbox holds it), fill the cart up to the minimum order with an
 * item the customer's plan covers, an address in a delivery state, complete, a declined sandbox
 * card (its error in Spanish), then a card that approves; the order as read back.
 */
function purchaseSource(typed: boolean): string {
  const signature = typed
    ? 'export async function purchase(baseUrl: string, login: string)'
    : '/** @param {string} baseUrl @param {string} login */\nexport async function purchase(baseUrl, login)';
  return `${signature} {
  const client = createClient({ baseUrl, tokens: createMemoryStorage(), locale: 'es' });
  await client.auth.requestCode(login);
  const [message] = (await client.settings.outbox(login)).messages;
  await client.auth.verifyCode(login, message?.code ?? '');

  const settings = await client.settings.get();
  const minimum = toCents(settings.minimumOrder);
  const unitsOf = ${typed ? '(price: string)' : '/** @param {string} price */ (price)'} => Math.ceil(minimum / toCents(price));
  const { products } = await client.catalog.products({ page: 1 });
  const item = products.find(
    (p) =>
      itemAvailability({
        status: p.status,
        stock: p.inStock,
        inPlan: p.coveredByPlan !== false,
        amount: unitsOf(p.price),
      }).orderable,
  );
  if (!item) throw new Error('nothing to buy');
  const draft = await client.orders.addToDraft(item.id, unitsOf(item.price));

  const home = await client.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' });
  await client.orders.setDelivery(home.id);
  const placed = await client.orders.complete(draft.id);

  let declined = '';
  try {
    await client.orders.pay(placed.id, { code: 'trnsx', input: { card: '6035000000000002', code: '123' } });
  } catch (error) {
    if (!isApiError(error, 'card_number_or_code_is_not_correct')) throw error;
    declined = error.message;
  }
  const paid = await client.orders.pay(placed.id, {
    code: 'trnsx',
    input: { card: '6035000000000101', code: '123' }, // the sandbox card of test suites
  });
  const order = await client.orders.get(placed.id);
  return {
    orderId: paid.orderId,
    number: placed.number,
    paidNumber: paid.number,
    paidStatus: paid.status,
    orderStatus: order.status,
    expected: statusAfterPayment('trnsx'),
    amount: formatPrice(paid.amount),
    declined,
  };
}
`;
}

const SDK_IMPORTS = `import { createClient, createMemoryStorage, formatPrice, isApiError, itemAvailability, statusAfterPayment, toCents } from '@otc/sdk';`;

/** A Node consumer: the purchase, and `node <file> [testing | <shop url>] [login]`. */
function nodeConsumer(typed: boolean): string {
  return `${SDK_IMPORTS}
import { createTestShop } from '@otc/sdk/testing';
import { setupServer } from 'msw/node';

${purchaseSource(typed)}
async function main() {
  const [target = 'testing', login = '${DEMO_LOGINS[0]}'] = process.argv.slice(2);
  if (target !== 'testing') return purchase(target, login);
  const { handlers, shop } = createTestShop({ baseUrl: '${TEST_SHOP}' });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const result = await purchase('${TEST_SHOP}', login);
    const stored = shop.state.orders.find((order) => order.id === result.orderId);
    return { ...result, shopStatus: stored ? stored.status : null };
  } finally {
    server.close();
  }
}

main().then(
  (result) => console.log(JSON.stringify(result)),
  (error${typed ? ': unknown' : ''}) => {
    console.error(error);
    process.exitCode = 1;
  },
);
`;
}

/**
 * The browser app: the purchase (the SDK alone) and its development mode, the test shop in the
 * page (`setupWorker`), each bundled by esbuild for the browser. run.mjs (not bundled) runs the
 * purchase bundle in Node, against the demo shop or against the bundled test shop's handlers
 * served by msw's Node server, as a component test of the app would.
 */
const BROWSER_APP = `${SDK_IMPORTS}

${purchaseSource(true)}`;
const BROWSER_MOCKS = `import { createTestShop } from '@otc/sdk/testing';
import { setupWorker } from 'msw/browser';

export const testShop = createTestShop({ baseUrl: '${TEST_SHOP}' });

/** The app's development mode: the whole API answered in the page. */
export function startMocking() {
  return setupWorker(...testShop.handlers).start({ onUnhandledRequest: 'error' });
}
`;
const BROWSER_RUNNER = `import { setupServer } from 'msw/node';
import { purchase } from './out/app.mjs';
import { testShop } from './out/mocks.mjs';

const [target = 'testing', login = '${DEMO_LOGINS[0]}'] = process.argv.slice(2);
let result;
if (target === 'testing') {
  const server = setupServer(...testShop.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    result = await purchase('${TEST_SHOP}', login);
    const stored = testShop.shop.state.orders.find((order) => order.id === result.orderId);
    result.shopStatus = stored ? stored.status : null;
  } finally {
    server.close();
  }
} else {
  result = await purchase(target, login);
}
console.log(JSON.stringify(result));
`;

const strict = { strict: true, noUncheckedIndexedAccess: true, target: 'es2022' };
/**
 * A Node project: Node's types, no DOM, and `skipLibCheck` as `tsc --init` writes it: msw's own
 * declarations need the DOM lib, and its CommonJS ones import ESM-only packages (TS1479 under
 * node16). The SDK's declarations are checked with `skipLibCheck: false` by the tests above
 * (nodenext .d.ts and .d.cts, node10) and by the browser kind.
 */
const nodeProject = {
  ...strict,
  lib: ['es2022'],
  types: ['node'],
  skipLibCheck: true,
  outDir: 'out',
};

interface ConsumerKind {
  name: string;
  files: Record<string, string>;
  compilerOptions: Record<string, unknown>;
  /** The file node runs (compiled or bundled), relative to the kind's folder. */
  main: string;
  /** esbuild entries bundled for the browser after tsc, into out/*.mjs. */
  browserEntries?: string[];
}

const KINDS: ConsumerKind[] = [
  {
    name: 'esm-bundler',
    files: { 'purchase.mts': nodeConsumer(true) },
    compilerOptions: { ...nodeProject, module: 'esnext', moduleResolution: 'bundler' },
    main: 'out/purchase.mjs',
  },
  {
    name: 'esm-nodenext',
    files: { 'purchase.mts': nodeConsumer(true) },
    compilerOptions: { ...nodeProject, module: 'nodenext', moduleResolution: 'nodenext' },
    main: 'out/purchase.mjs',
  },
  {
    name: 'cjs-node16',
    files: { 'purchase.cts': nodeConsumer(true) },
    compilerOptions: { ...nodeProject, module: 'node16', moduleResolution: 'node16' },
    main: 'out/purchase.cjs',
  },
  {
    // The consumer folder's package.json has no "type": purchase.js is CommonJS.
    name: 'cjs-node10',
    files: { 'purchase.ts': nodeConsumer(true) },
    compilerOptions: {
      ...nodeProject,
      module: 'commonjs',
      moduleResolution: 'node10',
      esModuleInterop: true, // zod's declarations default-import their locales
    },
    main: 'out/purchase.js',
  },
  {
    // Plain JavaScript, checked as a JS project is (checkJs, strict): JSDoc types.
    name: 'node-esm',
    files: { 'purchase.mjs': nodeConsumer(false) },
    compilerOptions: {
      ...nodeProject,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      allowJs: true,
      checkJs: true,
      noEmit: true,
    },
    main: 'purchase.mjs',
  },
  {
    name: 'esbuild-browser',
    files: { 'app.ts': BROWSER_APP, 'mocks.ts': BROWSER_MOCKS, 'run.mjs': BROWSER_RUNNER },
    compilerOptions: {
      ...strict,
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022', 'dom', 'dom.iterable'],
      types: [],
      noEmit: true,
    },
    main: 'run.mjs',
    browserEntries: ['app.ts', 'mocks.ts'],
  },
];

interface PurchaseResult {
  orderId: number;
  number: string;
  paidNumber: string;
  paidStatus: number;
  orderStatus: number;
  expected: number;
  amount: string;
  declined: string;
  shopStatus?: number | null;
}

function buy(kind: ConsumerKind, target: string, login: string): PurchaseResult {
  const output = run(process.execPath, [kind.main, target, login], join(consumer, kind.name));
  return JSON.parse(output.trim().split('\n').at(-1) ?? '') as PurchaseResult;
}

/** What a paid purchase answers: placed, the declined card refused in Spanish, then paid (-5). */
function expectPaid(result: PurchaseResult) {
  expect(result).toMatchObject({
    paidNumber: result.number,
    expected: -5,
    paidStatus: -5, // payment verification, as statusAfterPayment('trnsx') says
    orderStatus: -5,
    declined: 'El número de tarjeta o el código no son correctos',
  });
  expect(result.number).toMatch(/^\d+$/);
  expect(result.amount).toMatch(/^\$\d+\.\d\d$/);
}

describe('a purchase from each kind of consumer (issue 20)', () => {
  KINDS.forEach((kind, index) => {
    it(`${kind.name}: compiles strictly and buys from @otc/sdk/testing`, async () => {
      const dir = join(consumer, kind.name);
      mkdirSync(dir, { recursive: true });
      for (const [file, text] of Object.entries(kind.files)) writeFileSync(join(dir, file), text);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: kind.compilerOptions,
          files: Object.keys(kind.files).filter((file) => file !== 'run.mjs'),
        }),
      );
      const tsc = require.resolve('typescript/bin/tsc');
      expect(
        timed(`${kind.name}: tsc`, () => run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir)),
      ).toBe('');
      if (kind.browserEntries) {
        const start = performance.now();
        const bundle = await esbuild({
          absWorkingDir: dir,
          entryPoints: kind.browserEntries,
          outdir: join(dir, 'out'),
          outExtension: { '.js': '.mjs' },
          bundle: true,
          platform: 'browser',
          format: 'esm',
          target: 'es2022',
          metafile: true,
          logLevel: 'silent',
        });
        timings[`${kind.name}: esbuild`] = Math.round(performance.now() - start);
        // Bundled for the browser: no Node built-in and no msw/node made it in.
        const inputs = Object.keys(bundle.metafile.inputs);
        expect(inputs.filter((input) => /^node:|\/msw\/lib\/node\//.test(input))).toEqual([]);
        expect(inputs.some((input) => input.includes('@otc/sdk/dist/testing.js'))).toBe(true);
      }
      const result = timed(`${kind.name}: testing run`, () =>
        buy(kind, 'testing', DEMO_LOGINS[index % DEMO_LOGINS.length] ?? ''),
      );
      expectPaid(result);
      expect(result.shopStatus).toBe(-5); // the test shop's state agrees
    }, 240_000);
  });

  KINDS.forEach((kind, index) => {
    it(`${kind.name}: buys from the demo shop`, async (context) => {
      const shop = await demoShop;
      if (!shop || 'skip' in shop) {
        console.warn(
          `pack test: the demo shop purchases are skipped: ${shop?.skip ?? 'not started'}`,
        );
        context.skip();
        return;
      }
      expect(existsSync(join(consumer, kind.name, kind.main))).toBe(true); // compiled above
      const result = timed(`${kind.name}: demo shop run`, () =>
        buy(kind, shop.url, DEMO_LOGINS[index % DEMO_LOGINS.length] ?? ''),
      );
      expectPaid(result);
    }, 420_000);
  });
});

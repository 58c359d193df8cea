// The package as another team installs it: `pnpm pack` (which rewrites `catalog:` and
// `workspace:` specifiers), then plain npm in an empty folder outside the workspace, offline
// (zod comes from this workspace's copy, packed as a tarball), then tsc type-checks a CommonJS
// and an ES module consumer, and node runs both. The package is built into a throw-away copy
// (node_modules/.otc-pack-tarball) so this never races a real `build` writing dist/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Options } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tsupConfig from '../tsup.config.js';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const staging = join(packageRoot, 'node_modules/.otc-pack-tarball');
const require = createRequire(import.meta.url);
let work = '';
let consumer = '';
let tarball = '';

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

beforeAll(async () => {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  copyFileSync(join(packageRoot, 'package.json'), join(staging, 'package.json'));
  copyFileSync(join(packageRoot, 'README.md'), join(staging, 'README.md'));
  const config = tsupConfig as Options;
  const entry = Object.fromEntries(
    Object.entries(config.entry as Record<string, string>).map(([name, file]) => [
      name,
      join(packageRoot, file),
    ]),
  );
  await build({
    ...config,
    entry,
    outDir: join(staging, 'dist'),
    tsconfig: join(packageRoot, 'tsconfig.json'),
    sourcemap: false,
    silent: true,
    clean: true,
  });

  work = mkdtempSync(join(tmpdir(), 'otc-sdk-pack-'));
  // Inside the workspace, so pnpm resolves `catalog:` while packing.
  run('pnpm', ['pack', '--pack-destination', work], staging);
  tarball = join(work, 'otc-sdk-0.1.0.tgz');
  // zod from this workspace, as a tarball, so the install needs no registry.
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
  run(
    'npm',
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      join(work, 'zod.tgz'),
      tarball,
    ],
    consumer,
  );
}, 120_000);

afterAll(() => {
  rmSync(staging, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

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
  }, 60_000);

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
  });
});

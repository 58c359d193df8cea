// Issue 20: the size check runs with the tests. The tsup config of this package builds the
// entries an app imports into a throw-away copy of the package (node_modules/.otc-size, with this
// package.json, so `sideEffects` and the exports map are the real ones), then scripts/size.mjs
// bundles each case of the README's "Size budgets" table with Rollup AND esbuild, zod included,
// and fails above its budget under either.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Options } from 'tsup';
import { beforeAll, describe, expect, it } from 'vitest';
import tsupConfig from '../tsup.config.js';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const staging = join(packageRoot, 'node_modules/.otc-size');
/** The entries the size cases import (the test-only entries are not shipped to browsers). */
const MEASURED = ['index', 'contract', 'schemas', 'rules', 'validation'];

interface Row {
  name: string;
  label: string;
  esbuild: number;
  rollup: number;
  budget?: number;
}

let report: { rows: Row[]; over: string[] } = { rows: [], over: [] };
let status = 0;

beforeAll(async () => {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  copyFileSync(join(packageRoot, 'package.json'), join(staging, 'package.json'));
  const config = tsupConfig as Options;
  const entry = Object.fromEntries(
    Object.entries(config.entry as Record<string, string>)
      .filter(([name]) => MEASURED.includes(name))
      .map(([name, file]) => [name, join(packageRoot, file)]),
  );
  await build({
    ...config,
    entry,
    format: ['esm'],
    outDir: join(staging, 'dist'),
    tsconfig: join(packageRoot, 'tsconfig.json'),
    dts: false,
    sourcemap: false,
    silent: true,
    clean: true,
  });
  let out = '';
  try {
    out = execFileSync(
      process.execPath,
      [join(packageRoot, 'scripts/size.mjs'), '--package', staging, '--json'],
      { cwd: packageRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    const e = error as { status?: number; stdout?: string };
    status = e.status ?? 1;
    out = e.stdout ?? '';
  }
  report = JSON.parse(out) as typeof report;
}, 180_000);

describe('bundle size (README budgets, Rollup and esbuild, zod included)', () => {
  it('measures every case of the README table under both bundlers, each within its budget', () => {
    const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
    expect(readme).toContain('<!-- size-budgets -->');
    expect(report.rows.map((r) => r.name)).toEqual([
      'rules',
      'validation',
      'validatePassword',
      'client',
    ]);
    for (const row of report.rows) {
      expect(row.budget, row.label).toBeGreaterThan(0);
      expect(row.esbuild, `${row.label} (esbuild)`).toBeLessThanOrEqual(row.budget ?? 0);
      expect(row.rollup, `${row.label} (Rollup)`).toBeLessThanOrEqual(row.budget ?? 0);
    }
    expect(report.over).toEqual([]);
    expect(status).toBe(0);
  });

  it('lets esbuild shake zod as well as Rollup does (validatePassword pulled all of zod: 89 KB)', () => {
    const one = report.rows.find((r) => r.name === 'validatePassword');
    expect(one).toBeDefined();
    // Before issue 20: 88.98 KB under esbuild against 10.09 KB under Rollup.
    expect(one!.esbuild).toBeLessThan(one!.rollup * 1.5);
    expect(one!.esbuild).toBeLessThan(8 * 1024);
  });
});

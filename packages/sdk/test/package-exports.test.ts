// The package as a consumer sees it: the tsup config of this package builds into a throw-away
// copy of the package (node_modules/.otc-pack-test/node_modules/@otc/sdk, with this
// package.json), so this test never races a real `build` writing dist/. Node itself then
// resolves `@otc/sdk` through the exports map, once with require and once with import.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Options } from 'tsup';
import { beforeAll, describe, expect, it } from 'vitest';
import tsupConfig from '../tsup.config.js';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const consumerRoot = join(packageRoot, 'node_modules/.otc-pack-test');
const installed = join(consumerRoot, 'node_modules/@otc/sdk');
const dist = join(installed, 'dist');

/** Every file a module pulls in through relative imports, itself included. */
function moduleGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:from|import)\s*["'](\.\/[^"']+)["']/g)) {
    moduleGraph(join(dirname(file), match[1] as string), seen);
  }
  return seen;
}

function graphText(file: string): string {
  return [...moduleGraph(file)].map((f) => readFileSync(f, 'utf8')).join('\n');
}

beforeAll(async () => {
  rmSync(consumerRoot, { recursive: true, force: true });
  mkdirSync(installed, { recursive: true });
  copyFileSync(join(packageRoot, 'package.json'), join(installed, 'package.json'));
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
    outDir: dist,
    dts: false,
    sourcemap: false,
    silent: true,
    clean: true,
  });
}, 120_000);

describe('@otc/sdk as a package', () => {
  it('loads with require through the exports map', () => {
    const require = createRequire(join(consumerRoot, 'consumer.cjs'));
    expect(require.resolve('@otc/sdk')).toBe(join(dist, 'index.cjs'));
    const sdk = require('@otc/sdk') as Record<string, unknown>;
    expect(typeof sdk.createClient).toBe('function');
    expect(typeof sdk.ValidationError).toBe('function');
    expect(typeof sdk.contract).toBe('object');
    const rules = require('@otc/sdk/rules') as Record<string, unknown>;
    expect(typeof rules.mergeGuestCart).toBe('function');
  });

  it('loads with import in Node', () => {
    const script = `
      const sdk = await import('@otc/sdk');
      const rules = await import('@otc/sdk/rules');
      const schemas = await import('@otc/sdk/schemas');
      console.log(JSON.stringify({
        resolved: import.meta.resolve('@otc/sdk'),
        createClient: typeof sdk.createClient,
        merge: typeof rules.mergeGuestCart,
        rulesHasClient: 'createClient' in rules,
        schema: typeof schemas.customerSchema,
      }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: consumerRoot,
      encoding: 'utf8',
    });
    const answer = JSON.parse(out) as Record<string, unknown>;
    expect(answer).toEqual({
      resolved: `file://${join(dist, 'index.js')}`,
      createClient: 'function',
      merge: 'function',
      rulesHasClient: false,
      schema: 'object',
    });
  });

  it('keeps the HTTP client out of @otc/sdk/rules and @otc/sdk/schemas', () => {
    // The refresh lock name only exists in the client: the main entry has it, rules must not.
    const main = graphText(join(dist, 'index.js'));
    expect(main).toContain('otc-token-refresh');
    expect(main).toContain('Bearer ');
    for (const entry of ['rules.js', 'rules.cjs', 'schemas.js', 'validation.js']) {
      const text = graphText(join(dist, entry));
      expect(text).not.toContain('otc-token-refresh');
      expect(text).not.toContain('Bearer ');
    }
  });
});

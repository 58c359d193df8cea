// Bundle size of the SDK as a browser app ships it: each case below is bundled from the built
// package (dist/, through its exports map) by BOTH Rollup and esbuild, zod INCLUDED (an app has
// to ship it), minified, then gzip -9. The budgets are the README's "Size budgets" table; a case
// above its budget under either bundler fails (exit 1).
//
//   node scripts/size.mjs                     # the package's own dist/ (run `build` first)
//   node scripts/size.mjs --package DIR       # another copy of the package (the size test's)
//   node scripts/size.mjs --json              # the figures as JSON (no storefront figures)
//
// Rollup does not minify: its tree-shaken bundle is minified by esbuild's minifier, so the two
// rows differ only in what each bundler keeps.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { build, transform } from 'esbuild';
import { rollup } from 'rollup';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const packageDir = resolve(option('--package') ?? root);

/** What an app imports, per case: the README's budget table names the same cases. */
export const CASES = [
  {
    name: 'rules',
    label: '@otc/sdk/rules (every export)',
    code: "export * from '@otc/sdk/rules';",
  },
  {
    name: 'validation',
    label: '@otc/sdk/validation (every export)',
    code: "export * from '@otc/sdk/validation';",
  },
  {
    name: 'validatePassword',
    label: 'validatePassword alone',
    code: "export { validatePassword } from '@otc/sdk/validation';",
  },
  { name: 'client', label: '@otc/sdk (the whole client)', code: "export * from '@otc/sdk';" },
];

const ENTRY = '\0size-entry';
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/** `@otc/sdk/x` -> the file the package's exports map gives for `import` (types skipped). */
function resolveSdk(specifier) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const sub = specifier === '@otc/sdk' ? '.' : `.${specifier.slice('@otc/sdk'.length)}`;
  const target = manifest.exports?.[sub]?.import?.default;
  if (!target) throw new Error(`${specifier} is not in the exports map of ${packageDir}`);
  return join(packageDir, target);
}

async function withEsbuild(code) {
  const result = await build({
    stdin: { contents: code, resolveDir: packageDir, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'otc-sdk',
        setup(b) {
          b.onResolve({ filter: /^@otc\/sdk(\/|$)/ }, (a) => ({ path: resolveSdk(a.path) }));
        },
      },
    ],
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  return file.contents;
}

async function withRollup(code) {
  const bundle = await rollup({
    input: ENTRY,
    onwarn: () => {},
    plugins: [
      {
        name: 'otc-sdk',
        resolveId(id) {
          if (id === ENTRY) return id;
          if (/^@otc\/sdk(\/|$)/.test(id)) return resolveSdk(id);
          return null;
        },
        load: (id) => (id === ENTRY ? code : null),
      },
      nodeResolve({ browser: true, exportConditions: ['import', 'module', 'default'] }),
    ],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const minified = await transform(output[0].code, {
    minify: true,
    target: 'es2022',
    format: 'esm',
  });
  return Buffer.from(minified.code);
}

/** Every case by both bundlers: `{ name, label, esbuild, rollup }` in gzip bytes. */
export async function measure() {
  const rows = [];
  for (const c of CASES) {
    const gz = (bytes) => gzipSync(bytes, { level: 9 }).byteLength;
    rows.push({
      name: c.name,
      label: c.label,
      esbuild: gz(await withEsbuild(c.code)),
      rollup: gz(await withRollup(c.code)),
    });
  }
  return rows;
}

/**
 * The budgets of the README: the rows of the table after the line `<!-- size-budgets -->`,
 * `| label | N KB |`, keyed by the case's label.
 */
export function readBudgets(readme) {
  const at = readme.indexOf('<!-- size-budgets -->');
  if (at < 0) throw new Error('README.md has no <!-- size-budgets --> table');
  const budgets = {};
  for (const line of readme.slice(at).split('\n').slice(1)) {
    if (!line.startsWith('|')) {
      if (Object.keys(budgets).length > 0) break;
      continue;
    }
    const cells = line.split('|').map((c) => c.trim());
    const label = (cells[1] ?? '').replace(/`/g, '');
    const budget = /^(\d+(?:\.\d+)?) KB$/.exec(cells[2] ?? '');
    if (budget) budgets[label] = Math.round(Number(budget[1]) * 1024);
  }
  return budgets;
}

async function main() {
  for (const c of CASES) {
    const file = resolveSdk(c.code.match(/'(@otc\/sdk[^']*)'/)[1]);
    if (!existsSync(file)) {
      console.error(`${file} is missing: run \`pnpm --filter @otc/sdk build\` first.`);
      process.exit(1);
    }
  }
  const budgets = readBudgets(readFileSync(join(root, 'README.md'), 'utf8'));
  const rows = await measure();
  const over = [];
  for (const row of rows) {
    const budget = budgets[row.label];
    if (budget === undefined) {
      over.push(`${row.label}: no budget in README.md`);
      continue;
    }
    row.budget = budget;
    for (const bundler of ['esbuild', 'rollup'])
      if (row[bundler] > budget)
        over.push(`${row.label} under ${bundler}: ${kb(row[bundler])} gzip is over ${kb(budget)}`);
  }
  if (flag('--json')) {
    console.log(JSON.stringify({ rows, over }));
  } else {
    console.log('@otc/sdk bundled with zod, minified, gzip -9');
    console.log(
      `  ${'case'.padEnd(40)}${'esbuild'.padStart(11)}${'rollup'.padStart(11)}${'budget'.padStart(11)}`,
    );
    for (const r of rows)
      console.log(
        `  ${r.label.padEnd(40)}${kb(r.esbuild).padStart(11)}${kb(r.rollup).padStart(11)}${(r.budget ? kb(r.budget) : '-').padStart(11)}`,
      );
    storefrontFirstLoad();
  }
  for (const line of over) console.error(`Too big: ${line}`);
  if (over.length > 0) process.exit(1);
}

// What the storefront's /catalog page loads first (when the storefront is built): index.html's
// entry and its static imports, the catalog page chunk and its static imports, the English
// message catalog and colour-mode.js, gzip -9 each. The storefront's Lighthouse bench measures
// the same from the served files. Information only: no budget.
function storefrontFirstLoad() {
  const storefront = join(root, '../../apps/storefront/dist');
  const manifestFile = join(storefront, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.log('storefront /catalog first-load JS: not measured (build the storefront first)');
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  for (const key of [
    'index.html',
    'src/features/catalog/pages/catalog-page.tsx',
    'src/locales/en/messages.ts',
  ])
    walk(key);
  const files = [...seen].map((key) => manifest[key].file);
  if (existsSync(join(storefront, 'colour-mode.js'))) files.push('colour-mode.js');
  let total = 0;
  const sizes = [];
  for (const file of files) {
    const size = gzipSync(readFileSync(join(storefront, file)), { level: 9 }).byteLength;
    sizes.push([file, size]);
    total += size;
  }
  console.log(`storefront /catalog first-load JS: ${kb(total)} gzip (${files.length} files)`);
  for (const [file, size] of sizes.sort((a, b) => b[1] - a[1]))
    console.log(`  ${kb(size).padStart(9)}  ${file}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

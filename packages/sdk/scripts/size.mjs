// Bundle size of the SDK's main entry as a browser app would ship it: dist/index.js and its
// chunks bundled by esbuild, zod left out (the app has it anyway). Run after `build`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

// Issue 8 moved the shop's rules into the SDK (error catalogue, availability, money, redirect
// paths, the cart facade, typed errors) and the schemas to zod/mini: the whole entry went from
// 17.7 KB to 21.6 KB gzip. An app ships only what it imports (sideEffects: false).
// Issue 16 gave the order's life one home here (the checkout facade, its gate rules, add and
// merge in one request, cancel) and the account's sessions: 23.3 KB to 24.3 KB gzip, so the
// budget moved to 25 KB; the storefront's first load is measured below and by its bench.
const LIMIT_GZIP_BYTES = 25 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist/index.js');

if (!existsSync(entry)) {
  console.error('dist/index.js is missing: run `pnpm --filter @otc/sdk build` first.');
  process.exit(1);
}

async function bundle(minify) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['zod'],
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  return file.contents;
}

const raw = await bundle(false);
const minified = await bundle(true);
const gzipped = gzipSync(minified, { level: 9 });

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(`@otc/sdk (dist/index.js, zod external)`);
console.log(`  raw       ${kb(raw.byteLength)}`);
console.log(`  minified  ${kb(minified.byteLength)}`);
console.log(`  gzip      ${kb(gzipped.byteLength)} (limit ${kb(LIMIT_GZIP_BYTES)})`);

if (gzipped.byteLength > LIMIT_GZIP_BYTES) {
  console.error(`Too big: ${kb(gzipped.byteLength)} gzip is over ${kb(LIMIT_GZIP_BYTES)}.`);
  process.exit(1);
}

// The whole SDK as a browser ships it with its one dependency (zod/mini included): what a page
// that imports everything would pay.
const whole = await build({
  entryPoints: [entry],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'silent',
});
const wholeGzip = gzipSync(whole.outputFiles[0].contents, { level: 9 });
console.log(`  with zod  ${kb(wholeGzip.byteLength)} gzip (the whole SDK and zod/mini)`);

// What the storefront's /catalog page loads first (when the storefront is built): index.html's
// entry and its static imports, the catalog page chunk and its static imports, the English
// message catalog and first-paint.js, gzip -9 each. The storefront's Lighthouse bench measures
// the same from the served files.
const storefront = join(root, '../../apps/storefront/dist');
const manifestFile = join(storefront, '.vite/manifest.json');
if (existsSync(manifestFile)) {
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
  if (existsSync(join(storefront, 'first-paint.js'))) files.push('first-paint.js');
  let total = 0;
  const sizes = [];
  for (const file of files) {
    const size = gzipSync(readFileSync(join(storefront, file)), { level: 9 }).byteLength;
    sizes.push([file, size]);
    total += size;
  }
  console.log(`storefront /catalog first-load JS: ${kb(total)} gzip (${files.length} files)`);
  // Which files make it up, largest first (the English catalog holds only the first load's
  // messages since issue 12: each lazy chunk brings its own). `pnpm bench` gives every route.
  for (const [file, size] of sizes.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${file}`);
} else {
  console.log('storefront /catalog first-load JS: not measured (build the storefront first)');
}

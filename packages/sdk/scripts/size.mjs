// Bundle size of the SDK's main entry as a browser app would ship it: dist/index.js and its
// chunks bundled by esbuild, zod left out (the app has it anyway). Run after `build`.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const LIMIT_GZIP_BYTES = 20 * 1024;
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

/**
 * Writes precompressed copies of the build's text files beside them (`x.js.br`, `x.js.gz`), so
 * the API serves them with @fastify/static's `preCompressed` without compressing per request.
 * Brotli at quality 11 and gzip at level 9: done once per build. Source maps are left alone
 * (only developer tools fetch them), and so are small files and copies that would not be
 * smaller.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing (text); images other than SVG are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this size the headers cost more than compression saves. */
export const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every eligible file under `dir`; returns the files written. */
export async function precompressDir(dir: string): Promise<string[]> {
  const written: string[] = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const { size } = await stat(file);
    if (size < MIN_BYTES) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < size) {
      await writeFile(`${file}.br`, br);
      written.push(`${file}.br`);
    }
    if (gz.length < size) {
      await writeFile(`${file}.gz`, gz);
      written.push(`${file}.gz`);
    }
  }
  return written;
}

/** Vite plugin: precompresses the output directory once the bundle (and public/) is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'otc-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      if (!config.build.write || !existsSync(outDir)) return;
      const written = await precompressDir(outDir);
      config.logger.info(`precompressed: ${written.length} .br and .gz files in ${config.build.outDir}`);
    },
  };
}

/**
 * The classic scripts in public/ (colour-mode.js, start-app.js) are copied as written, comments
 * and all; every page loads them, so the build minifies its copies (the sources stay readable).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { transformWithEsbuild, type Plugin, type ResolvedConfig } from 'vite';

/** `source` minified as a classic script (no module syntax, the build's target). */
export async function minifyScript(source: string, name: string, target = 'es2022'): Promise<string> {
  const result = await transformWithEsbuild(source, name, { minify: true, target, format: undefined, loader: 'js' });
  return result.code;
}

export function minifyPublicScripts(names: string[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'otc-minify-public-scripts',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After the bundle and public/ are written, before precompress (closeBundle) compresses them.
    async writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      for (const name of names) {
        const file = join(outDir, name);
        if (!existsSync(file)) throw new Error(`${name} is not in ${config.build.outDir} (public/ should hold it)`);
        await writeFile(file, await minifyScript(await readFile(file, 'utf8'), name));
      }
    },
  };
}

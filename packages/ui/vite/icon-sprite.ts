/**
 * The icon sprite: one SVG of `<symbol>`s, made at build time from lucide's own icon data for the
 * icons `src/icons.tsx` names, and served as a hashed static file (`/assets/icons-<hash>.svg`,
 * cached for good). `import sprite from 'virtual:icon-sprite'` gives its address.
 *
 * Why: as React components each icon's drawing was JavaScript in the first load of every page
 * (with lucide's runtime, ~6 kB gzip); in the sprite it is an image, fetched once and cached, and
 * each icon in the code is its name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:icon-sprite';
const RESOLVED = `\0${VIRTUAL}`;

/** The module that names the icons: `spriteIcon('name')` calls. */
export const ICONS_MODULE = fileURLToPath(new URL('../src/icons.tsx', import.meta.url));

/** lucide's kebab-case names of the icons `code` (src/icons.tsx) declares, in order. */
export function iconNames(code: string): string[] {
  return [...new Set([...code.matchAll(/spriteIcon\(\s*'([a-z0-9-]+)'\s*\)/g)].map((m) => m[1] as string))];
}

type IconNode = Array<[string, Record<string, string | number>]>;

/** lucide-react's data for the icon `name` (its file under dist/esm/icons). */
async function lucideIcon(name: string): Promise<IconNode> {
  const main = createRequire(import.meta.url).resolve('lucide-react');
  const file = join(dirname(main), '../esm/icons', `${name}.mjs`);
  const mod = (await import(pathToFileURL(file).href)) as { __iconData?: { node: IconNode } };
  if (!mod.__iconData) throw new Error(`icon-sprite: lucide-react has no icon data in ${file}`);
  return mod.__iconData.node;
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sprite: a `<symbol id="name" viewBox="0 0 24 24">` per icon holding lucide's shapes as they
 * are. Stroke, width, caps and joins come from the `<svg>` that uses it (currentColor), as lucide's
 * own components set them.
 */
export async function buildSprite(names: readonly string[]): Promise<string> {
  const symbols: string[] = [];
  for (const name of names) {
    const shapes = (await lucideIcon(name)).map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => ` ${key}="${escape(String(value))}"`)
        .join('');
      return `<${tag}${list}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

export function iconSprite(): Plugin {
  let base = '/';
  let ssr = false;
  let sprite: Promise<{ source: string; fileName: string }> | undefined;
  const made = () =>
    (sprite ??= buildSprite(iconNames(readFileSync(ICONS_MODULE, 'utf8'))).then((source) => ({
      source,
      fileName: `assets/icons-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.svg`,
    })));
  return {
    name: 'otc-icon-sprite',
    configResolved(config) {
      base = config.base;
      ssr = Boolean(config.build.ssr);
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(ICONS_MODULE);
      return `export default ${JSON.stringify(base + (await made()).fileName)};`;
    },
    watchChange(id) {
      if (id === ICONS_MODULE) sprite = undefined;
    },
    async generateBundle() {
      // The server render names the same file; the browser's build writes it.
      if (ssr) return;
      const { source, fileName } = await made();
      this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const { source, fileName } = await made();
        if (req.url?.split('?')[0] !== base + fileName) return next();
        res.setHeader('content-type', 'image/svg+xml');
        res.end(source);
      });
    },
  };
}

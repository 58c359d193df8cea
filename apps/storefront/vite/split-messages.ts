/**
 * Message catalogs per chunk (build only): the first load carries only the messages its own
 * code uses; every lazy chunk (a page, the search modal, a form) brings the messages it uses.
 *
 * - Each module's message ids are read after the Lingui macro has compiled it (`id: "xxxxxx"`).
 * - The locale catalog (`src/locales/<locale>/messages.ts`, in the chunk src/lib/i18n.ts loads
 *   per locale, beside that locale's SDK error texts) keeps only the ids of the modules of the
 *   first load (the entry's static graph): its module is built with a placeholder
 *   (`JSON.parse("__OTC_LOCALE_CATALOG_<locale>__")`) that the chunk's rendering replaces.
 * - Every other chunk ends with `(globalThis.__otcMessages ??= []).push({en: {...}, es: {...}})`
 *   holding its modules' messages in every locale (a page's messages are small: a few hundred
 *   bytes gzip per locale); src/lib/i18n.ts merges them into the loaded catalogs, and into a
 *   catalog loaded later (a language switch). The chunk code runs before any of its components
 *   render, so its messages are always there first.
 *
 * Done in `renderChunk`, so the chunk's hash covers its messages (a changed translation gets a
 * new file name under the year-long immutable cache).
 */
import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';

/** The global queue the chunks push to (read by src/lib/i18n.ts). */
export const CHUNK_MESSAGES_GLOBAL = '__otcMessages';

// Generated ids (6 characters) and explicit ones (`t({ id: 'language.other', message })`); any
// other `id: "..."` found (an element id) is not in the catalog and is dropped by `pick`.
const MESSAGE_ID = /\bid:\s*(?:"([^"\\\n]{1,200})"|'([^'\\\n]{1,200})')/g;

/** The message ids a module's compiled code refers to. */
export function messageIdsOf(code: string): string[] {
  return [...new Set([...code.matchAll(MESSAGE_ID)].map((match) => (match[1] ?? match[2]) as string))];
}

/** The messages of `ids` found in `catalog`. */
export function pick(catalog: Record<string, unknown>, ids: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of ids) if (id in catalog) out[id] = catalog[id];
  return out;
}

/** What a locale catalog module is built as until its chunk is rendered (a string: kept as is). */
export function catalogPlaceholder(locale: string): string {
  return `__OTC_LOCALE_CATALOG_${locale}__`;
}

/**
 * `code` (a rendered chunk) with the placeholder of `locale`'s catalog replaced by `messages`;
 * undefined when the placeholder is not there.
 */
export function fillCatalog(code: string, locale: string, messages: Record<string, unknown>): string | undefined {
  const placeholder = new RegExp(`(["'\`])${catalogPlaceholder(locale)}\\1`);
  if (!placeholder.test(code)) return undefined;
  // A function: `$` in a message is not a replacement pattern.
  return code.replace(placeholder, () => JSON.stringify(JSON.stringify(messages)));
}

/** The compiled catalog of `lingui compile --typescript`: `export const messages=JSON.parse("...")`. */
export function parseCompiledCatalog(source: string): Record<string, unknown> {
  const match = /JSON\.parse\((".*")\)/s.exec(source);
  if (!match) throw new Error('not a compiled Lingui catalog (no JSON.parse("..."))');
  return JSON.parse(JSON.parse(match[1] as string) as string) as Record<string, unknown>;
}

export function splitMessages(options: {
  /** Matches a locale catalog module id; group 1 is the locale. */
  localeCatalog: RegExp;
}): Plugin {
  const idsByModule = new Map<string, string[]>();
  const catalogs = new Map<string, Record<string, unknown>>();
  let firstLoad: Set<string> | undefined;

  function staticGraph(ctx: Rollup.PluginContext): Set<string> {
    const seen = new Set<string>();
    const stack = [...ctx.getModuleIds()].filter((id) => ctx.getModuleInfo(id)?.isEntry);
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  }

  return {
    name: 'otc-split-messages',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      idsByModule.clear();
      catalogs.clear();
      firstLoad = undefined;
    },
    transform(code, id) {
      const locale = options.localeCatalog.exec(id)?.[1];
      if (locale) {
        // The file as `lingui compile --typescript` wrote it (the code here is already compiled).
        catalogs.set(locale, parseCompiledCatalog(readFileSync(id.split('?')[0] as string, 'utf8')));
        // Its messages are picked when its chunk is rendered (the first load is known then).
        return { code: `export const messages = JSON.parse(${JSON.stringify(catalogPlaceholder(locale))});\n`, map: null };
      }
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      const ids = messageIdsOf(code);
      if (ids.length > 0) idsByModule.set(id, ids);
      return null;
    },
    renderChunk(code, chunk) {
      if (catalogs.size === 0) return null;
      firstLoad ??= staticGraph(this);
      const graph = firstLoad;
      const catalogModule = chunk.moduleIds.find((id) => options.localeCatalog.test(id));
      const locale = catalogModule ? options.localeCatalog.exec(catalogModule)?.[1] : undefined;
      if (locale) {
        const ids = new Set<string>();
        for (const [module, list] of idsByModule) if (graph.has(module)) for (const id of list) ids.add(id);
        const filled = fillCatalog(code, locale, pick(catalogs.get(locale) ?? {}, ids));
        if (filled === undefined) this.error(`the ${locale} catalog's placeholder is not in ${chunk.fileName}`);
        return { code: filled, map: null };
      }
      // The first load's modules are in the catalog; any other module of the chunk brings its own.
      const ids = new Set<string>();
      for (const module of chunk.moduleIds) {
        if (!graph.has(module)) for (const id of idsByModule.get(module) ?? []) ids.add(id);
      }
      if (ids.size === 0) return null;
      const byLocale: Record<string, Record<string, unknown>> = {};
      for (const [name, catalog] of [...catalogs].sort(([a], [b]) => a.localeCompare(b))) {
        byLocale[name] = pick(catalog, [...ids].sort());
      }
      // Appended: the chunk's own code (and source map) stays as it is; the line runs when the
      // chunk is evaluated, before anything it exports can render.
      const push = `\n;(globalThis.${CHUNK_MESSAGES_GLOBAL}??=[]).push(JSON.parse(${JSON.stringify(JSON.stringify(byLocale))}));\n`;
      return { code: `${code}${push}`, map: null };
    },
  };
}

/**
 * Route preloads: index.html carries, as a JSON data block, which scripts each page of the page
 * table needs beyond the first load (its lazy route module and the chunks only it imports), and
 * the scripts of each locale's catalog. The server render (src/server/document.ts) reads it and
 * writes `<link rel="modulepreload">` for the page's address into the served HTML (then drops the
 * block), so the page's module and its catalog download beside the app's scripts: hydration
 * waits for them.
 *
 * The page table is read from src/app/routes.ts as parsed by Rollup: every object with a string
 * `path` and a `load` that is `() => import('...')` (or a const holding one, such as `shell`).
 */
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

/** What index.html carries: `[pattern, scripts]` per route, and the scripts of each locale. */
export interface RoutePreloadData {
  routes: Array<[pattern: string, scripts: string[]]>;
  locales: Record<string, string[]>;
}

/** The id of the JSON block in index.html (read by the server render's src/server/document.ts). */
export const ROUTE_PRELOADS_ID = 'route-preloads';
/** The block goes right before this tag of index.html. */
export const FIRST_PAINT_TAG = '<script src="/colour-mode.js"></script>';

type Node = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: Node): Node[] {
  const list: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) list.push(...value.filter(isNode));
    else if (isNode(value)) list.push(value);
  }
  return list;
}

/**
 * The specifier of `() => import('x')`, or undefined. The import may be wrapped (Vite turns it
 * into `() => __vitePreload(() => import('x'), deps)` in the build), so the arrow's body is
 * searched for the first `import()` of a string.
 */
function importOf(node: unknown): string | undefined {
  if (!isNode(node) || node.type !== 'ArrowFunctionExpression') return undefined;
  const stack: unknown[] = [node.body];
  while (stack.length > 0) {
    const next = stack.shift();
    if (!isNode(next)) continue;
    if (next.type === 'ImportExpression') {
      const source = next.source;
      return isNode(source) && source.type === 'Literal' && typeof source.value === 'string'
        ? source.value
        : undefined;
    }
    stack.push(...children(next));
  }
  return undefined;
}

function propertyValue(object: Node, name: string): unknown {
  for (const property of (object.properties as Node[] | undefined) ?? []) {
    if (property.type !== 'Property') continue;
    const key = property.key as Node;
    if ((key.type === 'Identifier' && key.name === name) || (key.type === 'Literal' && key.value === name)) {
      return property.value;
    }
  }
  return undefined;
}

/** `[path pattern, import specifier]` of every page row in the routes module's AST. */
export function pageRowsOf(ast: unknown): Array<[string, string]> {
  const consts = new Map<string, string>();
  const rows: Array<[string, unknown]> = [];
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isNode(node)) continue;
    if (node.type === 'VariableDeclarator' && isNode(node.id) && node.id.type === 'Identifier') {
      const specifier = importOf(node.init);
      if (specifier) consts.set(node.id.name as string, specifier);
    }
    if (node.type === 'ObjectExpression') {
      const path = propertyValue(node, 'path');
      const load = propertyValue(node, 'load');
      if (isNode(path) && path.type === 'Literal' && typeof path.value === 'string' && load) {
        rows.push([path.value, load]);
      }
    }
    stack.push(...children(node));
  }
  const result: Array<[string, string]> = [];
  for (const [path, load] of rows) {
    const specifier =
      importOf(load) ??
      (isNode(load) && load.type === 'Identifier' ? consts.get(load.name as string) : undefined);
    if (specifier) result.push([path, specifier]);
  }
  return result;
}

/** Files of `chunk` and of the chunks it imports statically, minus `loaded`. */
function scriptsOf(
  chunk: Rollup.OutputChunk,
  bundle: Rollup.OutputBundle,
  loaded: Set<string>,
  base: string,
): string[] {
  const files: string[] = [];
  const stack = [chunk.fileName];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || loaded.has(file)) continue;
    seen.add(file);
    files.push(`${base}${file}`);
    const next = bundle[file];
    if (next?.type === 'chunk') stack.push(...next.imports);
  }
  return files;
}

export function routePreloads(options: {
  /** The page table, relative to the project root. */
  routesModule: string;
  /** Matches a locale catalog module id; group 1 is the locale. */
  localeCatalog: RegExp;
}): Plugin {
  let config: ResolvedConfig;
  let routesAst: unknown;
  let rows: Array<[string, string]> = [];
  return {
    name: 'otc-route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    moduleParsed(info) {
      if (info.id === `${config.root}/${options.routesModule}`) routesAst = info.ast;
    },
    async buildEnd() {
      if (!routesAst) {
        this.warn(`${options.routesModule} was not parsed: no route preloads`);
        return;
      }
      const routesId = `${config.root}/${options.routesModule}`;
      rows = [];
      for (const [path, specifier] of pageRowsOf(routesAst)) {
        const resolved = await this.resolve(specifier, routesId);
        if (resolved) rows.push([path, resolved.id]);
      }
      if (rows.length === 0) this.warn(`no page rows found in ${options.routesModule}`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return undefined;
        const loaded = new Set<string>();
        const stack = [entry.fileName];
        while (stack.length > 0) {
          const file = stack.pop() as string;
          if (loaded.has(file)) continue;
          loaded.add(file);
          const next = bundle[file];
          if (next?.type === 'chunk') stack.push(...next.imports);
        }
        const byModule = new Map<string, Rollup.OutputChunk>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.facadeModuleId) byModule.set(output.facadeModuleId, output);
        }
        const data: RoutePreloadData = { routes: [], locales: {} };
        for (const [path, moduleId] of rows) {
          const chunk = byModule.get(moduleId);
          if (chunk) data.routes.push([path, scriptsOf(chunk, bundle, loaded, config.base)]);
        }
        // The chunk holding a locale's catalog (with what comes beside it: the SDK's error texts).
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const catalog = output.moduleIds.find((id) => options.localeCatalog.test(id));
          const locale = catalog ? options.localeCatalog.exec(catalog)?.[1] : undefined;
          if (locale) data.locales[locale] = scriptsOf(output, bundle, loaded, config.base);
        }
        // Right before colour-mode.js, after the charset and viewport metas (the server reads it).
        const block = `<script type="application/json" id="${ROUTE_PRELOADS_ID}">${JSON.stringify(data)}</script>`;
        if (!html.includes(FIRST_PAINT_TAG)) {
          throw new Error(`index.html has no ${FIRST_PAINT_TAG}: nowhere to put the route preloads`);
        }
        return html.replace(FIRST_PAINT_TAG, `${block}\n    ${FIRST_PAINT_TAG}`);
      },
    },
  };
}

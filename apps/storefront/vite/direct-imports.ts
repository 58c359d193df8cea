/**
 * Imports from the workspace packages' barrels, rewritten to the modules that define each name
 * (build only): `import { Button, Dialog } from '@otc/ui'` becomes one import per component
 * module.
 *
 * Why: Rollup places a module by the static import graph, not by what is used. Every module a
 * barrel re-exports is statically reachable from the entry as soon as the shell imports one name
 * from it, so a component or rule only a lazy page uses (the date-of-birth fields, the checkout's
 * radio cards, the cart rules) was put in the first load of every page. Imported directly, each
 * module lands where its importers are.
 *
 * The barrels are read as source (`export { a, b as c } from './x'`, `export * from './y'`),
 * followed until the module that declares the name. Type-only names are left on the barrel
 * import (erased by the compiler).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

interface Target {
  file: string;
  name: string;
}

const NAMED_REEXPORT = /export\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const STAR_REEXPORT = /export\s*\*\s*from\s*['"]([^'"]+)['"]/g;
const DECLARED = /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LOCAL_EXPORT = /export\s*\{([^}]*)\}\s*;/g;

function resolveSource(from: string, specifier: string): string {
  const exact = resolve(dirname(from), specifier);
  if (/\.m?js$/.test(specifier) && existsSync(exact)) return exact;
  const base = exact.replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`direct-imports: cannot resolve ${specifier} from ${from}`);
}

/** `a`, `b as c`, `type T` → [exported name, local name in the source, type only]. */
function specifiers(list: string): Array<{ exported: string; local: string; typeOnly: boolean }> {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const typeOnly = /^type\s+/.test(part);
      const [local, exported = local] = part.replace(/^type\s+/, '').split(/\s+as\s+/) as [string, string?];
      return { exported: exported.trim(), local: local.trim(), typeOnly };
    });
}

/** Every value name a barrel exports, mapped to the module that declares it. */
export function exportMap(barrel: string, seen = new Set<string>()): Map<string, Target> {
  const map = new Map<string, Target>();
  if (seen.has(barrel)) return map;
  seen.add(barrel);
  const code = readFileSync(barrel, 'utf8');
  for (const match of code.matchAll(DECLARED)) map.set(match[1] as string, { file: barrel, name: match[1] as string });
  for (const match of code.matchAll(LOCAL_EXPORT)) {
    for (const { exported, typeOnly } of specifiers(match[1] as string)) {
      if (!typeOnly) map.set(exported, { file: barrel, name: exported });
    }
  }
  for (const match of code.matchAll(NAMED_REEXPORT)) {
    if (match[1]) continue;
    const file = resolveSource(barrel, match[3] as string);
    const inner = exportMap(file, seen);
    for (const { exported, local, typeOnly } of specifiers(match[2] as string)) {
      if (typeOnly) continue;
      map.set(exported, inner.get(local) ?? { file, name: local });
    }
  }
  for (const match of code.matchAll(STAR_REEXPORT)) {
    for (const [name, target] of exportMap(resolveSource(barrel, match[1] as string), seen)) {
      if (!map.has(name)) map.set(name, target);
    }
  }
  return map;
}

/**
 * Rewrites the `import { … } from '<package>'` statements of `code`, and its re-exports
 * (`export { … } from '<package>'`, which would otherwise bring the package's built copy). `type`
 * names stay on the barrel as a type-only statement (erased); a name the map does not know stays
 * on the barrel, so an export form this reader misses costs bytes, never a broken build.
 */
export function rewriteImports(code: string, pkg: string, map: Map<string, Target>): string {
  const escaped = pkg.replace(/[/.]/g, '\\$&');
  const statement = new RegExp(`(import|export)\\s*(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${escaped}['"];?`, 'g');
  return code.replace(statement, (whole, keyword: 'import' | 'export', typeImport: string | undefined, list: string) => {
    if (typeImport) return whole;
    const byFile = new Map<string, string[]>();
    const types: string[] = [];
    const unknown: string[] = [];
    for (const { exported, local, typeOnly } of specifiers(list)) {
      // In an import (and a re-export), `a as b` is [source name a, local b]: `specifiers` reads
      // it as exported=b.
      const imported = local;
      const alias = exported;
      const spelled = imported === alias ? imported : `${imported} as ${alias}`;
      if (typeOnly) {
        types.push(spelled);
        continue;
      }
      const target = map.get(imported);
      if (!target) {
        unknown.push(spelled);
        continue;
      }
      const spec = target.name === alias ? alias : `${target.name} as ${alias}`;
      byFile.set(target.file, [...(byFile.get(target.file) ?? []), spec]);
    }
    const lines = [...byFile].map(([file, names]) => `${keyword} { ${names.join(', ')} } from ${JSON.stringify(file)};`);
    if (types.length > 0) lines.push(`${keyword} type { ${types.join(', ')} } from '${pkg}';`);
    if (unknown.length > 0) lines.push(`${keyword} { ${unknown.join(', ')} } from '${pkg}';`);
    // One line, then the statement's own line breaks: later lines keep their numbers.
    return lines.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
  });
}

export interface DirectImportsOptions {
  /** Package name → its barrel's source file. */
  barrels: Record<string, string>;
}

export function directImports({ barrels }: DirectImportsOptions): Plugin {
  let maps: Array<[string, Map<string, Target>]> = [];
  return {
    name: 'otc-direct-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      maps = Object.entries(barrels).map(([pkg, barrel]) => [pkg, exportMap(barrel)]);
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id)) return null;
      let next = code;
      for (const [pkg, map] of maps) next = rewriteImports(next, pkg, map);
      return next === code ? null : { code: next, map: null };
    },
  };
}

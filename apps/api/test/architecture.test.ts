/**
 * How the API's source is laid out, checked on the files themselves:
 * - no import cycle between its modules (type-only imports included);
 * - route modules call services only: no database access (drizzle, the schema, `services.db`);
 * - every change of a product's stock or reservations is in services/orders/inventory.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

const all = files(src);
const rel = (file: string) => path.relative(src, file);

/** Relative imports of a module (`import ... from './x.js'`, `export ... from`, `import './x.js'`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+)\.js'/g)].map((m) =>
    path.resolve(path.dirname(file), `${m[1]}.ts`),
  );
}

/** The import cycles of a graph, each as the list of its modules. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map(rel));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the API source', () => {
  it('has no import cycle', () => {
    const graph = new Map(all.map((file) => [file, importsOf(file)]));
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check works)', () => {
    const a = path.join(src, 'a.ts');
    const b = path.join(src, 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('has route modules that call services only', () => {
    const offending = all
      .filter((file) => rel(file).startsWith('routes'))
      .filter((file) => /from 'drizzle-orm'|db\/schema\.js'|services\.db\b|\.database\b/.test(readFileSync(file, 'utf8')))
      .map(rel);
    expect(offending).toEqual([]);
  });

  it('changes stock and reservations in the inventory module only', () => {
    const writers = all
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /\.update\(products\)|update\s+products\b/i.test(text) && /\b(stock|reserved)\b/.test(text);
      })
      .map(rel);
    expect(writers).toEqual([path.join('services', 'orders', 'inventory.ts')]);
  });
});

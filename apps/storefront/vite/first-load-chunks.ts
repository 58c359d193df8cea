/**
 * Rollup `manualChunks`: everything the entry imports statically (the first load of every page)
 * goes into two chunks, `vendor` (node_modules) and the app's own code (left in the entry
 * chunk, named `app` when split off), instead of a score of small shared chunks. Pages, the
 * search modal and the locale catalogs stay lazy chunks of their own.
 *
 * Why: the shop may be served over HTTP/1.1 (six connections per origin), where each extra
 * script of the first load costs round trips before the page can render; one vendor chunk also
 * changes only when dependencies do.
 */
import type { Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;

/** Modules reachable from an entry through static imports only. */
function staticGraph(meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const stack = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry);
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function firstLoadChunks(): Rollup.GetManualChunk {
  let firstLoad: Set<string> | undefined;
  return (id, meta) => {
    firstLoad ??= staticGraph(meta);
    if (!firstLoad.has(id)) return undefined;
    // Rollup's virtual helpers (`\0commonjsHelpers.js`, imported by React's CommonJS) go with the
    // packages that import them: in `app` they made vendor -> app -> vendor, a circular chunk.
    return id.includes('/node_modules/') || id.startsWith('\0') ? 'vendor' : 'app';
  };
}

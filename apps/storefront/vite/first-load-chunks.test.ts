import type { Rollup } from 'vite';
import { firstLoadChunks } from './first-load-chunks';

/** A module graph: id -> [static imports, dynamic imports]. */
const graph: Record<string, [string[], string[]]> = {
  '/app/src/main.tsx': [['/app/node_modules/react/index.js', '/app/src/router.tsx'], []],
  '/app/node_modules/react-dom/index.js': [['\0commonjsHelpers.js'], []],
  '/app/src/router.tsx': [['/app/src/link.tsx'], ['/app/src/pages/catalog.tsx']],
  '/app/src/link.tsx': [['/app/node_modules/react/index.js'], []],
  '/app/src/pages/catalog.tsx': [['/app/src/link.tsx', '/app/node_modules/use-debounce/index.js'], []],
  '/app/node_modules/react/index.js': [['/app/node_modules/react-dom/index.js'], []],
  '/app/node_modules/use-debounce/index.js': [[], []],
  '\0commonjsHelpers.js': [[], []],
};

const meta = {
  getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
  getModuleInfo: (id: string) =>
    graph[id] && {
      isEntry: id.endsWith('main.tsx'),
      importedIds: graph[id][0],
      dynamicallyImportedIds: graph[id][1],
    },
} as unknown as Rollup.ManualChunkMeta;

describe('firstLoadChunks', () => {
  it('puts the static graph of the entry in vendor and app, and leaves lazy modules alone', () => {
    const chunkOf = firstLoadChunks();
    const chunk = (id: string) => chunkOf(id, meta);
    expect(chunk('/app/node_modules/react/index.js')).toBe('vendor');
    expect(chunk('/app/src/main.tsx')).toBe('app');
    expect(chunk('/app/src/router.tsx')).toBe('app');
    expect(chunk('/app/src/link.tsx')).toBe('app');
    // A virtual helper of the packages goes with them (no vendor -> app -> vendor circle).
    expect(chunk('\0commonjsHelpers.js')).toBe('vendor');
    // Only a lazy page imports these: they stay with it.
    expect(chunk('/app/src/pages/catalog.tsx')).toBeUndefined();
    expect(chunk('/app/node_modules/use-debounce/index.js')).toBeUndefined();
  });
});

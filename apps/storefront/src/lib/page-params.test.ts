import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pageParams from './page-params';
import { PAGE_PARAMS, carriesSecretLink, knownSearch, pageCacheAddress } from './page-params';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' || name === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.|fixtures/.test(name) ? [full] : [];
  });
}

describe('the parameters pages read', () => {
  it('lists every query parameter the source reads from an address', () => {
    const read = new Set<string>();
    const reads = /\b(?:searchParams|search|params|query)\.(?:get|getAll|has)\('([A-Za-z_-]+)'\)/g;
    // A read by one of page-params.ts's names (`search.get(REORDERED_PARAM)`, `referenceParam(search, SENT_PARAM)`).
    const named = /\b(?:get|getAll|has|referenceParam)\((?:[\w.]+, )?([A-Z][A-Z_]*_PARAM)\)/g;
    const constants = pageParams as unknown as Record<string, unknown>;
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(reads)) read.add(match[1]!);
      for (const match of text.matchAll(named)) {
        const value = constants[match[1]!];
        if (typeof value === 'string') read.add(value);
      }
    }
    // And the names' reads, so the second scan is looking too.
    expect(read).toContain('reordered');
    // The scan finds the catalog's reads, so it is looking at the right files.
    expect(read).toContain('priceMin');
    expect([...read].filter((name) => !PAGE_PARAMS.has(name))).toEqual([]);
  });

  it('keeps only those, sorted by name, in the page cache address', () => {
    expect(pageCacheAddress('/catalog?sort=price-asc&n=8271&q=vitamin&utm_source=mail')).toBe(
      '/catalog?q=vitamin&sort=price-asc',
    );
    expect(pageCacheAddress('/catalog?q=vitamin&sort=price-asc')).toBe(pageCacheAddress('/catalog?sort=price-asc&q=vitamin'));
    expect(pageCacheAddress('/catalog?n=1')).toBe('/catalog');
    expect(pageCacheAddress('/es/item/12')).toBe('/es/item/12');
    // A name given twice keeps its values in order.
    expect(knownSearch('?brand=b&brand=a&x=1')).toBe('?brand=b&brand=a');
    expect(knownSearch('?personalcode=ABC&q=a', new Set(['personalcode']))).toBe('?q=a');
  });

  it("knows an address that carries a link's secret (never kept by a cache)", () => {
    expect(carriesSecretLink('/account/undo?token=abc')).toBe(true);
    expect(carriesSecretLink('/es/reminders/unsubscribe?x=1&token=abc')).toBe(true);
    expect(carriesSecretLink('/account/undo')).toBe(false);
    expect(carriesSecretLink('/catalog?q=token')).toBe(false);
  });
});

// The catalog's address: `category`, `brand`, `plan`, `priceMin`, `priceMax`, `sort`, `page`.
// Reading is lenient (a bad value counts as absent); writing drops empty values and, when a
// filter or the sort changes, the page (the list starts again at page 1).
import { SORT_OPTIONS, type SortOption } from '@otc/sdk';

export const FILTER_KEYS = ['category', 'brand', 'plan', 'priceMin', 'priceMax'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type CatalogParamKey = FilterKey | 'sort' | 'page';

export interface CatalogParams {
  category?: number;
  brand?: string;
  plan?: string;
  priceMin?: number;
  priceMax?: number;
  sort: SortOption;
  /** The last page shown; the list shows pages 1..page. */
  page: number;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

function amount(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}(\.\d{1,2})?$/.test(value)) return undefined;
  return Number(value);
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function readCatalogParams(search: URLSearchParams): CatalogParams {
  const sort = search.get('sort');
  return {
    category: positiveInt(search.get('category')),
    brand: text(search.get('brand')),
    plan: text(search.get('plan')),
    priceMin: amount(search.get('priceMin')),
    priceMax: amount(search.get('priceMax')),
    sort: SORT_OPTIONS.includes(sort as SortOption) ? (sort as SortOption) : 'default',
    page: positiveInt(search.get('page')) ?? 1,
  };
}

export type CatalogChanges = Partial<Record<CatalogParamKey, string | number | null | undefined>>;

/**
 * The next address query: empty values remove their parameter; a changed filter or sort drops
 * `page` (unless the change sets it too). Other parameters (e.g. `q`) are kept.
 */
export function nextCatalogSearch(
  current: URLSearchParams,
  changes: CatalogChanges,
): URLSearchParams {
  const next = new URLSearchParams(current);
  let resetsPage = false;
  for (const [key, raw] of Object.entries(changes) as [
    CatalogParamKey,
    CatalogChanges[CatalogParamKey],
  ][]) {
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    const empty =
      value === '' || (key === 'sort' && value === 'default') || (key === 'page' && value === '1');
    if ((current.get(key) ?? '') !== (empty ? '' : value) && key !== 'page') resetsPage = true;
    if (empty) next.delete(key);
    else next.set(key, value);
  }
  if (resetsPage && !('page' in changes)) next.delete('page');
  return next;
}

/** The API filters of the address (no sort, no page). */
export function filtersOf(params: CatalogParams) {
  const { category, brand, plan, priceMin, priceMax } = params;
  return { category, brand, plan, priceMin, priceMax };
}

export function hasFilters(params: CatalogParams): boolean {
  return Object.values(filtersOf(params)).some((value) => value !== undefined);
}

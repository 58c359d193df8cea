// The catalog's address: `q`, `category`, `brand`, `plan`, `coverage`, `priceMin`, `priceMax`,
// `sort`, `page`. Reading is lenient (a bad value counts as absent); writing drops empty values
// and, when a filter, the words or the sort change, the page (the list starts again at page 1).
//
// Coverage (issue 19): a shopper with a plan in force (a member's saved plan, a guest's chosen
// one) sees only what it covers unless the address says `coverage=all` (the removed filter chip,
// or "All health plans"); `plan=<code>` filters by a plan named in the address.
import { SORT_OPTIONS, TEXT_MAX, type SortOption } from '@otc/sdk';
import { COVERAGE_ALL } from '../../lib/coverage-plan';

export const FILTER_KEYS = ['category', 'brand', 'plan', 'priceMin', 'priceMax'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type CatalogParamKey = FilterKey | 'q' | 'coverage' | 'sort' | 'page';

export { COVERAGE_ALL };

export interface CatalogParams {
  /** Words searched (the search modal's "See all"), with every other filter. */
  q?: string;
  category?: number;
  brand?: string;
  /** A plan named in the address (covered items only). */
  plan?: string;
  /** True with `coverage=all`: the plan in force does not filter the list. */
  allItems: boolean;
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
    q: text(search.get('q'))?.slice(0, TEXT_MAX.query),
    category: positiveInt(search.get('category')),
    brand: text(search.get('brand')),
    plan: text(search.get('plan')),
    allItems: search.get('coverage') === COVERAGE_ALL,
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

/**
 * The plan that filters the list: the one the address names, else the plan in force (unless the
 * address says `coverage=all`).
 */
export function planFilterOf(params: CatalogParams, planInForce: string | null): string | undefined {
  if (params.plan) return params.plan;
  return params.allItems ? undefined : (planInForce ?? undefined);
}

/** The API filters of the address with the plan in force (no sort, no page). */
export function filtersOf(params: CatalogParams, planInForce: string | null = null) {
  const { q, category, brand, priceMin, priceMax } = params;
  return { q, category, brand, plan: planFilterOf(params, planInForce), priceMin, priceMax };
}

/** Whether any filter narrows the list (the words searched are cleared on their own). */
export function hasFilters(params: CatalogParams, planInForce: string | null = null): boolean {
  const { q: _q, ...filters } = filtersOf(params, planInForce);
  return Object.values(filters).some((value) => value !== undefined);
}

/**
 * The address changes that set the plan filter to `code` ('' for every item): the plan in force
 * is the default (no parameter), any other plan is named, and none says `coverage=all` when a
 * plan is in force.
 */
export function planChanges(code: string, planInForce: string | null): CatalogChanges {
  if (code && code === planInForce) return { plan: '', coverage: '' };
  if (code) return { plan: code, coverage: '' };
  return { plan: '', coverage: planInForce ? COVERAGE_ALL : '' };
}

/** The address changes that clear every filter (not the words searched). */
export function clearFilterChanges(planInForce: string | null): CatalogChanges {
  return { category: '', brand: '', priceMin: '', priceMax: '', ...planChanges('', planInForce) };
}

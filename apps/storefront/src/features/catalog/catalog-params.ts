// The catalog's address: `q`, `category`, `brand`, `plan`, `coverage`, `priceMin`, `priceMax`,
// `sort`, `page`. Reading is lenient (a bad value counts as absent); writing drops empty values
// and, when a filter, the words or the sort change, the page (the list starts again at page 1).
//
// Coverage (issues 19, 33 item 4): the plan in force (a member's saved plan, a guest's chosen one)
// marks every item, covered or not; `coverage=covered` is the explicit "covered items only".
// Old links still work: `plan=<code>` filters by the plan it names (covered by it only), and
// `coverage=all` (every item, once needed to see the marks) is now the default.
import { SORT_OPTIONS, TEXT_MAX, type SortOption } from '@otc/sdk';
import { COVERAGE_ALL, COVERAGE_COVERED } from '../../kernel/coverage-plan';
import { withoutPageNotes } from '../../lib/page-params';

export const FILTER_KEYS = ['category', 'brand', 'plan', 'priceMin', 'priceMax'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type CatalogParamKey = FilterKey | 'q' | 'coverage' | 'sort' | 'page';

export { COVERAGE_ALL, COVERAGE_COVERED };

const CATALOG_PARAM_KEYS: readonly CatalogParamKey[] = [...FILTER_KEYS, 'q', 'coverage', 'sort', 'page'];

export interface CatalogParams {
  /** Words searched (the search modal's "See all"), with every other filter. */
  q?: string;
  category?: number;
  brand?: string;
  /** A plan named in the address (covered items only). */
  plan?: string;
  /** True with `coverage=covered`: only the items the plan in force covers. */
  coveredOnly: boolean;
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
    coveredOnly: search.get('coverage') === COVERAGE_COVERED,
    priceMin: amount(search.get('priceMin')),
    priceMax: amount(search.get('priceMax')),
    sort: SORT_OPTIONS.includes(sort as SortOption) ? (sort as SortOption) : 'default',
    page: positiveInt(search.get('page')) ?? 1,
  };
}

/**
 * The parameters a GET form of the catalog carries as hidden fields: every one of the address's
 * except those its own fields set (`replaced`), the last add's note (`added`) and, unless
 * `keepsPage`, `page` (the list starts again).
 */
export function keptParams(
  search: URLSearchParams,
  replaced: readonly string[],
  keepsPage = false,
): [string, string][] {
  return [...withoutPageNotes(search)].filter(
    ([name]) => (keepsPage || name !== 'page') && !replaced.includes(name),
  );
}

/**
 * The address without the empty values a plain form sends (`category=&brand=`, `sort=default`,
 * `page=1`), or null when it has none: the server answers such an address with the clean one.
 */
export function cleanCatalogSearch(search: URLSearchParams): URLSearchParams | null {
  const clean = new URLSearchParams();
  let changed = false;
  for (const [name, value] of search) {
    const known = (CATALOG_PARAM_KEYS as readonly string[]).includes(name);
    const empty =
      value.trim() === '' || (name === 'sort' && value === 'default') || (name === 'page' && value === '1');
    if (known && empty) changed = true;
    else clean.append(name, value);
  }
  return changed ? clean : null;
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
  const next = withoutPageNotes(current);
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
 * The plan that filters the list: the one the address names, else the plan in force when the
 * shopper asked for covered items only (`coverage=covered`); none by default.
 */
export function planFilterOf(params: CatalogParams, planInForce: string | null): string | undefined {
  if (params.plan) return params.plan;
  return params.coveredOnly ? (planInForce ?? undefined) : undefined;
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
 * The address changes that set the plan filter to `code` ('' for every item, the default): the
 * plan in force is `coverage=covered`, any other plan is named (an old link's `plan`).
 */
export function planChanges(code: string, planInForce: string | null): CatalogChanges {
  if (code && code === planInForce) return { plan: '', coverage: COVERAGE_COVERED };
  if (code) return { plan: code, coverage: '' };
  return { plan: '', coverage: '' };
}

/** The address changes that clear every filter (not the words searched). */
export function clearFilterChanges(planInForce: string | null): CatalogChanges {
  return { category: '', brand: '', priceMin: '', priceMax: '', ...planChanges('', planInForce) };
}

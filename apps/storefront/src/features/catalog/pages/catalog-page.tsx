import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { redirect, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { useSelector } from 'react-redux';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { LayoutGrid, Rows3, Search, SlidersHorizontal, X } from '@otc/ui/icons';
import { SORT_OPTIONS, TEXT_MAX, safeRedirectPath, type SortOption } from '@otc/sdk';
import { Button, Container, Drawer, EmptyState, LinkButton, Select, Skeleton, TextField } from '@otc/ui';
import { useAppDispatch } from '../../../kernel/hooks';
import { awaitOnServer } from '../../../kernel/prefetch-query';
import { storeOf } from '../../../kernel/route-context';
import { useCustomer } from '../../../kernel/customer-api';
import { AppLink } from '../../../components/app-link';
import { useLocale } from '../../../lib/use-locale';
import { localeOfPath } from '../../../lib/locale';
import { choosePlanNow, coverageParam, planNameOf, useCoveragePlan, type CoveragePlan } from '../../../kernel/coverage-plan';
import { onServer } from '../../../lib/on-server';
import { formFailure, textFields } from '../../../kernel/page-form';
import { localizePath } from '../../../lib/locale';
import { SearchMatches, matchedAsWords } from '../../../components/search-matches';
import {
  useGetCategoriesQuery,
  useGetHealthPlansQuery,
  useGetProductPageQuery,
  type ProductPageArgs,
} from '../catalog-api';
import {
  cleanCatalogSearch,
  clearFilterChanges,
  filtersOf,
  hasFilters,
  nextCatalogSearch,
  planChanges,
  planFilterOf,
  readCatalogParams,
  type CatalogChanges,
  type CatalogParams,
} from '../catalog-params';
import { selectTwoColumns, twoColumnsToggled } from '../catalog-view-slice';
import { CatalogFilters } from '../components/catalog-filters';
import { CatalogForm, fieldText } from '../components/catalog-form';
import { CoverageBar, PLAN_INTENT } from '../components/coverage-bar';
import { ProductTile } from '../components/product-tile';
import { productAnchor } from '../../../lib/product-links';
import {
  coveragePlanForLoader,
  prefetchCategories,
  prefetchFavorites,
  prefetchHealthPlans,
  prefetchProductPages,
} from '../prefetch';

/**
 * The list's API filters (no page): the address's, the plan in force as the default plan filter,
 * and the plan whose marks the cards show.
 */
function listArgsOf(params: CatalogParams, coverage: CoveragePlan, locale: ProductPageArgs['locale']) {
  const filters = filtersOf(params, coverage.code);
  return {
    ...filters,
    coveragePlan: coverageParam(coverage, filters.plan),
    sort: params.sort,
    locale,
  } satisfies Omit<ProductPageArgs, 'page'>;
}

export function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  // A plain GET form (before or without the scripts) sends its empty fields too
  // (`category=&priceMin=&sort=default`): answered with the clean address of the same list.
  const clean = cleanCatalogSearch(url.searchParams);
  if (clean) {
    const query = clean.toString();
    return redirect(`${url.pathname}${query ? `?${query}` : ''}`);
  }
  const store = storeOf(args);
  const locale = localeOfPath(url.pathname);
  const params = readCatalogParams(url.searchParams);
  // Awaited on the server only: in the browser a changed filter shows skeletons at once, and
  // Back finds the pages in the cache. A member's list waits for their plan (`me`, usually asked
  // for already by the header).
  return awaitOnServer([
    prefetchCategories(store, locale),
    prefetchHealthPlans(store),
    prefetchFavorites(store, locale),
    coveragePlanForLoader(store).then((coverage) =>
      prefetchProductPages(store, { ...listArgsOf(params, coverage, locale), page: params.page }),
    ),
  ]);
}

/**
 * The plan picker's post (issue 29: it works without the scripts): a guest's plan into the
 * `otc_plan` cookie, a member's into the account; then back to the page it was chosen on, now
 * drawn with the plan's marks. With the scripts the picker calls the same endpoints itself.
 */
export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const fields = textFields(await args.request.formData(), ['intent', 'code', 'redirectTo'] as const);
  if (fields.intent !== PLAN_INTENT) return null;
  const code = fields.code?.trim() ?? '';
  const error = await choosePlanNow(store, code);
  if (error) return formFailure({ intent: PLAN_INTENT, code }, error);
  if (onServer) return redirect(safeRedirectPath(fields.redirectTo) ?? localizePath('/catalog', locale));
  return null;
}

/** The parameters the page's own GET forms set (the rest ride along as hidden fields). */
const SORT_FIELDS = ['sort'] as const;
const SEARCH_FIELDS = ['q'] as const;
const CLEARED_FIELDS = ['category', 'brand', 'priceMin', 'priceMax', 'plan', 'coverage'] as const;
/** The "Filters" button's form sets nothing: the same address, with #catalog-filters. */
const NO_FIELDS = [] as const;
/**
 * The elements a plain GET (no scripts yet, or none) goes to: drawn by the server hidden on a
 * phone (the filters) or everywhere (the search field), shown by CSS while the address's fragment
 * names them (`:target`). With the scripts the filters open in a drawer, the search in a window.
 */
const FILTERS_ID = 'catalog-filters';
const SEARCH_ID = 'catalog-search';

const SKELETON_COUNT = 6;

function SkeletonTiles() {
  return Array.from({ length: SKELETON_COUNT }, (_, index) => (
    <li
      key={`skeleton-${index}`}
      className="flex flex-col gap-2 rounded-xl border border-border p-3"
    >
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="h-5 w-4/5" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-6 w-1/3" />
    </li>
  ));
}

/** Tiles whose pictures load at once: the first row, whatever the column count. */
const PRIORITY_TILES = 2;

/** One page of the list: its products, or skeletons while it loads. */
function ProductPageItems({
  args,
  skip,
  planCode,
  onShown,
}: {
  args: ProductPageArgs;
  /** The plan in force is not known yet (a member's `me` is loading). */
  skip: boolean;
  /** The plan in force: cards say whether it covers them when the answer's marks are its. */
  planCode: string | null;
  /**
   * A page "Load more" asked for: once its cards are drawn the focus goes to the first of them
   * (never left below them, nor on the page body), and this is told how many came.
   */
  onShown?: (count: number) => void;
}) {
  // `currentData`: the answer for THESE filters only (`data` would keep the previous filter's
  // rows on screen while the new ones load).
  const { currentData: data, isError, refetch } = useGetProductPageQuery(args, { skip });
  const firstRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!onShown || !data) return;
    firstRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    onShown(data.products.length);
  }, [onShown, data]);
  if (isError && !data) {
    return (
      <li className="col-span-full">
        <p
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border-2 border-danger p-4"
        >
          <Trans>The products could not be loaded.</Trans>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      </li>
    );
  }
  if (!data) return <SkeletonTiles />;
  const showCoverage = planCode !== null && data.coveragePlan === planCode;
  // The first row of the first page is on screen at once (two columns on a phone).
  return data.products.map((product, index) => (
    <li key={product.id} id={productAnchor(product.id)} ref={index === 0 ? firstRef : undefined}>
      <ProductTile
        product={product}
        priority={args.page === 1 && index < PRIORITY_TILES}
        showCoverage={showCoverage}
      />
    </li>
  ));
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  // The catalog's own slice, added to the store by the app's root: read through its selector.
  const twoColumns = useSelector(selectTwoColumns);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCatalogParams(searchParams);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const coverage = useCoveragePlan();
  const { customer, signedIn } = useCustomer();
  const planCode = coverage.code;
  const planFilter = planFilterOf(params, planCode);

  const base: Omit<ProductPageArgs, 'page'> = listArgsOf(params, coverage, locale);
  const skip = !coverage.ready;
  const first = useGetProductPageQuery({ ...base, page: 1 }, { skip });
  const last = useGetProductPageQuery({ ...base, page: params.page }, { skip });
  const { data: categories } = useGetCategoriesQuery({ locale });
  const { data: plans } = useGetHealthPlansQuery();

  // The address as last asked for: a change made before the page has redrawn after the previous
  // one (on a slow phone, a sort and then "Load more" at once; the old list stays on screen while
  // the new one renders) builds on it, so it never drops what was just chosen.
  const requestedSearch = useRef(searchParams);
  useLayoutEffect(() => {
    requestedSearch.current = searchParams;
  }, [searchParams]);
  const change = useCallback(
    (changes: CatalogChanges) => {
      const current = requestedSearch.current;
      const next = nextCatalogSearch(current, changes);
      if (next.toString() === current.toString()) return;
      requestedSearch.current = next;
      // Every change is a history entry; the list stays where the reader is.
      setSearchParams(next, { preventScrollReset: true });
    },
    [setSearchParams],
  );

  const total = first.currentData?.total;
  const pageSize = first.data?.pageSize ?? 24;
  const hasMore =
    total !== undefined && last.currentData !== undefined && params.page * pageSize < total;
  const left = hasMore && total !== undefined ? total - params.page * pageSize : 0;
  // The page "Load more" asked for, until its cards are shown; then what was added, said once.
  const [revealPage, setRevealPage] = useState<number | null>(null);
  const [added, setAdded] = useState('');
  const shown = useCallback(
    (count: number) => {
      setRevealPage(null);
      setAdded(plural(count, { one: '# more product shown', other: '# more products shown' }));
    },
    [],
  );
  const sortLabels: Record<SortOption, string> = {
    default: t`Recommended`,
    'name-asc': t`Name: A to Z`,
    'name-desc': t`Name: Z to A`,
    'price-asc': t`Price: low to high`,
    'price-desc': t`Price: high to low`,
  };
  const categoryName = categories?.find((category) => category.id === params.category)?.name;
  const filtered = hasFilters(params, planCode);
  const clearFilters = () => change(clearFilterChanges(planCode));
  // A GET form of the address without the filters (its button works before the scripts too).
  const clearFiltersForm = (variant: 'link' | 'primary') => (
    <CatalogForm replaces={CLEARED_FIELDS} onApply={clearFilters} className="contents">
      <Button type="submit" variant={variant}>
        <Trans>Clear filters</Trans>
      </Button>
    </CatalogForm>
  );
  const filterByPlan = (code: string) => change(planChanges(code, planCode));
  const planName = planCode
    ? coverage.source === 'member'
      ? (customer?.insurancePlan?.name ?? planCode)
      : planNameOf(plans, planCode)
    : null;
  const q = params.q;
  const matched = first.currentData?.matched;
  // The product request with the searched words as its name (as in the search window).
  const requestLink = q ? (
    <AppLink
      to={`/request-new-product?${new URLSearchParams({ name: q }).toString()}`}
      className="font-semibold text-primary underline underline-offset-4"
    >
      <Trans>Ask us to add the product</Trans>
    </AppLink>
  ) : null;
  const filters = (
    <CatalogFilters
      params={params}
      categories={categories}
      brands={first.currentData?.brands}
      onChange={change}
      onApplied={() => setFiltersOpen(false)}
    />
  );

  // A size container as wide as the window: the filters column and the product columns follow the
  // width in rem, so larger text gets fewer, wider columns instead of names broken inside words.
  return (
    <div className="@container">
      <Container className="py-6 lg:py-10">
        <h1 className="text-3xl font-bold">{categoryName ?? <Trans>Catalog</Trans>}</h1>
        {q ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
            <p className="text-xl font-semibold break-words">
              <Trans>Results for “{q}”</Trans>
            </p>
            <CatalogForm replaces={SEARCH_FIELDS} onApply={() => change({ q: '' })} className="contents">
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                startIcon={<X aria-hidden="true" className="size-5" />}
              >
                <Trans>Clear search</Trans>
              </Button>
            </CatalogForm>
          </div>
        ) : null}
        {q ? <SearchMatches matched={matched} className="mt-2" /> : null}
        <p aria-live="polite" className="mt-1 min-h-7 text-lg text-muted">
          {total !== undefined ? plural(total, { one: '# product', other: '# products' }) : null}
        </p>
        <div className="mt-4 grid gap-6 @5xl:grid-cols-[19rem_minmax(0,1fr)]">
          {/* On a phone, hidden until opened: in the "Filters" drawer with the scripts; without them
              shown here while the address names it (the button's GET of #catalog-filters). */}
          <aside
            id={FILTERS_ID}
            aria-label={t`Filters`}
            className="hidden scroll-mt-20 target:block @5xl:block"
          >
            {filters}
          </aside>
          <div className="flex min-w-0 flex-col gap-4">
            {/* The header's "Search" before or without the scripts (a GET of /catalog#catalog-search):
                the words are a GET form of the address (`q`). Hidden until the address names it;
                then the browser scrolls to it and the next Tab is in its field (a page with a
                #fragment takes no autofocus). At the top of the list's column, after the filters. */}
            <CatalogForm
              id={SEARCH_ID}
              replaces={SEARCH_FIELDS}
              onApply={(fields) => change({ q: fieldText(fields, 'q') })}
              role="search"
              className="hidden max-w-2xl scroll-mt-20 flex-wrap items-end gap-3 target:flex"
            >
              <TextField
                className="min-w-0 flex-1 basis-64"
                type="search"
                name="q"
                label={t`Search products`}
                defaultValue={q ?? ''}
                maxLength={TEXT_MAX.query}
                autoComplete="off"
              />
              <Button type="submit" startIcon={<Search aria-hidden="true" className="size-5" />}>
                <Trans>Search</Trans>
              </Button>
            </CatalogForm>
            {coverage.ready ? (
              <CoverageBar
                coverage={coverage}
                planFilter={planFilter}
                plans={plans}
                planName={planName}
                signedIn={signedIn}
                onFilter={filterByPlan}
              />
            ) : null}
            <div className="flex flex-wrap items-end justify-between gap-3">
              {/* A GET form of the address: a new sort applies at once with the scripts; without them
                  (or before they start) the "Sort" button, always there, asks the server. */}
              <CatalogForm
                replaces={SORT_FIELDS}
                onApply={(fields) => change({ sort: fieldText(fields, 'sort') })}
                className="flex w-full items-end gap-2 @min-[40rem]:w-auto"
              >
                <Select
                  className="min-w-0 flex-1 @min-[40rem]:w-64 @min-[40rem]:flex-none"
                  name="sort"
                  label={t`Sort by`}
                  options={SORT_OPTIONS.map((value) => ({ value, label: sortLabels[value] }))}
                  value={params.sort}
                  onChange={(event) => change({ sort: event.target.value })}
                />
                <Button type="submit" variant="secondary">
                  <Trans>Sort</Trans>
                </Button>
              </CatalogForm>
              <div className="flex flex-wrap gap-2">
                {/* The drawer with the scripts; before or without them a GET of this very address with
                    #catalog-filters, which shows them (no new page when the address is the same). */}
                <CatalogForm
                  replaces={NO_FIELDS}
                  keepsPage
                  onApply={() => setFiltersOpen(true)}
                  fragment={FILTERS_ID}
                  className="contents"
                >
                  <Button
                    type="submit"
                    variant="secondary"
                    className="@5xl:hidden"
                    startIcon={<SlidersHorizontal aria-hidden="true" className="size-5" />}
                  >
                    <Trans>Filters</Trans>
                  </Button>
                </CatalogForm>
                <Button
                  variant="ghost"
                  className="@min-[40rem]:hidden"
                  aria-pressed={twoColumns}
                  startIcon={
                    twoColumns ? (
                      <LayoutGrid aria-hidden="true" className="size-5" />
                    ) : (
                      <Rows3 aria-hidden="true" className="size-5" />
                    )
                  }
                  onClick={() => dispatch(twoColumnsToggled())}
                >
                  <Trans>Two columns</Trans>
                </Button>
                {filtered ? clearFiltersForm('link') : null}
              </div>
            </div>
            {total === 0 && filtered ? (
              <EmptyState
                title={<Trans>No products match these filters</Trans>}
                description={
                  <Trans>Try another category, brand or price range, or clear the filters.</Trans>
                }
                action={
                  // Words that find nothing (with a filter, such as a member's own plan) still
                  // offer the product request, besides clearing the filters.
                  <>
                    {clearFiltersForm('primary')}
                    {requestLink}
                  </>
                }
              />
            ) : total === 0 && q ? (
              <EmptyState
                title={<Trans>Nothing was found for “{q}”</Trans>}
                description={
                  matchedAsWords(matched) ? null : (
                    <Trans>Check the spelling or try a shorter word.</Trans>
                  )
                }
                action={requestLink}
              />
            ) : total === 0 ? (
              <EmptyState title={<Trans>No products match these filters</Trans>} />
            ) : (
              <>
                {/* The products' names are h3: this names their list and keeps the heading order. */}
                <h2 id="catalog-products" className="sr-only">
                  <Trans>Products</Trans>
                </h2>
                <ul
                  aria-labelledby="catalog-products"
                  aria-busy={first.isFetching || last.isFetching || undefined}
                  className={
                    twoColumns
                      ? 'grid grid-cols-2 gap-3 sm:gap-4 @5xl:grid-cols-3'
                      : 'grid grid-cols-1 gap-4 @min-[40rem]:grid-cols-2 @5xl:grid-cols-3'
                  }
                >
                  {Array.from({ length: params.page }, (_, index) => (
                    <ProductPageItems
                      key={index + 1}
                      args={{ ...base, page: index + 1 }}
                      skip={skip}
                      planCode={planCode}
                      onShown={revealPage === index + 1 ? shown : undefined}
                    />
                  ))}
                </ul>
              </>
            )}
            {hasMore ? (
              <div className="flex justify-center pt-2">
                {/* A link to the next page's address: the server draws it without the scripts. */}
                <LinkButton
                  as={AppLink}
                  size="lg"
                  to={`/catalog?${nextCatalogSearch(searchParams, { page: params.page + 1 }).toString()}`}
                  preventScrollReset
                  onClick={(event: React.MouseEvent) => {
                    event.preventDefault();
                    setAdded('');
                    setRevealPage(params.page + 1);
                    change({ page: params.page + 1 });
                  }}
                >
                  {plural(Math.min(pageSize, left), { one: 'Show # more product', other: 'Show # more products' })}{' '}
                  <span className="font-normal">
                    ({plural(left, { one: '# left', other: '# left' })})
                  </span>
                </LinkButton>
              </div>
            ) : null}
            {/* There from the start, so screen readers hear what each "Load more" added. */}
            <p role="status" className="sr-only">
              {added}
            </p>
          </div>
        </div>
        <Drawer
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          title={t`Filters`}
          closeLabel={t`Close filters`}
          side="left"
          footer={
            <Button fullWidth onClick={() => setFiltersOpen(false)}>
              {total !== undefined
                ? plural(total, { one: 'Show # product', other: 'Show # products' })
                : t`Close`}
            </Button>
          }
        >
          {filters}
        </Drawer>
      </Container>
    </div>
  );
}

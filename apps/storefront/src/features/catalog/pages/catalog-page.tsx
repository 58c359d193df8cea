import { useCallback, useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { LayoutGrid, Rows3, SlidersHorizontal } from 'lucide-react';
import { SORT_OPTIONS, type SortOption } from '@otc/sdk';
import { Button, Container, Drawer, EmptyState, Select, Skeleton } from '@otc/ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useLocale } from '../../../lib/use-locale';
import { localeOfPath } from '../../../lib/locale';
import {
  useGetCategoriesQuery,
  useGetHealthPlansQuery,
  useGetProductPageQuery,
  type ProductPageArgs,
} from '../catalog-api';
import {
  filtersOf,
  hasFilters,
  nextCatalogSearch,
  readCatalogParams,
  type CatalogChanges,
} from '../catalog-params';
import { selectTwoColumns, twoColumnsToggled } from '../catalog-view-slice';
import { CatalogFilters } from '../components/catalog-filters';
import { ProductTile } from '../components/product-tile';
import { prefetchCategories, prefetchHealthPlans, prefetchProductPages } from '../prefetch';

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const params = readCatalogParams(url.searchParams);
  prefetchCategories(locale);
  prefetchHealthPlans();
  // Not awaited: a changed filter shows skeletons at once; Back finds the pages in the cache.
  void prefetchProductPages({
    ...filtersOf(params),
    sort: params.sort,
    page: params.page,
    locale,
  }).catch(() => {});
  return null;
}

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
function ProductPageItems({ args }: { args: ProductPageArgs }) {
  // `currentData`: the answer for THESE filters only (`data` would keep the previous filter's
  // rows on screen while the new ones load).
  const { currentData: data, isError, refetch } = useGetProductPageQuery(args);
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
  // The first row of the first page is on screen at once (two columns on a phone).
  return data.products.map((product, index) => (
    <li key={product.id}>
      <ProductTile product={product} priority={args.page === 1 && index < PRIORITY_TILES} />
    </li>
  ));
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const twoColumns = useAppSelector(selectTwoColumns);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCatalogParams(searchParams);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const base: Omit<ProductPageArgs, 'page'> = { ...filtersOf(params), sort: params.sort, locale };
  const first = useGetProductPageQuery({ ...base, page: 1 });
  const last = useGetProductPageQuery({ ...base, page: params.page });
  const { data: categories } = useGetCategoriesQuery({ locale });
  const { data: plans } = useGetHealthPlansQuery();

  const change = useCallback(
    (changes: CatalogChanges) => {
      const next = nextCatalogSearch(searchParams, changes);
      if (next.toString() === searchParams.toString()) return;
      // Every change is a history entry; the list stays where the reader is.
      setSearchParams(next, { preventScrollReset: true });
    },
    [searchParams, setSearchParams],
  );

  const total = first.currentData?.total;
  const pageSize = first.data?.pageSize ?? 24;
  const hasMore =
    total !== undefined && last.currentData !== undefined && params.page * pageSize < total;
  const sortLabels: Record<SortOption, string> = {
    default: t`Recommended`,
    'name-asc': t`Name: A to Z`,
    'name-desc': t`Name: Z to A`,
    'price-asc': t`Price: low to high`,
    'price-desc': t`Price: high to low`,
  };
  const categoryName = categories?.find((category) => category.id === params.category)?.name;
  const filters = (
    <CatalogFilters
      params={params}
      categories={categories}
      plans={plans}
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
        <p aria-live="polite" className="mt-1 min-h-7 text-lg text-muted">
          {total !== undefined ? plural(total, { one: '# product', other: '# products' }) : null}
        </p>
        <div className="mt-4 grid gap-6 @5xl:grid-cols-[19rem_minmax(0,1fr)]">
          <aside aria-label={t`Filters`} className="hidden @5xl:block">
            {filters}
          </aside>
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <Select
                className="w-full @min-[40rem]:w-64"
                label={t`Sort by`}
                options={SORT_OPTIONS.map((value) => ({ value, label: sortLabels[value] }))}
                value={params.sort}
                onChange={(event) => change({ sort: event.target.value })}
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  className="@5xl:hidden"
                  startIcon={<SlidersHorizontal aria-hidden="true" className="size-5" />}
                  onClick={() => setFiltersOpen(true)}
                >
                  <Trans>Filters</Trans>
                </Button>
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
                {hasFilters(params) ? (
                  <Button
                    variant="link"
                    onClick={() =>
                      change({ category: '', brand: '', plan: '', priceMin: '', priceMax: '' })
                    }
                  >
                    <Trans>Clear filters</Trans>
                  </Button>
                ) : null}
              </div>
            </div>
            {total === 0 ? (
              <EmptyState
                title={<Trans>No products match these filters</Trans>}
                description={
                  <Trans>Try another category, brand or price range, or clear the filters.</Trans>
                }
                action={
                  hasFilters(params) ? (
                    <Button
                      onClick={() =>
                        change({ category: '', brand: '', plan: '', priceMin: '', priceMax: '' })
                      }
                    >
                      <Trans>Clear filters</Trans>
                    </Button>
                  ) : null
                }
              />
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
                    <ProductPageItems key={index + 1} args={{ ...base, page: index + 1 }} />
                  ))}
                </ul>
              </>
            )}
            {hasMore ? (
              <div className="flex justify-center pt-2">
                <Button size="lg" onClick={() => change({ page: params.page + 1 })}>
                  <Trans>Load more</Trans>
                </Button>
              </div>
            ) : null}
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

import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Search } from '@otc/ui/icons';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, SEARCH_MAX_WAIT_MS, TEXT_MAX, formatPrice } from '@otc/sdk';
import { Button, Dialog, Skeleton, cn } from '@otc/ui';
import { useDebouncedCallback } from 'use-debounce';
import { useAppDispatch, useAppSelector } from '../../kernel/hooks';
import { AppLink } from '../../components/app-link';
import { useGetSettingsQuery } from '../../kernel/settings-api';
import { searchClosed, selectSearchOpen } from '../../kernel/ui-slice';
import { useLocale } from '../../lib/use-locale';
import {
  DEFAULT_PRODUCT_PATH,
  productImageUrl,
  productPath as productPathOf,
} from '../../lib/product-links';
import {
  COVERAGE_ALL,
  coverageParam,
  planAddressParams,
  useCoveragePlan,
} from '../../kernel/coverage-plan';
import { Coverage, PlanFilterChip } from '../../components/coverage-mark';
import { SearchMatches, matchedAsWords } from '../../components/search-matches';
import { useSearchProductsQuery, type SearchAnswer, type SearchCategory } from './search-api';

const DEFAULT_CATALOG_PATH = '/catalog';

function withCategory(catalogPath: string, id: number): string {
  return `${catalogPath}?category=${id}`;
}

const listLink =
  'flex min-h-11 items-center rounded-lg px-3 py-2 font-semibold underline-offset-4 hover:bg-surface-3 hover:underline';

/**
 * The search modal (spec sections 2 and 4): opened from the header button or the `/` key
 * (`useSearchShortcut`, in the layout: this module is loaded on first open), it
 * shows the categories under 3 characters and the search answer from 3. The typed text becomes
 * the query after 500 ms of quiet (at most 2000 ms while typing on); Enter applies it at once and
 * searches again. Any link, both close buttons, Escape and a click outside close it. The text
 * stays while the modal is closed and reopened.
 */
export interface SearchModalProps {
  /** The shop's categories for the list shown under 3 characters (undefined while loading). */
  categories: readonly SearchCategory[] | undefined;
  categoriesLoading: boolean;
}

export function SearchModal({ categories, categoriesLoading }: SearchModalProps) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSearchOpen);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [searchParams] = useSearchParams();
  const selectedCategory = searchParams.get('category');
  // The plan filter: the one the address names, else the shopper's plan (a member's saved plan, a
  // guest's choice) unless the address says every item; the chip in the results overrides both.
  const coverage = useCoveragePlan();
  const [override, setOverride] = useState<'all' | 'covered' | null>(null);
  const addressPlan = searchParams.get('plan') || undefined;
  const byDefault = searchParams.get('coverage') === COVERAGE_ALL ? undefined : (coverage.code ?? undefined);
  const plan =
    override === 'all'
      ? undefined
      : override === 'covered'
        ? (coverage.code ?? undefined)
        : (addressPlan ?? byDefault);

  const { data: settings } = useGetSettingsQuery();
  const catalogPath = settings?.catalogPath || DEFAULT_CATALOG_PATH;
  const productPath = settings?.productPath || DEFAULT_PRODUCT_PATH;

  const applyQuery = useDebouncedCallback((value: string) => setQuery(value.trim()), SEARCH_DEBOUNCE_MS, {
    maxWait: SEARCH_MAX_WAIT_MS,
  });

  // Longer words than the search takes (TEXT_MAX.query) are said so, and not sent (issue 21).
  const searching = query.length >= MIN_SEARCH_LENGTH && query.length <= TEXT_MAX.query;
  const locale = useLocale();
  const search = useSearchProductsQuery(
    { q: query, plan, coveragePlan: coverageParam(coverage, plan), locale },
    { skip: !open || !searching || !coverage.ready },
  );

  const close = () => dispatch(searchClosed());

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    applyQuery.cancel();
    const next = text.trim();
    if (next === query) {
      if (next.length >= MIN_SEARCH_LENGTH) void search.refetch();
    } else {
      setQuery(next);
    }
  };

  // Choosing any link in the modal closes it.
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a')) close();
  };

  const typedEnough = text.trim().length >= MIN_SEARCH_LENGTH;
  const maxQuery = TEXT_MAX.query;
  const tooLong = text.trim().length > maxQuery;
  // The hint is for the first letters: it goes once the answer of a search is on screen.
  const answered = typedEnough && searching && !search.isFetching && (search.currentData !== undefined || search.isError);

  const searchLoading = !tooLong && (!searching || search.isFetching);
  const searchError = tooLong
    ? t`Your search is too long. Type at most ${maxQuery} characters.`
    : search.isError
      ? searchErrorText(search.error, t`Something went wrong`)
      : null;
  const searchAnswer = search.isError ? undefined : search.currentData;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t`Search products`}
      closeLabel={t`Close search`}
      initialFocusRef={inputRef}
      placement="top"
      className="mx-auto max-w-3xl"
      footer={
        <div className="flex justify-end">
          <Button variant="secondary" onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </div>
      }
    >
      <div onClick={onBodyClick} className="flex flex-col gap-5">
        <form role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="search-modal-input" className="sr-only">
            <Trans>Search products</Trans>
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-6 -translate-y-1/2 text-muted"
            />
            <input
              ref={inputRef}
              id="search-modal-input"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              value={text}
              placeholder={t`e.g. vitamin D`}
              aria-describedby={answered ? undefined : 'search-modal-hint'}
              onChange={(event) => {
                setText(event.target.value);
                applyQuery(event.target.value);
              }}
              onKeyDown={onInputKeyDown}
              className="block min-h-13 w-full rounded-lg border-2 border-field-border bg-surface py-2 pr-3 pl-12 text-lg text-fg placeholder:text-muted focus-visible:border-primary focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus"
            />
          </div>
          {answered ? null : (
            <p id="search-modal-hint" className="mt-2 text-muted">
              <Trans>Type at least 3 letters of a product, brand or category.</Trans>
            </p>
          )}
        </form>

        {/* In the dialog before any search, so screen readers hear "Searching…" and then what
            was found: a region inserted with its text already in it is skipped by many. */}
        <div role="status" className={typedEnough && !searchError ? undefined : 'sr-only'}>
          {typedEnough && !searchError ? (
            <SearchStatus
              loading={searchLoading}
              answer={searchAnswer}
              plan={plan}
              catalogPath={catalogPath}
            />
          ) : null}
        </div>
        {typedEnough ? (
          <SearchResults
            loading={searchLoading}
            error={searchError}
            answer={searchAnswer}
            query={query}
            plan={plan}
            planInForce={coverage.code}
            onPlanFilter={(covered) => setOverride(covered ? 'covered' : 'all')}
            catalogPath={catalogPath}
            productPath={productPath}
          />
        ) : (
          <section aria-labelledby="search-categories-heading">
            <h3 id="search-categories-heading" className="mb-2 text-lg font-bold">
              <Trans>Browse by category</Trans>
            </h3>
            <ul className="grid gap-1 sm:grid-cols-2">
              <li>
                <AppLink
                  to={catalogPath}
                  aria-current={selectedCategory ? undefined : 'true'}
                  className={cn(listLink, !selectedCategory && 'bg-primary-soft text-primary')}
                >
                  <Trans>All products</Trans>
                </AppLink>
              </li>
              {categoriesLoading
                ? [0, 1, 2, 3].map((key) => (
                    <li key={key}>
                      <Skeleton className="h-11 w-full" />
                    </li>
                  ))
                : (categories ?? []).map((category) => {
                    const selected = selectedCategory === String(category.id);
                    return (
                      <li key={category.id}>
                        <AppLink
                          to={withCategory(catalogPath, category.id)}
                          aria-current={selected ? 'true' : undefined}
                          className={cn(listLink, selected && 'bg-primary-soft text-primary')}
                        >
                          {category.name}
                        </AppLink>
                      </li>
                    );
                  })}
            </ul>
          </section>
        )}
      </div>
    </Dialog>
  );
}

function searchErrorText(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** How many were found: the dialog's status line (its region stays while searches come and go). */
function SearchStatus({
  loading,
  answer,
  plan,
  catalogPath,
}: {
  loading: boolean;
  answer: SearchAnswer | undefined;
  plan: string | undefined;
  catalogPath: string;
}) {
  if (loading || !answer) {
    return (
      <p className="sr-only">
        <Trans>Searching…</Trans>
      </p>
    );
  }
  const total = Math.max(answer.total ?? answer.products.length, answer.products.length);
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-lg font-bold">
        <Trans>Products found: {total}</Trans>
      </h3>
      <SearchMatches matched={answer.matched} catalogPath={catalogPath} />
      {plan ? (
        <p className="text-muted">
          <Trans>Results are filtered by your health plan.</Trans>
        </p>
      ) : null}
    </div>
  );
}

function SearchResults({
  loading,
  error,
  answer,
  query,
  plan,
  planInForce,
  onPlanFilter,
  catalogPath,
  productPath,
}: {
  loading: boolean;
  error: string | null;
  answer: SearchAnswer | undefined;
  /** The words searched. */
  query: string;
  /** The plan filter of this search. */
  plan: string | undefined;
  /** The shopper's plan (a member's saved plan, a guest's choice). */
  planInForce: string | null;
  /** Puts back (true) or removes (false) the covered-only filter. */
  onPlanFilter: (covered: boolean) => void;
  catalogPath: string;
  productPath: string;
}) {
  const { t } = useLingui();
  if (error) {
    return (
      <p role="alert" className="rounded-lg border-2 border-danger px-4 py-3 font-semibold text-danger">
        <Trans>Search failed: {error}</Trans>
      </p>
    );
  }
  if (loading || !answer) {
    return (
      <div aria-busy="true">
        <ul className="flex flex-col gap-4">
          {[0, 1, 2].map((key) => (
            <li key={key} className="flex gap-4">
              <Skeleton className="size-24 shrink-0" />
              <div className="flex flex-1 flex-col gap-2 pt-1">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-5 w-1/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const count = answer.products.length;
  // Every match, not only the best 20 shown here.
  const total = Math.max(answer.total ?? count, count);
  const seeAll = `${catalogPath}?${new URLSearchParams({ q: query, ...planAddressParams(plan, planInForce) }).toString()}`;
  const requestPath = `/request-new-product?${new URLSearchParams({ name: query }).toString()}`;
  // The marks are for the shopper's own plan only.
  const showCoverage = planInForce !== null && answer.coveragePlan === planInForce;
  const foundAsWords = matchedAsWords(answer.matched);
  const seeAllLink = (
    <AppLink to={seeAll} className="self-start font-semibold text-primary underline underline-offset-4">
      <Plural value={total} one="See the # result" other="See all # results" />
    </AppLink>
  );
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2 empty:hidden">
        {plan ? (
          <div>
            <PlanFilterChip
              label={plan === planInForce ? t`Covered by your plan only` : t`Covered by plan ${plan} only`}
              onRemove={() => onPlanFilter(false)}
            />
          </div>
        ) : planInForce ? (
          <Button variant="link" className="self-start justify-start text-left" onClick={() => onPlanFilter(true)}>
            <Trans>Show only items your plan covers</Trans>
          </Button>
        ) : null}
        {total > 0 ? seeAllLink : null}
      </div>

      {answer.categories.length > 0 ? (
        <section aria-labelledby="search-found-categories">
          <h4 id="search-found-categories" className="mb-1 font-semibold text-muted">
            <Trans>Matching categories</Trans>
          </h4>
          <ul className="flex flex-wrap gap-2">
            {answer.categories.map((category) => (
              <li key={category.id}>
                <AppLink
                  to={withCategory(catalogPath, category.id)}
                  className="inline-flex min-h-11 items-center rounded-full border-2 border-border px-4 font-semibold hover:bg-surface-3"
                >
                  {category.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {count === 0 ? (
        <div className="rounded-lg bg-surface-2 px-4 py-5">
          <p className="text-lg font-semibold">
            {foundAsWords ? (
              plan ? (
                <Trans>Your plan covers none of these products.</Trans>
              ) : (
                <Trans>None of these products is in the shop now.</Trans>
              )
            ) : (
              <Trans>Nothing was found. Check the spelling or try a shorter word.</Trans>
            )}
          </p>
          <p className="mt-2">
            <Trans>
              Can’t find what you need?{' '}
              <AppLink to={requestPath} className="font-semibold text-primary underline underline-offset-4">
                Ask us to add the product
              </AppLink>
            </Trans>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {answer.products.map((product) => {
            const href = productPathOf(product.id, productPath);
            return (
              <li key={product.id} className="flex gap-4 py-3">
                <AppLink to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
                  <img
                    src={productImageUrl(product.mainImage)}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    className="h-24 w-24 rounded-lg border border-border bg-picture object-contain"
                  />
                </AppLink>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <AppLink to={href} className="text-lg leading-snug font-semibold underline-offset-4 hover:underline">
                    {product.name}
                  </AppLink>
                  <p className="text-lg font-bold">{formatPrice(product.price)}</p>
                  <p className="text-muted">{product.manufacturer}</p>
                  {showCoverage && typeof product.coveredByPlan === 'boolean' ? (
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <Coverage covered={product.coveredByPlan} name={product.name} />
                    </p>
                  ) : null}
                  <p>
                    <Trans>
                      from{' '}
                      <AppLink
                        to={withCategory(catalogPath, product.categoryId)}
                        className="font-semibold text-primary underline underline-offset-4"
                      >
                        {product.categoryName}
                      </AppLink>
                    </Trans>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {/* Only the best matches are listed: the rest are a link away, at the end of the list too. */}
      {total > count && count > 0 ? seeAllLink : null}
    </div>
  );
}

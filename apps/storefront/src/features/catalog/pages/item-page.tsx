import { useEffect, useRef, useState } from 'react';
import { useActionData, useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Heart, ShoppingCart } from '@otc/ui/icons';
import { canIncrement, errorText, formatPrice, idSchema, type ProductDetail } from '@otc/sdk';
import { Button, Container, EmptyState, Notice, Price, QuantityStepper, Skeleton, cn } from '@otc/ui';
import { PageTitle } from '../../../kernel/page-title';
import { usePageUrl } from '../../../lib/site-origin';
import { notFound } from '../../../kernel/guards';
import { useAppSelector } from '../../../kernel/hooks';
import { AppLink } from '../../../components/app-link';
import { PeriodLimitNote } from '../../../components/period-limit-note';
import { localeOfPath } from '../../../lib/locale';
import { useLocale } from '../../../lib/use-locale';
import type { SdkQueryError } from '../../../lib/api';
import { useCartPort } from '../../../lib/cart-port';
import { QUANTITY_PARAM } from '../../../lib/page-params';
import { CarriedParams } from '../../../components/carried-params';
import { ProductFlags, availabilityOf } from '../../../components/product-flags';
import { PRODUCT_IMAGE_SIZE, productImageUrl, productAnchor } from '../../../lib/product-links';
import { selectSignedIn } from '../../../kernel/session-slice';
import { awaitOnServer } from '../../../kernel/prefetch-query';
import { storeOf } from '../../../kernel/route-context';
import { coverageParam, coveragePlanNow, useCoveragePlan } from '../../../kernel/coverage-plan';
import { useGetProductQuery, useSetFavoriteMutation } from '../catalog-api';
import { ProductJsonLd } from '../components/product-json-ld';
import { FavoriteForm } from '../components/favorite-form';
import { isFavoriteAnswer } from '../favorite-action';
import { apiErrorText } from '../../../lib/form-messages';
import { Coverage } from '../../../components/coverage-mark';
import { ProductTile } from '../components/product-tile';
import { prefetchFavorites, prefetchProduct } from '../prefetch';

/** The hearts' posts (this item's, and its cards' in lists), with or without the scripts. */
export { favoriteAction as action } from '../favorite-action';

/** The title is the product's name (set below), not the row's "Product". */
export const ownsTitle = true;

export async function loader(args: LoaderFunctionArgs) {
  const { params, request } = args;
  const url = new URL(request.url);
  // An id no product can have (letters, 0, past the database's integers) is the 404 page at once:
  // the API refuses it as a bad request (422), which the page would draw as a failed load.
  const id = Number(params.id);
  if (!idSchema.safeParse(id).success) notFound(url.pathname);
  try {
    // A guest's chosen plan marks the item (and its similar items); a member's comes from the session.
    const store = storeOf(args);
    const coveragePlan = coverageParam(coveragePlanNow(store.getState()));
    const locale = localeOfPath(url.pathname);
    const favorites = awaitOnServer([prefetchFavorites(store, locale)]);
    await prefetchProduct(store, { id, locale, coveragePlan });
    await favorites;
  } catch (error) {
    // An unknown product is the 404 page; other failures are shown by the page (retry).
    if ((error as SdkQueryError | undefined)?.status === 404) notFound(url.pathname);
  }
  return null;
}

function description(product: ProductDetail): string {
  const text = (
    product.description || `${product.name}. ${product.brand}, ${product.manufacturer}.`
  ).replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

function Gallery({ product }: { product: ProductDetail }) {
  const { t } = useLingui();
  const images = (
    product.images.length > 0 ? product.images : product.mainImage ? [product.mainImage] : []
  ).map(productImageUrl);
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      {/* In one column, at most half a short screen tall, so the name and price show beside it on the first screen. */}
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-2xl border border-border bg-picture @max-3xl:max-h-[50svh]">
        {current ? (
          <img
            src={current}
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            alt={product.name}
            // The page's largest paint: fetched before the thumbnails and the similar items.
            fetchPriority="high"
            className="h-full w-full object-contain"
          />
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t`Pictures`}>
          {images.map((src, index) => {
            const number = index + 1;
            const count = images.length;
            return (
              <li key={src}>
                <button
                  type="button"
                  aria-pressed={index === selected}
                  aria-label={t`Picture ${number} of ${count}`}
                  onClick={() => setSelected(index)}
                  className={cn(
                    'size-20 overflow-hidden rounded-lg border-2 bg-picture focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus',
                    index === selected ? 'border-primary' : 'border-border',
                  )}
                >
                  <img
                    src={src}
                    width={80}
                    height={80}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-contain"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function FavoriteToggle({ product }: { product: ProductDetail }) {
  const { t } = useLingui();
  const signedIn = useAppSelector(selectSignedIn);
  const { pathname } = useLocation();
  const [setFavorite, { isLoading }] = useSetFavoriteMutation();
  if (!signedIn) {
    const redirect = new URLSearchParams({ redirect: pathname }).toString();
    return (
      <AppLink
        to={`/login?${redirect}`}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline underline-offset-4"
      >
        <Heart aria-hidden="true" className="size-5" />
        <Trans>Sign in to save favorites</Trans>
      </AppLink>
    );
  }
  return (
    <FavoriteForm
      productId={product.id}
      favorite={!product.favorite}
      onToggle={() => void setFavorite({ id: product.id, favorite: !product.favorite })}
    >
      <Button
        type="submit"
        variant="ghost"
        aria-pressed={product.favorite}
        loading={isLoading}
        startIcon={
          <Heart
            aria-hidden="true"
            className={cn('size-6', product.favorite && 'fill-current text-danger')}
          />
        }
      >
        {t`Favorite`}
      </Button>
    </FavoriteForm>
  );
}

/** The amount an address asks for (`?quantity=`): a whole number from 1, else 1. */
function asked(value: string | null): number {
  const amount = Number(value);
  return Number.isInteger(amount) && amount >= 1 && amount <= 999 ? amount : 1;
}

function BuyBox({ product }: { product: ProductDetail }) {
  const { t } = useLingui();
  const locale = useLocale();
  const cannotAddMore = errorText('cannot_add_more', locale);
  const cart = useCartPort();
  const { AddToCartForm } = cart;
  const inCart = cart.useAmountInCart(product.id);
  // Before or without the scripts the stepper is a GET of this page (`?quantity=`): it starts there.
  const [search] = useSearchParams();
  const [quantity, setQuantity] = useState(() => asked(search.get(QUANTITY_PARAM)));
  const availability = availabilityOf(product);
  // The stock and the plan's per-period limit (`left`: beyond the member's orders and cart).
  const periodLeft = product.periodLimit ? product.periodLimit.left : Infinity;
  const canAddOne = canIncrement({ product, amount: inCart }).allowed && periodLeft > 0;
  const canIncrementMore =
    canIncrement({ product, amount: inCart + quantity }).allowed && quantity < periodLeft;
  const name = product.name;
  // The last units added take the Add to cart button away: the focus goes to the cart link
  // beside "You cannot add more" instead of falling to the page body.
  const inCartRef = useRef<HTMLParagraphElement>(null);
  const [focusCart, setFocusCart] = useState(false);
  useEffect(() => {
    if (!focusCart || canAddOne) return;
    setFocusCart(false);
    inCartRef.current?.querySelector('a')?.focus();
  }, [focusCart, canAddOne]);
  if (availability.outOfStock || availability.notAvailable) return null;
  // "6 in your cart · View cart": what is in the cart already, and the way to it.
  const inCartLine =
    inCart > 0 ? (
      <p ref={inCartRef} className="flex flex-wrap items-center gap-x-2">
        <span>
          <Trans>{inCart} in your cart</Trans>
        </span>
        <span aria-hidden="true">·</span>
        <AppLink
          to="/cart"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          <Trans>View cart</Trans>
        </AppLink>
      </p>
    ) : null;
  const limitNote = <PeriodLimitNote limit={product.periodLimit} />;
  if (!canAddOne) {
    return (
      <div className="flex flex-col gap-1">
        {periodLeft > 0 ? <p className="font-semibold text-warning">{cannotAddMore}</p> : null}
        {limitNote}
        {inCartLine}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start gap-4">
        {/* Its buttons submit a GET of this page with the amount (before or without the scripts);
            with them they change it here. */}
        <form method="get" className="contents">
          <CarriedParams except={[QUANTITY_PARAM]} />
          <QuantityStepper
            name={QUANTITY_PARAM}
            value={quantity}
            onChange={setQuantity}
            min={1}
            max={canIncrementMore ? undefined : quantity}
            label={t`Quantity of ${name}`}
            decrementLabel={t`One less`}
            incrementLabel={t`One more`}
            maxReachedMessage={cannotAddMore}
          />
        </form>
        <AddToCartForm
          product={product}
          amount={quantity}
          onAdded={() => {
            setQuantity(1);
            // The last units take this form away: the focus goes to the cart link instead.
            setFocusCart(true);
          }}
        >
          {(busy) => (
            <Button
              type="submit"
              size="lg"
              loading={busy}
              startIcon={<ShoppingCart aria-hidden="true" className="size-5" />}
            >
              <Trans>Add to cart</Trans>
            </Button>
          )}
        </AddToCartForm>
      </div>
      {limitNote}
      {inCartLine}
    </div>
  );
}

function ItemSkeleton() {
  return (
    <div className="grid gap-8 @3xl:grid-cols-2" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-2xl @max-3xl:max-h-[50svh]" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-9 w-4/5" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-12 w-2/3" />
      </div>
    </div>
  );
}

export function Component() {
  const pageUrl = usePageUrl();
  const { t } = useLingui();
  const locale = useLocale();
  const id = Number(useParams().id);
  const coverage = useCoveragePlan();
  const {
    currentData: data,
    isError,
    refetch,
  } = useGetProductQuery({
    id,
    locale,
    coveragePlan: coverageParam(coverage),
  });
  const product = data?.product;
  // A heart's post the server refused (drawn here, at the heart).
  const answer = useActionData();
  const favoriteRefusal = isFavoriteAnswer(answer) && 'error' in answer ? answer : null;
  // The marks are the shopper's own plan's (not, say, a plan the answer fell back to).
  const showCoverage = coverage.code !== null && data?.coveragePlan === coverage.code;

  // The page is a size container as wide as the window: its columns follow the width in rem, so
  // larger text gets one wide column instead of two narrow ones.
  if (!product) {
    return (
      <div className="@container">
        <Container className="py-6 lg:py-10">
          <PageTitle title={t`Product`} />
          {isError ? (
            <EmptyState
              title={<Trans>The product could not be loaded.</Trans>}
              action={<Button onClick={() => void refetch()}>{t`Try again`}</Button>}
            />
          ) : (
            <>
              <p className="sr-only" role="status">
                <Trans>Loading…</Trans>
              </p>
              <ItemSkeleton />
            </>
          )}
        </Container>
      </div>
    );
  }

  const covered = showCoverage ? (product.coveredByPlan ?? null) : null;
  // The coverage mark says it once: no second "Not covered by your plan" badge.
  const availability = {
    ...availabilityOf(product),
    ...(covered === null ? {} : { notCovered: false }),
  };
  return (
    <div className="@container">
      <Container className="py-6 lg:py-10">
        <PageTitle title={product.name} description={description(product)} />
        <ProductJsonLd product={product} url={pageUrl} />
        <div className="grid gap-8 @3xl:grid-cols-2">
          <Gallery product={product} />
          <div className="flex min-w-0 flex-col gap-4">
            <AppLink
              to={`/catalog?category=${product.categoryId}`}
              className="self-start font-semibold text-primary underline underline-offset-4"
            >
              {product.categoryName}
            </AppLink>
            <h1 className="text-3xl leading-tight font-bold break-words">{product.name}</h1>
            <Price value={formatPrice(product.price)} size="lg" />
            {/* The terms wrap before the values have to break inside a word ("CareWell"). */}
            <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4 gap-y-1 text-lg">
              <dt className="text-muted">
                <Trans>Brand</Trans>
              </dt>
              <dd className="font-semibold break-words">{product.brand}</dd>
              <dt className="text-muted">
                <Trans>Manufacturer</Trans>
              </dt>
              <dd className="font-semibold break-words">{product.manufacturer}</dd>
              {/* The catalog's item code (a member reads it to support), never the database id. */}
              {product.sku ? (
                <>
                  <dt className="text-muted">
                    <Trans>Item number</Trans>
                  </dt>
                  <dd className="font-semibold break-words">{product.sku}</dd>
                </>
              ) : null}
            </dl>
            <div className="flex flex-wrap items-center gap-2">
              {covered === null ? null : <Coverage covered={covered} name={product.name} />}
              <ProductFlags availability={availability} />
            </div>
            {(availability.notCovered || availability.notAvailable) && covered !== false ? (
              <p>
                <AppLink
                  to="/docs/items-eligibility"
                  className="font-semibold text-primary underline underline-offset-4"
                >
                  <Trans>Why are some items not eligible?</Trans>
                </AppLink>
              </p>
            ) : null}
            <BuyBox product={product} />
            {/* Where the heart's post without the scripts comes back to (favorite-action.ts). */}
            <div id={productAnchor(product.id)} className="flex flex-col gap-2">
              {favoriteRefusal ? <Notice tone="error">{apiErrorText(locale, favoriteRefusal.error)}</Notice> : null}
              <FavoriteToggle product={product} />
            </div>
            {product.description ? (
              <section aria-labelledby="item-description" className="flex flex-col gap-2">
                <h2 id="item-description" className="text-xl font-bold">
                  <Trans>Description</Trans>
                </h2>
                <p className="max-w-prose text-lg leading-relaxed">{product.description}</p>
              </section>
            ) : null}
          </div>
        </div>
        {data.similar.length > 0 ? (
          <section aria-labelledby="item-similar" className="mt-12">
            <h2 id="item-similar" className="text-2xl font-bold">
              <Trans>Similar products</Trans>
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 @5xl:grid-cols-4">
              {data.similar.map((similar) => (
                <li key={similar.id} id={productAnchor(similar.id)}>
                  <ProductTile product={similar} showCoverage={showCoverage} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Container>
    </div>
  );
}

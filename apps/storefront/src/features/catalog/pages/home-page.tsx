import type { LoaderFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard, PackageCheck, ShoppingBasket, Wallet } from '@otc/ui/icons';
import { Container, Skeleton, buttonClasses } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { localeOfPath } from '../../../lib/locale';
import { useLocale } from '../../../lib/use-locale';
import { storeOf } from '../../../kernel/route-context';
import { awaitOnServer } from '../../../kernel/prefetch-query';
import { coverageParam, coveragePlanNow, useCoveragePlan } from '../../../kernel/coverage-plan';
import { useGetCategoriesQuery, useGetProductPageQuery } from '../catalog-api';
import { ProductTile } from '../components/product-tile';
import { productAnchor } from '../../../lib/product-links';
import { prefetchCategories, prefetchFavorites, prefetchProductPages } from '../prefetch';

const FEATURED_COUNT = 8;

export function loader(args: LoaderFunctionArgs) {
  const locale = localeOfPath(new URL(args.request.url).pathname);
  // Marks only (no plan filter on the home page): a guest's chosen plan is sent, a member's comes
  // from the session.
  const store = storeOf(args);
  const coveragePlan = coverageParam(coveragePlanNow(store.getState()));
  return awaitOnServer([
    prefetchCategories(store, locale),
    prefetchFavorites(store, locale),
    prefetchProductPages(store, { sort: 'default', page: 1, locale, coveragePlan }),
  ]);
}

function Steps() {
  const steps = [
    {
      icon: ShoppingBasket,
      title: <Trans>Choose your items</Trans>,
      text: (
        <Trans>Browse vitamins, pain relief, first aid and more, and add them to your cart.</Trans>
      ),
    },
    {
      icon: CreditCard,
      title: <Trans>Pay with your benefit card</Trans>,
      text: (
        <Trans>
          At checkout, enter the number of your plan’s benefit card. The allowance pays for the
          order.
        </Trans>
      ),
    },
    {
      icon: PackageCheck,
      title: <Trans>Get them delivered</Trans>,
      text: (
        <Trans>We deliver the order to your home, and you can follow it in your account.</Trans>
      ),
    },
  ];
  return (
    <ol className="grid gap-4 @3xl:grid-cols-3">
      {steps.map(({ icon: Icon, title, text }, index) => (
        <li key={index} className="flex gap-4 rounded-2xl border border-border bg-surface p-5">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-on-primary"
          >
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h3 className="flex items-center gap-2 text-lg font-bold">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {title}
            </h3>
            <p className="text-base leading-relaxed">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const categories = useGetCategoriesQuery({ locale });
  const coverage = useCoveragePlan();
  const products = useGetProductPageQuery({
    sort: 'default',
    page: 1,
    locale,
    coveragePlan: coverageParam(coverage),
  });
  const showCoverage = coverage.code !== null && products.data?.coveragePlan === coverage.code;
  const featured = (products.data?.products ?? [])
    .filter((product) => product.status === null && product.inStock > 0)
    .slice(0, FEATURED_COUNT);

  // The page is a size container as wide as the window: its columns follow the width in rem, so
  // larger text gets fewer, wider columns (the product names never break inside a word).
  return (
    <div className="@container flex flex-col gap-12 pb-12">
      <section className="bg-primary-soft py-10 lg:py-14">
        <Container className="flex flex-col gap-4">
          <h1 className="max-w-3xl text-3xl leading-tight font-bold sm:text-4xl">
            <Trans>Health products paid with your benefit card</Trans>
          </h1>
          <p className="max-w-2xl text-lg leading-relaxed">
            <Trans>
              Your health plan gives you an allowance for over-the-counter items. Use it here for
              vitamins, pain relief, first aid, personal care and more, delivered to your door.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            <AppLink to="/catalog" className={buttonClasses({ size: 'lg' })}>
              <Trans>Shop the catalog</Trans>
            </AppLink>
            <AppLink
              to="/balance-check"
              className={buttonClasses({ size: 'lg', variant: 'secondary' })}
            >
              <Wallet aria-hidden="true" className="size-5" />
              <Trans>Check your card balance</Trans>
            </AppLink>
          </div>
        </Container>
      </section>

      <Container as="section" aria-labelledby="home-steps" className="flex flex-col gap-4">
        <h2 id="home-steps" className="text-2xl font-bold">
          <Trans>How paying with your card works</Trans>
        </h2>
        <Steps />
      </Container>

      <Container as="section" aria-labelledby="home-categories" className="flex flex-col gap-4">
        <h2 id="home-categories" className="text-2xl font-bold">
          <Trans>What you can buy with your allowance</Trans>
        </h2>
        {categories.data ? (
          <ul className="grid grid-cols-1 gap-3 @min-[40rem]:grid-cols-2 @5xl:grid-cols-4">
            {categories.data.map((category) => (
              <li key={category.id}>
                <AppLink
                  to={`/catalog?category=${category.id}`}
                  className="flex min-h-14 items-center justify-between gap-3 rounded-xl border-2 border-border bg-surface px-4 py-3 text-lg font-semibold hover:border-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
                >
                  <span className="min-w-0 break-words">{category.name}</span>
                  <span className="shrink-0 text-base font-normal text-muted">
                    {category.productCount}
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        ) : categories.isError ? (
          <p role="alert">
            <Trans>The categories could not be loaded.</Trans>
          </p>
        ) : (
          <div
            className="grid grid-cols-1 gap-3 @min-[40rem]:grid-cols-2 @5xl:grid-cols-4"
            aria-hidden="true"
          >
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} className="h-14" />
            ))}
          </div>
        )}
      </Container>

      <Container as="section" aria-labelledby="home-featured" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="home-featured" className="text-2xl font-bold">
            <Trans>Featured products</Trans>
          </h2>
          <AppLink
            to="/catalog"
            className="text-lg font-semibold text-primary underline underline-offset-4"
          >
            <Trans>See all products</Trans>
          </AppLink>
        </div>
        {products.data ? (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 @5xl:grid-cols-4">
            {featured.map((product) => (
              <li key={product.id} id={productAnchor(product.id)}>
                <ProductTile product={product} showCoverage={showCoverage} />
              </li>
            ))}
          </ul>
        ) : products.isError ? (
          <p role="alert">
            <Trans>The products could not be loaded.</Trans>
          </p>
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:gap-4 @5xl:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="aspect-[3/4]" />
            ))}
          </div>
        )}
      </Container>

      <Container as="section" aria-labelledby="home-balance">
        <div className="flex flex-col items-start gap-3 rounded-2xl border-2 border-primary bg-surface p-6 @min-[40rem]:flex-row @min-[40rem]:items-center @min-[40rem]:justify-between">
          <div className="flex flex-col gap-1">
            <h2 id="home-balance" className="text-2xl font-bold">
              <Trans>How much is left on your card?</Trans>
            </h2>
            <p className="text-lg">
              <Trans>Check the balance of your benefit card in a minute, no account needed.</Trans>
            </p>
          </div>
          <AppLink to="/balance-check" className={buttonClasses({ size: 'lg' })}>
            {t`Check balance`}
          </AppLink>
        </div>
      </Container>
    </div>
  );
}

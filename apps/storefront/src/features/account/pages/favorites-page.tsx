import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Heart } from '@otc/ui/icons';
import { formatPrice, type ProductSummary } from '@otc/sdk';
import { Button, EmptyState, Notice, ProductCard, buttonClasses } from '@otc/ui';
import { AddToCartButton } from '../../../components/add-to-cart-button';
import { AppLink } from '../../../components/app-link';
import { ProductFlags, availabilityOf } from '../../../components/product-flags';
import { apiErrorText } from '../../../lib/form-messages';
import { productCardImage, productPath } from '../../../lib/product-links';
import { useLocale } from '../../../lib/use-locale';
import { useAccountFavoritesQuery, useRemoveAccountFavoriteMutation } from '../account-api';
import { AccountLayout } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { callError } from '../form-result';
export { favoritesLoader as loader } from '../account-loaders';

function FavoriteCard({
  product,
  onRemove,
  removing,
}: {
  product: ProductSummary;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useLingui();
  const availability = availabilityOf(product);
  const name = product.name;
  return (
    <ProductCard
      name={name}
      price={formatPrice(product.price)}
      image={productCardImage(product.mainImage)}
      manufacturer={product.manufacturer}
      flags={<ProductFlags availability={availability} />}
      linkAs={AppLink}
      linkProps={{ to: productPath(product.id), prefetch: 'intent' }}
      className="hyphens-auto break-words"
      action={
        <div className="flex flex-wrap gap-2">
          {availability.notAvailable || availability.outOfStock ? null : <AddToCartButton product={product} />}
          <Button
            size="sm"
            variant="ghost"
            loading={removing}
            aria-label={t`Remove ${name} from favorites`}
            onClick={onRemove}
          >
            <Heart aria-hidden="true" className="size-6 fill-current text-danger" />
          </Button>
        </div>
      }
    />
  );
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const { currentData: favorites, isError, refetch } = useAccountFavoritesQuery({ locale });
  const [remove, removal] = useRemoveAccountFavoriteMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function onRemove(product: ProductSummary) {
    setProblem(null);
    const error = callError(await remove({ locale, id: product.id }));
    if (error) setProblem(apiErrorText(locale, error));
  }

  return (
    <AccountLayout title={t`Favorites`} intro={<Trans>The products you keep to buy again.</Trans>}>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {!favorites ? (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      ) : favorites.length === 0 ? (
        <EmptyState
          icon={<Heart aria-hidden="true" className="size-10 text-primary" />}
          title={<Trans>No favorites yet.</Trans>}
          description={<Trans>Tap the heart on a product to keep it here.</Trans>}
          action={
            <AppLink to="/catalog" className={buttonClasses()}>
              <Trans>Browse the catalog</Trans>
            </AppLink>
          }
        />
      ) : (
        <ul aria-label={t`Favorites`} className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
          {favorites.map((product) => (
            <li key={product.id}>
              <FavoriteCard
                product={product}
                removing={removal.isLoading && removal.originalArgs?.id === product.id}
                onRemove={() => void onRemove(product)}
              />
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

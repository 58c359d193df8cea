import { useState } from 'react';
import { data, redirect, useActionData, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Heart } from '@otc/ui/icons';
import { formatPrice, type ProductSummary } from '@otc/sdk';
import { Button, EmptyState, Notice, ProductCard, buttonClasses } from '@otc/ui';
import { AddToCartButton } from '../../../components/add-to-cart-button';
import { AppLink } from '../../../components/app-link';
import { ProductFlags, availabilityOf } from '../../../components/product-flags';
import { apiErrorText } from '../../../lib/form-messages';
import { productAnchor, productCardImage, productPath } from '../../../lib/product-links';
import { useLocale } from '../../../lib/use-locale';
import { accountApi, useAccountFavoritesQuery, useRemoveAccountFavoriteMutation } from '../account-api';
import { CsrfField, formFailure, textFields, type FormFailure } from '../../../kernel/page-form';
import { storeOf } from '../../../kernel/route-context';
import { localeOfPath } from '../../../lib/locale';
import { onServer } from '../../../lib/on-server';
import { AccountLayout } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { callError } from '../form-result';
export { favoritesLoader as loader } from '../account-loaders';

const REMOVE_FAVORITE = 'remove-favorite';

/**
 * A heart's post sent without the scripts: the product leaves the favorites, and the page is asked
 * for again (303, so a reload posts nothing); a refusal draws the page with why.
 */
export async function action(args: ActionFunctionArgs) {
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const { intent, id } = textFields(await args.request.formData(), ['intent', 'id']);
  if (intent !== REMOVE_FAVORITE || !/^\d{1,10}$/.test(id ?? '')) throw data(null, { status: 400, statusText: 'Unknown favorites intent' });
  const removed = await storeOf(args).dispatch(accountApi.endpoints.removeAccountFavorite.initiate({ locale, id: Number(id) }));
  if (removed.error) return formFailure({ id }, removed.error);
  return onServer ? redirect(url.pathname) : { done: Number(id) };
}

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
          {/* A post to the page's action without the scripts; with them `onRemove` acts. */}
          <form
            method="post"
            className="contents"
            onSubmit={(event) => {
              event.preventDefault();
              onRemove();
            }}
          >
            <CsrfField />
            <input type="hidden" name="intent" value={REMOVE_FAVORITE} />
            <input type="hidden" name="id" value={product.id} />
            <Button
              type="submit"
              size="sm"
              variant="ghost"
              loading={removing}
              aria-label={t`Remove ${name} from favorites`}
            >
              <Heart aria-hidden="true" className="size-6 fill-current text-danger" />
            </Button>
          </form>
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
  // A refusal drawn by the server after a post sent without the scripts.
  const refused = useActionData<FormFailure>();
  const [problem, setProblem] = useState<string | null>(() => (refused && 'error' in refused ? apiErrorText(locale, refused.error) : null));

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
            <li key={product.id} id={productAnchor(product.id)}>
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

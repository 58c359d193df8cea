import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Heart } from '@otc/ui/icons';
import { Button, buttonClasses, cn } from '@otc/ui';
import { useAppSelector } from '../../../kernel/hooks';
import { selectSignedIn } from '../../../kernel/session-slice';
import { AppLink } from '../../../components/app-link';
import { useLocale } from '../../../lib/use-locale';
import { useGetFavoritesQuery, useSetFavoriteMutation } from '../catalog-api';
import { FavoriteForm } from './favorite-form';

/** Whether a product is among the signed-in customer's favorites (false for a visitor). */
export function useIsFavorite(productId: number): boolean {
  const locale = useLocale();
  const signedIn = useAppSelector(selectSignedIn);
  const { isFavorite } = useGetFavoritesQuery(
    { locale },
    {
      skip: !signedIn,
      selectFromResult: ({ currentData }) => ({
        isFavorite: currentData?.some((product) => product.id === productId) ?? false,
      }),
    },
  );
  return isFavorite;
}

/**
 * The heart of a product card: a signed-in customer adds or removes the product from favorites
 * (a toggle button, `aria-pressed`; a post without the scripts); a visitor is sent to sign in and
 * brought back here.
 */
export function FavoriteHeart({ productId, name }: { productId: number; name: string }) {
  const { t } = useLingui();
  const signedIn = useAppSelector(selectSignedIn);
  const { pathname, search } = useLocation();
  const favorite = useIsFavorite(productId);
  const [setFavorite, { isLoading }] = useSetFavoriteMutation();
  if (!signedIn) {
    const redirect = new URLSearchParams({ redirect: `${pathname}${search}` });
    return (
      <AppLink
        to={`/login?${redirect.toString()}`}
        prefetch="none"
        aria-label={t`Sign in to save ${name} to favorites`}
        title={t`Sign in to save favorites`}
        className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), 'px-2')}
      >
        <Heart aria-hidden="true" className="size-6" />
      </AppLink>
    );
  }
  return (
    <FavoriteForm productId={productId} favorite={!favorite} onToggle={() => void setFavorite({ id: productId, favorite: !favorite })}>
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        className="px-2"
        aria-pressed={favorite}
        aria-label={t`Favorite: ${name}`}
        loading={isLoading}
      >
        <Heart aria-hidden="true" className={cn('size-6', favorite && 'fill-current text-danger')} />
      </Button>
    </FavoriteForm>
  );
}

import { memo } from 'react';
import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { formatPrice, type ProductSummary } from '@otc/sdk';
import { ProductCard } from '@otc/ui';
import { AddToCartButton } from '../../../components/add-to-cart-button';
import { AppLink } from '../../../components/app-link';
import { ProductFlags, availabilityOf } from '../../../components/product-flags';
import { Coverage } from '../../../components/coverage-mark';
import { productCardImage, productPath } from '../../../lib/product-links';
import { useCartPort } from '../../../lib/cart-port';
import { ADDED_PARAM } from '../../../lib/page-params';
import { FavoriteHeart } from './favorite-heart';

/**
 * "Added to cart" on the card an add sent without the scripts came back to (`?added=<id>#product-<id>`):
 * the page's own note is at its top, out of sight once the browser brings the card into view.
 */
function AddedMark({ productId }: { productId: number }) {
  const [search] = useSearchParams();
  const inCart = useCartPort().useAmountInCart(productId);
  if (search.get(ADDED_PARAM) !== String(productId) || inCart === 0) return null;
  return (
    <p className="w-full text-end text-sm font-semibold text-success">
      <Trans>Added to cart</Trans>{' '}
      <AppLink to="/cart" className="text-primary underline underline-offset-4">
        <Trans>View cart</Trans>
      </AppLink>
    </p>
  );
}

/**
 * A product card of the catalog, home and similar lists: link, price, flags, add to cart.
 * Memoised: a list page re-renders as its other queries settle (filters, plans, counts), and its
 * two dozen cards need not follow while their product (cached by RTK Query) is the same.
 */
export const ProductTile = memo(function ProductTile({
  product,
  headingLevel = 3,
  priority = false,
  showCoverage = false,
}: {
  product: ProductSummary;
  headingLevel?: 2 | 3;
  /** One of the first tiles on screen: its picture loads at once, with high priority. */
  priority?: boolean;
  /** The answer's marks are for the shopper's own plan: say whether it covers the item. */
  showCoverage?: boolean;
}) {
  const availability = availabilityOf(product);
  const name = product.name;
  const covered = showCoverage ? product.coveredByPlan : null;
  return (
    <ProductCard
      name={name}
      price={formatPrice(product.price)}
      image={productCardImage(product.mainImage, priority)}
      manufacturer={product.manufacturer}
      flags={<ProductFlags availability={availability} />}
      coverage={
        covered === true || covered === false ? <Coverage covered={covered} name={name} /> : undefined
      }
      linkAs={AppLink}
      linkProps={{ to: productPath(product.id), prefetch: 'intent' }}
      headingLevel={headingLevel}
      // A long word ("Acetaminofén") breaks only when it cannot fit a narrow phone card. On the
      // narrowest phones (two columns at 320 px) the add button drops its icon and some padding
      // so "Agregar" still fits inside the card (the card is a size container).
      className="hyphens-auto break-words"
      action={
        // The heart and the add button wrap onto two lines in the narrowest cards.
        <div className="flex flex-wrap items-center justify-end gap-1">
          <FavoriteHeart productId={product.id} name={name} />
          {availability.notAvailable || availability.outOfStock ? null : <AddToCartButton product={product} />}
          <AddedMark productId={product.id} />
        </div>
      }
    />
  );
});


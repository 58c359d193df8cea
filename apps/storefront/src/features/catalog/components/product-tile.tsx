import { memo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { formatPrice, type ProductSummary } from '@otc/sdk';
import { Button, ProductCard } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { canAddUnits, useAddToCart, useAmountInCart } from '../use-add-to-cart';
import { ProductFlags, availabilityOf } from './product-flags';

/** Product pictures are square (400 x 400 SVG from the API). */
export const PRODUCT_IMAGE_SIZE = 400;

/**
 * A product card of the catalog, home and similar lists: link, price, flags, add to cart.
 * Memoised: a list page re-renders as its other queries settle (filters, plans, counts), and its
 * two dozen cards need not follow while their product (cached by RTK Query) is the same.
 */
export const ProductTile = memo(function ProductTile({
  product,
  headingLevel = 3,
  priority = false,
}: {
  product: ProductSummary;
  headingLevel?: 2 | 3;
  /** One of the first tiles on screen: its picture loads at once, with high priority. */
  priority?: boolean;
}) {
  const { t } = useLingui();
  const addToCart = useAddToCart();
  const inCart = useAmountInCart(product.id);
  const [busy, setBusy] = useState(false);
  const availability = availabilityOf(product);
  const canAdd = canAddUnits(product, inCart);
  const name = product.name;
  return (
    <ProductCard
      name={name}
      price={formatPrice(product.price)}
      image={
        product.mainImage
          ? {
              src: product.mainImage,
              width: PRODUCT_IMAGE_SIZE,
              height: PRODUCT_IMAGE_SIZE,
              priority,
            }
          : undefined
      }
      manufacturer={product.manufacturer}
      flags={<ProductFlags availability={availability} />}
      linkAs={AppLink}
      linkProps={{ to: `/item/${product.id}`, prefetch: 'intent' }}
      headingLevel={headingLevel}
      // A long word ("Acetaminofén") breaks only when it cannot fit a narrow phone card. On the
      // narrowest phones (two columns at 320 px) the add button drops its icon and some padding
      // so "Agregar" still fits inside the card (the card is a size container).
      className="hyphens-auto break-words"
      action={
        availability.notAvailable || availability.outOfStock ? null : (
          <Button
            size="sm"
            variant="secondary"
            className="whitespace-nowrap @max-[9.5rem]:px-2"
            disabled={!canAdd}
            loading={busy}
            aria-label={t`Add ${name} to cart`}
            title={canAdd ? undefined : t`You cannot add more`}
            startIcon={<ShoppingCart aria-hidden="true" className="size-5 @max-[9.5rem]:hidden" />}
            onClick={async () => {
              setBusy(true);
              try {
                await addToCart(product);
              } finally {
                setBusy(false);
              }
            }}
          >
            <Trans>Add</Trans>
          </Button>
        )
      }
    />
  );
});

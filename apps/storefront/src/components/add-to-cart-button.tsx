import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { canIncrement, errorText, type ProductSummary } from '@otc/sdk';
import { Button } from '@otc/ui';
import { useCartPort } from '../lib/cart-port';
import { useLocale } from '../lib/use-locale';

/**
 * The "Add" button of a product card: one unit into the cart (the cart port's form: it works
 * before and without the scripts), disabled
 * with "You cannot add more" once the cart holds all the stock (the SDK's `canIncrement`). On the
 * narrowest cards (a size container) it drops its icon and some padding.
 */
export function AddToCartButton({ product }: { product: ProductSummary }) {
  const { t } = useLingui();
  const locale = useLocale();
  const cart = useCartPort();
  const { AddToCartForm } = cart;
  const inCart = cart.useAmountInCart(product.id);
  const canAdd = canIncrement({ product, amount: inCart }).allowed;
  const name = product.name;
  return (
    <AddToCartForm product={product}>
      {(busy) => (
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          className="whitespace-nowrap @max-[9.5rem]:px-2"
          disabled={!canAdd}
          loading={busy}
          aria-label={t`Add ${name} to cart`}
          title={canAdd ? undefined : errorText('cannot_add_more', locale)}
          startIcon={<ShoppingCart aria-hidden="true" className="size-5 @max-[9.5rem]:hidden" />}
        >
          <Trans>Add</Trans>
        </Button>
      )}
    </AddToCartForm>
  );
}

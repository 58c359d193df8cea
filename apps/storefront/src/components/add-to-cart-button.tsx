import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart } from '@otc/ui/icons';
import { canIncrement, errorText, type ProductSummary } from '@otc/sdk';
import { Button, Spinner } from '@otc/ui';
import { useGetSettingsQuery } from '../kernel/settings-api';
import { useCartPort } from '../lib/cart-port';
import { useLocale } from '../lib/use-locale';

/**
 * The "Add" button of a product card: one unit into the cart (the cart port's form: it works
 * before and without the scripts), busy from the press until the answer (a second press on the
 * way adds nothing: the form says so), disabled with "You cannot add more" once the cart holds
 * all the stock or as many as one order may hold (the SDK's `canIncrement`). On the narrowest cards (a size container) it drops its
 * icon and some padding.
 */
export function AddToCartButton({ product }: { product: ProductSummary }) {
  const { t } = useLingui();
  const locale = useLocale();
  const cart = useCartPort();
  const { AddToCartForm } = cart;
  const inCart = cart.useAmountInCart(product.id);
  const { data: settings } = useGetSettingsQuery();
  // The stock, and what one order may hold of an item (the settings' maxUnitsPerItem).
  const increment = canIncrement({ product, amount: inCart }, { maxUnitsPerItem: settings?.maxUnitsPerItem });
  const canAdd = increment.allowed;
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
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          aria-label={t`Add ${name} to cart`}
          title={
            increment.allowed
              ? undefined
              : increment.code === 'maxUnitsPerItem'
                ? errorText('max_units_per_item', locale, { max: increment.max })
                : errorText('cannot_add_more', locale)
          }
          startIcon={<ShoppingCart aria-hidden="true" className="size-5 @max-[9.5rem]:hidden" />}
        >
          {/* From the press on, a spinner in place of the label (and "Adding…" for screen
              readers): the label keeps its width, where a longer "Adding…" pushed the card's
              heart onto a row of its own. */}
          <span className="relative inline-flex justify-center">
            <span className={busy ? 'invisible' : undefined}>
              <Trans>Add</Trans>
            </span>
            {busy ? (
              <Spinner size="sm" label={t`Adding…`} className="absolute inset-0 items-center justify-center" />
            ) : null}
          </span>
        </Button>
      )}
    </AddToCartForm>
  );
}

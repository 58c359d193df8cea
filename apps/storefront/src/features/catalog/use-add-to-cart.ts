import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { canIncrement, type ProductSummary } from '@otc/sdk';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { guestCart } from '../../lib/sdk';
import { selectGuestCartRows } from '../cart/guest-cart-slice';
import { notify } from '../ui/notify';

/** Units of a product already in the guest cart. */
export function useAmountInCart(productId: number): number {
  return useAppSelector(
    (state) => selectGuestCartRows(state).find((row) => row.product.id === productId)?.amount ?? 0,
  );
}

/**
 * Whether `extra` more units may go into the cart on top of what is there (SDK `canIncrement`:
 * below the stock and the item status fine).
 */
export function canAddUnits(
  product: Pick<ProductSummary, 'inStock' | 'status'>,
  inCart: number,
  extra = 1,
): boolean {
  return canIncrement({ product, amount: inCart + extra - 1 }).allowed;
}

/** Adds units to the guest cart (the SDK's local cart) and says so in a notification. */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  const { t } = useLingui();
  return useCallback(
    async (product: ProductSummary, amount = 1) => {
      const inCart = guestCart.rows().find((row) => row.product.id === product.id)?.amount ?? 0;
      if (!canAddUnits(product, inCart, amount)) {
        notify(dispatch, {
          title: t`You cannot add more`,
          description: product.name,
          icon: 'warning',
          color: 'warning',
        });
        return false;
      }
      // Only the summary fields go into the local cart (its rows are parsed with that schema).
      const summary: ProductSummary = {
        id: product.id,
        name: product.name,
        price: product.price,
        inStock: product.inStock,
        status: product.status,
        brand: product.brand,
        manufacturer: product.manufacturer,
        categoryId: product.categoryId,
        categoryName: product.categoryName,
        mainImage: product.mainImage,
      };
      await guestCart.add(summary, amount);
      notify(dispatch, {
        title: t`Added to cart`,
        description: product.name,
        icon: 'success',
        color: 'success',
      });
      return true;
    },
    [dispatch, t],
  );
}

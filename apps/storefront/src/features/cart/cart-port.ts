// The cart feature's side of the cart port (src/lib/cart-port.ts): hooks over its RTK Query
// endpoints and its add form, provided to the rest of the app by src/app/providers.tsx.
import type { CartPort } from '../../lib/cart-port';
import { useLocale } from '../../lib/use-locale';
import { useGetCartQuery } from './cart-api';
import { AddToCartForm } from './components/add-to-cart-form';
import { BuyAgainForm } from './components/buy-again-form';

function useAmountInCart(productId: number): number {
  return useGetCartQuery(useLocale(), {
    selectFromResult: ({ data }) => ({
      amount: data?.lines.find((line) => line.product.id === productId)?.amount ?? 0,
    }),
  }).amount;
}

function useCartCount(): number {
  return useGetCartQuery(useLocale(), {
    selectFromResult: ({ data }) => ({
      count: (data?.lines ?? []).reduce((sum, line) => sum + line.amount, 0),
    }),
  }).count;
}

function useWaitingCount(): number {
  return useGetCartQuery(useLocale(), {
    selectFromResult: ({ data }) => ({ count: data?.pendingOrder?.itemCount ?? 0 }),
  }).count;
}

export const cartPort: CartPort = {
  useAmountInCart,
  useCartCount,
  useWaitingCount,
  AddToCartForm,
  BuyAgainForm,
};

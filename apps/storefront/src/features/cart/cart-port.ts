// The cart feature's side of the cart port (src/lib/cart-port.ts): hooks over its RTK Query
// endpoints and its add form, provided to the rest of the app by src/app/providers.tsx.
import { useCallback } from 'react';
import type { CartPort } from '../../lib/cart-port';
import { useLocale } from '../../lib/use-locale';
import { useAddLinesToCartMutation, useGetCartQuery } from './cart-api';
import { AddToCartForm } from './components/add-to-cart-form';

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

function useAddLines() {
  const locale = useLocale();
  const [addLines] = useAddLinesToCartMutation();
  return useCallback<ReturnType<CartPort['useAddLines']>>(
    async (lines) => {
      const result = await addLines({ lines, locale });
      if ('error' in result && result.error) return { ok: false, skipped: lines.map((l) => l.productId) };
      return { ok: true, skipped: result.data?.skipped ?? [] };
    },
    [addLines, locale],
  );
}

export const cartPort: CartPort = {
  useAmountInCart,
  useCartCount,
  useWaitingCount,
  AddToCartForm,
  useAddLines,
};

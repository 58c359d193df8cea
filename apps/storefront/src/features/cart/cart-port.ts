// The cart feature's side of the cart port (src/lib/cart-port.ts): hooks over its RTK Query
// endpoints, provided to the rest of the app by src/app/providers.tsx.
import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/notify';
import type { SdkQueryError } from '../../lib/api';
import type { CartPort } from '../../lib/cart-port';
import { apiErrorText } from '../../lib/form-messages';
import { useLocale } from '../../lib/use-locale';
import { useAddLinesToCartMutation, useAddToCartMutation, useGetCartQuery } from './cart-api';

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

function useAddToCart() {
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const { t } = useLingui();
  const [add] = useAddToCartMutation();
  return useCallback<ReturnType<CartPort['useAddToCart']>>(
    async (product, amount = 1) => {
      const result = await add({ product, amount, locale });
      if ('error' in result && result.error) {
        // `cannot_add_more` (stock or status), or why the cart could not be written.
        notify(dispatch, {
          title: apiErrorText(locale, result.error as SdkQueryError),
          description: product.name,
          icon: 'warning',
          color: 'warning',
        });
        return false;
      }
      notify(dispatch, {
        title: t`Added to cart`,
        description: product.name,
        icon: 'success',
        color: 'success',
      });
      return true;
    },
    [add, dispatch, locale, t],
  );
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
  useAddToCart,
  useAddLines,
};

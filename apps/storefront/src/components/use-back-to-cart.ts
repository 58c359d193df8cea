import { useBackToCartMutation } from '../kernel/draft-api';
import { useAppDispatch } from '../kernel/hooks';
import { notify } from '../kernel/notify';
import type { SdkQueryError } from '../lib/api';
import { apiErrorText } from '../lib/form-messages';
import { useLocale } from '../lib/use-locale';

/**
 * Brings an unpaid order's rows back into the cart (the checkout facade's `backToCart`). A refusal
 * is said in a notification; `back` answers whether the rows are back, so the caller moves on.
 */
export function useBackToCart() {
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const [backToCart, { isLoading }] = useBackToCartMutation();
  const back = async (orderId: number): Promise<boolean> => {
    const result = await backToCart({ orderId, locale });
    if ('error' in result && result.error) {
      notify(dispatch, {
        title: apiErrorText(locale, result.error as SdkQueryError),
        icon: 'warning',
        color: 'warning',
      });
      return false;
    }
    return true;
  };
  return { back, isLoading };
}

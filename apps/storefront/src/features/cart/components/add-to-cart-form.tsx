import { useEffect } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { apiErrorText } from '../../../lib/form-messages';
import type { FormFailure } from '../../../lib/page-form';
import { CartPostFields } from './cart-post-fields';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import type { AddToCartFormProps } from '../../../lib/cart-port';
import type { CartDone } from '../cart-action';

/**
 * An "Add to cart" form: a post to the cart's action (cart-action.ts) with the product and the
 * amount. Without the scripts the server adds and draws the page the shopper was on again; with
 * them a fetcher posts it, and a notification says what happened.
 */
export function AddToCartForm({ product, amount = 1, onAdded, children }: AddToCartFormProps) {
  const fetcher = useFetcher<CartDone | FormFailure>();
  const location = useLocation();
  const localize = useLocalizePath();
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const { t } = useLingui();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if ('error' in answer) {
      // `cannot_add_more` (stock or status), or why the cart could not be written.
      notify(dispatch, {
        title: apiErrorText(locale, answer.error),
        description: product.name,
        icon: 'warning',
        color: 'warning',
      });
      return;
    }
    notify(dispatch, {
      title: t`Added to cart`,
      description: product.name,
      icon: 'success',
      color: 'success',
    });
    onAdded?.();
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return (
    <fetcher.Form method="post" action={localize('/cart')} className="contents">
      <CartPostFields
        intent="add"
        productId={product.id}
        redirectTo={`${location.pathname}${location.search}`}
      />
      <input type="hidden" name="amount" value={amount} />
      {children(fetcher.state !== 'idle')}
    </fetcher.Form>
  );
}

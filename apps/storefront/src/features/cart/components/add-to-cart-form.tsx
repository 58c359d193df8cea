import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useAppDispatch } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { apiErrorText } from '../../../lib/form-messages';
import { CartPostFields } from './cart-post-fields';
import { useLocale } from '../../../lib/use-locale';
import { useCartPost } from './use-cart-post';
import type { AddToCartFormProps } from '../../../lib/cart-port';
import { queryWithoutPageNotes } from '../../../lib/page-params';
import type { CartDone } from '../cart-action';


/**
 * An "Add to cart" form: a post to the cart's action (cart-action.ts) with the product and the
 * amount. Without the scripts the server adds and draws the page the shopper was on again; with
 * them a fetcher posts it, and a notification says what happened (not on the cart page itself).
 * The button is told it is busy from the press on; a second press while the first is on its way
 * adds nothing (the stepper is for amounts).
 */
export function AddToCartForm({ product, amount = 1, onAdded, children }: AddToCartFormProps) {
  const post = useCartPost<CartDone>();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const { t } = useLingui();
  const { answer } = post;
  useEffect(() => {
    if (!answer) return;
    if ('error' in answer) {
      // `cannot_add_more` (stock or status), or why the cart could not be written.
      notify(dispatch, {
        title: apiErrorText(locale, answer.error),
        description: product.name,
        icon: 'warning',
        color: 'warning',
        closesOn: ['/cart'],
      });
      return;
    }
    notify(dispatch, {
      // One at a time: the next add replaces it (two stacked covered 40 % of a phone's screen,
      // the next items' Add buttons among it; newcomer's walk).
      id: 'added-to-cart',
      title: t`Added to cart`,
      description: product.name,
      icon: 'success',
      color: 'success',
      // The cart shows what was added; there the notice would only cover it.
      closesOn: ['/cart'],
    });
    onAdded?.();
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return (
    <post.Form method="post" action={post.action} className="contents" onSubmit={post.send}>
      <CartPostFields
        intent="add"
        productId={product.id}
        redirectTo={`${location.pathname}${queryWithoutPageNotes(location.search)}`}
      />
      <input type="hidden" name="amount" value={amount} />
      {children(post.busy)}
    </post.Form>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useAppDispatch } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { apiErrorText } from '../../../lib/form-messages';
import type { FormFailure } from '../../../kernel/page-form';
import { CartPostFields } from './cart-post-fields';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
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
  const fetcher = useFetcher<CartDone | FormFailure>();
  const location = useLocation();
  const localize = useLocalizePath();
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const { t } = useLingui();
  // Set in the press itself: the fetcher's own state is drawn in a transition, which a slow
  // phone draws late, and a second tap before it would post a second unit.
  const sending = useRef(false);
  const [pressed, setPressed] = useState(false);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setPressed(true);
    void fetcher.submit(event.currentTarget, { method: 'post', action: localize('/cart') }).finally(() => {
      sending.current = false;
      setPressed(false);
    });
  };
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
    <fetcher.Form method="post" action={localize('/cart')} className="contents" onSubmit={send}>
      <CartPostFields
        intent="add"
        productId={product.id}
        redirectTo={`${location.pathname}${queryWithoutPageNotes(location.search)}`}
      />
      <input type="hidden" name="amount" value={amount} />
      {children(pressed || fetcher.state !== 'idle')}
    </fetcher.Form>
  );
}

import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useAppDispatch } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { apiErrorText } from '../../../lib/form-messages';
import type { BuyAgainFormProps } from '../../../lib/cart-port';
import { queryWithoutPageNotes } from '../../../lib/page-params';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import type { BuyAgainDone } from '../cart-action';
import { CartPostFields } from './cart-post-fields';
import { useCartPost } from './use-cart-post';

/**
 * "Buy again" of an order: a post to the cart's action (cart-action.ts) with the order's id.
 * Without the scripts the server adds its rows and answers with the page pressed (all in) or the
 * cart (a row refused, with why); with them a fetcher posts it and a notification says what
 * happened. A second press while the first is on its way posts nothing.
 */
export function BuyAgainForm({ orderId, number, children }: BuyAgainFormProps) {
  const post = useCartPost<BuyAgainDone>();
  const location = useLocation();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const { t } = useLingui();
  const { answer } = post;
  useEffect(() => {
    if (!answer) return;
    if ('error' in answer) {
      notify(dispatch, { title: apiErrorText(locale, answer.error), icon: 'warning', color: 'warning' });
      return;
    }
    const names = answer.refused.map((row) => row.name).join(', ');
    if (answer.added === 0) {
      notify(dispatch, {
        title: t`These items could not be added to your cart`,
        description: names,
        icon: 'warning',
        color: 'warning',
      });
      return;
    }
    notify(dispatch, {
      title: t`Items of order ${number} are in your cart`,
      description: names ? t`Not available now: ${names}` : undefined,
      icon: 'success',
      color: 'success',
      actions: [{ label: t`View cart`, onClick: () => navigate(localize('/cart')) }],
      // On the cart "View cart" has no purpose: the notice closes there.
      closesOn: ['/cart'],
    });
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return (
    <post.Form method="post" action={post.action} className="contents" onSubmit={post.send}>
      <CartPostFields intent="buy-again" redirectTo={`${location.pathname}${queryWithoutPageNotes(location.search)}`} />
      <input type="hidden" name="orderId" value={orderId} />
      {children(post.busy)}
    </post.Form>
  );
}

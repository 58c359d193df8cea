import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatPrice, type PendingOrder } from '@otc/sdk';
import { Button, LinkButton, Notice } from '@otc/ui';
import { useAppDispatch } from '../kernel/hooks';
import { notify } from '../kernel/notify';
import { untilText } from '../lib/hold-time';
import { useLocale } from '../lib/use-locale';
import { AppLink } from './app-link';
import { useBackToCart } from './use-back-to-cart';

/**
 * Where the items are while an order waits for payment (the open draft's `pendingOrder`), so a
 * cart is never shown as lost: "Your items are in order 100041, waiting for payment until 10:42
 * AM", with **Pay now** (its payment step) and **Back to cart** (its rows come back into the open
 * draft). `onBack` runs once they are back (the button goes away with this notice: the page moves
 * the focus).
 */
export function PendingOrderNotice({
  order,
  onBack,
}: {
  order: PendingOrder;
  onBack?: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const { back: bringBack, isLoading } = useBackToCart();
  const [busy, setBusy] = useState(false);
  const number = order.number;
  const until = untilText(order.payableUntil, locale);
  const total = formatPrice(order.total);

  const back = async () => {
    if (busy) return;
    setBusy(true);
    const done = await bringBack(order.id);
    setBusy(false);
    if (!done) return;
    notify(dispatch, {
      id: 'back-to-cart',
      title: t`The items of order ${number} are back in your cart`,
      icon: 'success',
      color: 'success',
    });
    onBack?.();
  };

  return (
    <Notice
      tone="warning"
      title={
        <Trans>
          Your items are in order {number}, waiting for payment until {until}
        </Trans>
      }
    >
      <p>
        <Plural value={order.itemCount} one="# item" other="# items" />, {total}.{' '}
        <Trans>
          Pay for the order now, or bring its items back into your cart to change them. After{' '}
          {until} they come back to your cart by themselves.
        </Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <LinkButton as={AppLink} to={`/checkout/${order.id}?step=payment`}>
          <Trans>Pay now</Trans>{' '}
          <span className="sr-only">
            <Trans>order {number}</Trans>
          </span>
        </LinkButton>
        <Button variant="secondary" loading={isLoading} onClick={() => void back()}>
          <Trans>Back to cart</Trans>
        </Button>
      </div>
    </Notice>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw } from '@otc/ui/icons';
import { Button } from '@otc/ui';
import { useAppDispatch } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { useCartPort } from '../../../lib/cart-port';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import { useLazyGetOrderQuery, type OrderDetail } from '../orders-api';

/** "Buy again": the order's products and amounts go back into the cart, on top of what is there. */
export function BuyAgainButton({ orderId, order, number }: { orderId: number; order?: OrderDetail; number: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const addLines = useCartPort().useAddLines();
  const [loadOrder] = useLazyGetOrderQuery();
  const [busy, setBusy] = useState(false);

  const buyAgain = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const detail = order ?? (await loadOrder({ id: orderId, locale }, true)).data;
      if (!detail) throw new Error('order not loaded');
      const lines = detail.products.map((product) => ({ productId: product.sku_id, amount: product.qty }));
      const result = await addLines(lines);
      const names = detail.products
        .filter((product) => result.skipped.includes(product.sku_id))
        .map((product) => product.name)
        .join(', ');
      if (!result.ok || result.skipped.length === lines.length) {
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
    } catch {
      notify(dispatch, { title: t`Something went wrong. Please try again.`, icon: 'warning', color: 'warning' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      loading={busy}
      startIcon={<RotateCcw aria-hidden="true" className="size-5" />}
      onClick={() => void buyAgain()}
    >
      <Trans>Buy again</Trans>
      <span className="sr-only">
        {' '}
        <Trans>order {number}</Trans>
      </span>
    </Button>
  );
}

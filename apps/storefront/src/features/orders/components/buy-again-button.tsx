import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw } from '@otc/ui/icons';
import { Button, Notice } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { useCartPort } from '../../../lib/cart-port';
import { REORDERED_PARAM } from '../../../lib/page-params';

/**
 * "Buy again": the order's products and amounts go back into the cart, on top of what is there
 * (the cart port's form: a post that works before and without the scripts).
 */
export function BuyAgainButton({ orderId, number }: { orderId: number; number: string }) {
  const { t } = useLingui();
  const { BuyAgainForm } = useCartPort();
  return (
    <BuyAgainForm orderId={orderId} number={number}>
      {(busy) => (
        <Button
          type="submit"
          variant="secondary"
          loading={busy}
          loadingLabel={t`Adding…`}
          startIcon={<RotateCcw aria-hidden="true" className="size-5" />}
        >
          <Trans>Buy again</Trans>{' '}
          <span className="sr-only">
            <Trans>order {number}</Trans>
          </span>
        </Button>
      )}
    </BuyAgainForm>
  );
}

/**
 * "Items of order N are in your cart" on the page a Buy again sent without the scripts came back
 * to (`?reordered=<order id>`, set by the cart's action when every row went in). Only for an order
 * this page shows (a stale or made-up address says nothing).
 */
export function ReorderedNotice({ orders }: { orders: readonly { id: number; number: string }[] }) {
  const [search] = useSearchParams();
  const id = Number(search.get(REORDERED_PARAM) ?? NaN);
  const order = orders.find((row) => row.id === id);
  if (!order) return null;
  const number = order.number;
  return (
    <Notice tone="success" title={<Trans>Items of order {number} are in your cart</Trans>}>
      <p>
        <AppLink to="/cart" className="font-semibold text-primary underline underline-offset-4">
          <Trans>View cart</Trans>
        </AppLink>
      </p>
    </Notice>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatPrice } from '@otc/sdk';
import { LineItem } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { productImageUrl } from '../../../lib/product-links';
import { useLocale } from '../../../lib/use-locale';
import type { OrderDetail } from '../orders-api';
import { OrderStatusBadge, PaymentMethodName } from './order-status';

/** How the order was paid: method, card ending, when, and who paid. */
export function PaymentInformation({ order }: { order: OrderDetail }) {
  const locale = useLocale();
  const payment = order.payment;
  if (!payment) {
    return (
      <p className="text-muted">
        <Trans>Not paid yet.</Trans>
      </p>
    );
  }
  const last4 = payment.last4 ?? '';
  const paidAt = formatDate(payment.paidAt, locale, { dateStyle: 'medium' });
  const paidBy = order.paidBy ?? '';
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-muted">
        <Trans>Method</Trans>
      </dt>
      <dd className="font-semibold">
        <PaymentMethodName code={payment.code} />
        {last4 ? (
          <>
            {' '}
            <Trans>ending in {last4}</Trans>
          </>
        ) : null}
      </dd>
      <dt className="text-muted">
        <Trans>Paid on</Trans>
      </dt>
      <dd>{paidAt}</dd>
      {paidBy ? (
        <>
          <dt className="text-muted">
            <Trans>Paid by</Trans>
          </dt>
          <dd>{paidBy}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The order's products with quantity, price and their own status and date. */
export function OrderProducts({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <ul aria-label={t`Products`} className="flex flex-col">
      {order.products.map((product) => {
        const qty = product.qty;
        const date = formatDate(product.statusDate, locale, { dateStyle: 'medium' });
        return (
          <LineItem
            key={product.sku_id}
            size="sm"
            imageSrc={productImageUrl(product.image)}
            title={
              <AppLink to={product.link || `/item/${product.sku_id}`} className="underline-offset-4 hover:underline">
                {product.name}
              </AppLink>
            }
          >
            <p className="text-sm text-muted">
              <Trans>Quantity: {qty}</Trans>
            </p>
            <p className="font-bold tabular-nums">{formatPrice(product.price)}</p>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <OrderStatusBadge code={product.status} />
              <span className="text-muted">{date}</span>
            </p>
          </LineItem>
        );
      })}
    </ul>
  );
}

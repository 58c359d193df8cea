import { useState } from 'react';
import clsx from 'clsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { Package } from 'lucide-react';
import { formatDate, formatPrice } from '@otc/sdk';
import { Button, EmptyState, LinkButton, Skeleton } from '@otc/ui';
import { AccountLayout } from '../../../components/account-layout';
import { AppLink } from '../../../components/app-link';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { useLocale } from '../../../lib/use-locale';
import { useListOrdersQuery } from '../orders-api';
import { BuyAgainButton } from '../components/buy-again-button';
import { OrderRowActions, OrderRowNote, isWaitingForPayment } from '../components/order-actions';
import { OrderStatusBadge } from '../components/order-status';

/** Drawn by the server with its data (order-loaders.ts). */
export { ordersListLoader as loader } from '../order-loaders';

/** One page of the history; pages are stacked by "Load more". */
function OrdersPageRows({ page }: { page: number }) {
  const locale = useLocale();
  const { data, isLoading, isError, refetch } = useListOrdersQuery({ page, locale });
  if (isLoading) {
    return (
      <li aria-hidden="true" className="flex flex-col gap-3">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </li>
    );
  }
  if (isError || !data) {
    return (
      <li>
        <LoadErrorNotice title={<Trans>Your orders could not be loaded.</Trans>} onRetry={() => void refetch()} />
      </li>
    );
  }
  return (
    <>
      {data.items.map((order) => {
        const number = order.number;
        const date = formatDate(order.placedAt, locale, { dateStyle: 'medium' });
        const items = order.itemCount;
        return (
          <li
            key={order.id}
            className={clsx(
              'flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4',
              // An order that may still be paid or cancelled has more to do: its buttons go under
              // its details, where they have the row's width.
              !isWaitingForPayment(order) &&
                order.cancellableUntil === null &&
                'sm:flex-row sm:items-center sm:justify-between',
            )}
          >
            <div className="flex flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
                <span>
                  <Trans>Order {number}</Trans>
                </span>
                <OrderStatusBadge code={order.status} />
              </p>
              <p className="text-muted">
                <Trans>
                  Placed on {date} · {items} items
                </Trans>
              </p>
              <OrderRowNote order={order} />
              <p className="text-lg font-semibold tabular-nums">{formatPrice(order.total)}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <LinkButton
                as={AppLink}
                id={`order-link-${order.id}`}
                to={`/order/${order.id}`}
                variant={isWaitingForPayment(order) ? 'secondary' : 'primary'}
              >
                <Trans>View order</Trans> <span className="sr-only">{number}</span>
              </LinkButton>
              <OrderRowActions
                order={order}
                onCancelled={() => {
                  // The cancel button goes away with the order's new state; its link stays.
                  document.getElementById(`order-link-${order.id}`)?.focus();
                }}
              />
              {isWaitingForPayment(order) ? null : <BuyAgainButton orderId={order.id} number={number} />}
            </div>
          </li>
        );
      })}
    </>
  );
}

/** /account/orders: number, date, total and status of each order, newest first; load more. */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const [pages, setPages] = useState(1);
  // The first page says how many orders there are (the same cache entry as its rows).
  const { data: first } = useListOrdersQuery({ page: 1, locale });
  const more = first !== undefined && first.total > pages * first.pageSize;

  return (
    <AccountLayout title={t`My orders`}>
      {first?.total === 0 ? (
        <EmptyState
          icon={<Package className="size-12" />}
          title={<Trans>You have no orders yet</Trans>}
          action={
            <LinkButton as={AppLink} to="/catalog" size="lg">
              <Trans>Go to the catalog</Trans>
            </LinkButton>
          }
        />
      ) : (
        <ul aria-label={t`Orders`} className="flex flex-col gap-3">
          {Array.from({ length: pages }, (_, index) => (
            <OrdersPageRows key={index + 1} page={index + 1} />
          ))}
        </ul>
      )}
      {more ? (
        <div className="flex justify-center">
          <Button variant="secondary" size="lg" onClick={() => setPages((count) => count + 1)}>
            <Trans>Load more</Trans>
          </Button>
        </div>
      ) : null}
    </AccountLayout>
  );
}

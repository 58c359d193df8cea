import { useCallback, useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Package } from '@otc/ui/icons';
import { formatDate, formatPrice } from '@otc/sdk';
import { Button, EmptyState, LinkButton, Skeleton } from '@otc/ui';
import { AccountLayout } from '../../../components/account-layout';
import { AppLink } from '../../../components/app-link';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { useLocale } from '../../../lib/use-locale';
import { useListOrdersQuery } from '../orders-api';
import { BuyAgainButton, ReorderedNotice } from '../components/buy-again-button';
import { OrderRowActions, OrderRowNote, isWaitingForPayment } from '../components/order-actions';
import { OrderStatusBadge } from '../components/order-status';

/** Drawn by the server with its data (order-loaders.ts). */
export { ordersListLoader as loader } from '../order-loaders';

/** One page of the history; pages are stacked by "Load more". */
function OrdersPageRows({
  page,
  onShown,
}: {
  page: number;
  /**
   * A page "Load more" asked for: once its orders are drawn the focus goes to the first of them
   * (never left below them, nor on the page body once the button goes), and this is told how many came.
   */
  onShown?: (count: number) => void;
}) {
  const locale = useLocale();
  const { data, isLoading, isError, refetch } = useListOrdersQuery({ page, locale });
  const firstRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!onShown || !data) return;
    firstRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    onShown(data.items.length);
  }, [onShown, data]);
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
      {data.items.map((order, index) => {
        const number = order.number;
        const date = formatDate(order.placedAt, locale, { dateStyle: 'medium' });
        const items = order.itemCount;
        return (
          <li
            key={order.id}
            ref={index === 0 ? firstRef : undefined}
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
                  Placed on {date} · <Plural value={items} one="# item" other="# items" />
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
  // Orders not shown yet, and how many the next page brings: the button says both.
  const left = first ? Math.max(0, first.total - pages * first.pageSize) : 0;
  const next = first ? Math.min(first.pageSize, left) : 0;
  // The page "Load more" asked for, until its orders are shown; then what was added, said once.
  const [revealPage, setRevealPage] = useState<number | null>(null);
  const [added, setAdded] = useState('');
  const shown = useCallback((count: number) => {
    setRevealPage(null);
    setAdded(plural(count, { one: '# more order shown', other: '# more orders shown' }));
  }, []);

  return (
    <AccountLayout title={t`My orders`}>
      <ReorderedNotice orders={first?.items ?? []} />
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
            <OrdersPageRows
              key={index + 1}
              page={index + 1}
              onShown={revealPage === index + 1 ? shown : undefined}
            />
          ))}
        </ul>
      )}
      {more ? (
        <div className="flex justify-center">
          <Button variant="secondary" size="lg" onClick={() => {
              setAdded('');
              setRevealPage(pages + 1);
              setPages(pages + 1);
            }}>
            {plural(next, { one: 'Show # more order', other: 'Show # more orders' })}{' '}
            <span className="font-normal">({plural(left, { one: '# left', other: '# left' })})</span>
          </Button>
        </div>
      ) : null}
      {/* There from the start, so screen readers hear what each "Load more" added. */}
      <p role="status" className="sr-only">
        {added}
      </p>
    </AccountLayout>
  );
}

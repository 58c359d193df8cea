import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, useLocation, useSearchParams } from 'react-router';
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
import { orderPagesAsked } from '../order-loaders';
import { useListOrdersQuery } from '../orders-api';
import { BuyAgainButton, ReorderedNotice } from '../components/buy-again-button';
import { OrderRowActions, OrderRowNote, isWaitingForPayment } from '../components/order-actions';
import { OrderStatusBadge } from '../components/order-status';

/** Drawn by the server with its data (order-loaders.ts). */
export { ordersListLoader as loader } from '../order-loaders';

/** Where the first order of a stacked page is: "Show more" without the scripts lands there. */
const pageAnchor = (page: number) => `orders-page-${page}`;

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
            id={index === 0 && page > 1 ? pageAnchor(page) : undefined}
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
  // The pages shown are the address's (`?page=3`: the first three), so "Show more" is a GET that
  // works without the scripts, and a reload or a link back shows the same orders.
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  // The first page says how many orders there are (the same cache entry as its rows).
  const { data: first } = useListOrdersQuery({ page: 1, locale });
  const existing = first && first.pageSize > 0 ? Math.max(1, Math.ceil(first.total / first.pageSize)) : 1;
  const pages = Math.min(orderPagesAsked(searchParams), existing);
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
        // A GET of the page with one more page stacked, landing on its first order; with the
        // scripts the router draws it in place and the focus goes to that order.
        <Form
          method="get"
          action={`${pathname}#${pageAnchor(pages + 1)}`}
          preventScrollReset
          className="flex justify-center"
          onSubmit={() => {
            setAdded('');
            setRevealPage(pages + 1);
          }}
        >
          <input type="hidden" name="page" value={pages + 1} />
          <Button type="submit" variant="secondary" size="lg">
            {plural(next, { one: 'Show # more order', other: 'Show # more orders' })}{' '}
            <span className="font-normal">({plural(left, { one: '# left', other: '# left' })})</span>
          </Button>
        </Form>
      ) : null}
      {/* There from the start, so screen readers hear what each "Load more" added. */}
      <p role="status" className="sr-only">
        {added}
      </p>
    </AccountLayout>
  );
}

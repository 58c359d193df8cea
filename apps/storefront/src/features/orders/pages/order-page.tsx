import { useEffect, useRef, type ReactNode } from 'react';
import { useActionData, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from '@otc/ui/icons';
import {
  ORDER_STATUS,
  awaitsDelivery,
  formatDate,
  formatDateTime,
  orderProgress,
  type ProgressStepName,
} from '@otc/sdk';
import { Container, Notice, ProgressTracker, Skeleton, type ProgressStep } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { DeliveryEstimate } from '../../../components/delivery-estimate';
import { BillingSummary } from '../../../components/order-lines';
import { apiErrorText } from '../../../lib/form-messages';
import { useLocale } from '../../../lib/use-locale';
import { focusTarget } from '../../../kernel/route-focus';
import { BuyAgainButton, ReorderedNotice } from '../components/buy-again-button';
import { OrderNextSteps, isWaitingForPayment } from '../components/order-actions';
import { OrderNotLoaded, isMissing } from '../components/order-not-loaded';
import { OrderStatusBadge } from '../components/order-status';
import { OrderProducts, PaymentInformation } from '../components/order-summary';
import { isOrderRefusal } from '../order-action';
import { useLoaderRefusal } from '../../../kernel/loader-refusal';
import { useGetOrderQuery, type OrderDetail } from '../orders-api';

/** Drawn by the server with its data (order-loaders.ts). */
export { orderLoader as loader } from '../order-loaders';
/** Pay now, Back to cart and Cancel order post here (and from the history's rows), with or without the scripts. */
export { orderAction as action } from '../order-action';

/** The status codes that mean a progress step was reached (for its date). */
const STEP_STATUSES: Record<ProgressStepName, number[]> = {
  paymentVerification: [-5, -10],
  confirmed: [1],
  packaging: [10],
  shipped: [20],
  delivered: [30],
};

function Progress({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const locale = useLocale();
  const progress = orderProgress(order.status);
  const labels: Record<ProgressStepName, string> = {
    paymentVerification: t`Payment and verification`,
    confirmed: t`Order confirmed`,
    packaging: t`Packaging`,
    shipped: t`Shipped`,
    delivered: t`Delivered`,
  };
  const steps: ProgressStep[] = progress.steps.map((step) => {
    // A card payment goes from verification straight to packaging: its confirmation is dated
    // by the first step after it (no "Order confirmed" without a date, issue 21).
    const event =
      order.events.filter((e) => STEP_STATUSES[step.name].includes(e.status)).at(-1) ??
      (step.name === 'confirmed' ? order.events.find((e) => e.status >= ORDER_STATUS.packaging) : undefined);
    const reached = step.state !== 'upcoming';
    const trackingNumber = order.tracking?.number ?? '';
    const carrier = order.tracking?.carrier ?? '';
    return {
      id: step.name,
      label: labels[step.name],
      state: progress.ended === 'cancelled' ? 'upcoming' : step.state,
      date:
        reached && event ? (
          <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
        ) : undefined,
      description:
        step.name === 'shipped' && order.tracking && reached ? (
          <Trans>
            {carrier} tracking number {trackingNumber}
          </Trans>
        ) : undefined,
    };
  });
  return (
    <ProgressTracker
      label={t`Order progress`}
      steps={steps}
      stateLabels={{ done: t`completed`, current: t`current step`, upcoming: t`not yet`, failed: t`failed` }}
    />
  );
}

function Tracking({ order }: { order: OrderDetail }) {
  if (!order.tracking) {
    return (
      <p className="text-muted">
        <Trans>Tracking information appears here once your order ships.</Trans>
      </p>
    );
  }
  const { carrier, number, url } = order.tracking;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-muted">
        <Trans>Carrier</Trans>
      </dt>
      <dd className="font-semibold">{carrier}</dd>
      <dt className="text-muted">
        <Trans>Tracking number</Trans>
      </dt>
      <dd className="font-mono font-semibold break-all">
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center gap-1 text-primary underline underline-offset-4"
          >
            {number}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : (
          number
        )}
      </dd>
    </dl>
  );
}

/** A titled box of the order page, named by its heading. */
function OrderSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /order/{id}: what can be done now (pay, back to cart, cancel; or when it was cancelled and
 * refunded), progress, tracking, products, billing and payment of one order.
 */
export function Component() {
  const locale = useLocale();
  const id = Number(useParams().id);
  const [refused, askAgain] = useLoaderRefusal();
  const asked = useGetOrderQuery({ id, locale }, { skip: refused !== null });
  const { data: order, refetch } = asked;
  const isLoading = refused === null && asked.isLoading;
  const isError = refused !== null || asked.isError;
  const error = refused ?? asked.error;
  const retry = () => (refused ? askAgain() : void refetch());

  // A refused post (paid, cancelled or back in the cart meanwhile): said in the page, which takes
  // the focus (the button pressed may be gone with the order's new state).
  const answer = useActionData();
  const refusal = isOrderRefusal(answer) && answer.orderId === id ? answer : null;
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal && refusalRef.current) focusTarget(refusalRef.current);
  }, [refusal]);
  const problem = refusal ? (
    <div ref={refusalRef} tabIndex={-1}>
      <Notice tone="warning">{apiErrorText(locale, refusal.error)}</Notice>
    </div>
  ) : null;

  // Cancelled while the page is shown (the dialog, or the page's own confirmation step): the
  // heading keeps the focus, the cancel button went away with the order's new state.
  const status = order?.status;
  const shownStatus = useRef(status);
  useEffect(() => {
    const before = shownStatus.current;
    shownStatus.current = status;
    if (before === undefined || before === status || status !== ORDER_STATUS.cancelled || refusal) return;
    const heading = document.querySelector<HTMLElement>('#main h1');
    if (heading) focusTarget(heading);
  }, [status, refusal]);

  if (!order && isLoading) {
    return (
      <Container className="flex flex-col gap-6 py-8">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </Container>
    );
  }
  if (isError || !order) {
    return (
      <>
        {problem ? <Container className="pt-8">{problem}</Container> : null}
        <OrderNotLoaded missing={isMissing(error)} onRetry={retry} />
      </>
    );
  }

  const number = order.number;
  const placed = formatDate(order.placedAt, locale, { dateStyle: 'long' });
  const address = order.deliveryAddress;

  return (
    <Container className="flex flex-col gap-6 py-8">
      <div className="flex flex-col gap-2">
        <AppLink to="/account/orders" className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4">
          <Trans>All orders</Trans>
        </AppLink>
        <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold">
          <span>
            <Trans>Order {number}</Trans>
          </span>
          <OrderStatusBadge code={order.status} />
        </h1>
        <p className="text-muted">
          <Trans>Placed on {placed}</Trans>
        </p>
        {awaitsDelivery(order.status) ? <DeliveryEstimate placedAt={order.placedAt} /> : null}
      </div>
      {problem}
      <ReorderedNotice orders={[order]} />
      <OrderNextSteps
        order={order}
        onCancelled={() => {
          // The cancel button goes away with the order's new state: the heading keeps the focus.
          const heading = document.querySelector<HTMLElement>('#main h1');
          if (heading) focusTarget(heading);
        }}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {/* A cancelled order goes nowhere: no progress to follow, no parcel to track. */}
          {order.status === ORDER_STATUS.cancelled ? null : (
            <>
              <OrderSection id="order-progress" title={<Trans>Order progress</Trans>}>
                <Progress order={order} />
              </OrderSection>
              <OrderSection id="order-tracking" title={<Trans>Tracking information</Trans>}>
                <Tracking order={order} />
              </OrderSection>
            </>
          )}
          <OrderSection id="order-products" title={<Trans>Products</Trans>}>
            <OrderProducts order={order} />
            {isWaitingForPayment(order) ? null : (
              <div>
                <BuyAgainButton orderId={order.id} number={number} />
              </div>
            )}
          </OrderSection>
        </div>
        <div className="flex flex-col gap-6">
          <OrderSection id="order-billing" title={<Trans>Billing summary</Trans>}>
            <BillingSummary totals={order.billing} promoCode={order.promoCode} />
          </OrderSection>
          <OrderSection id="order-payment" title={<Trans>Payment information</Trans>}>
            <PaymentInformation order={order} />
          </OrderSection>
          {address ? (
            <OrderSection id="order-address" title={<Trans>Delivery address</Trans>}>
              <address className="not-italic">
                {address.address}
                {address.address2 ? (
                  <>
                    <br />
                    {address.address2}
                  </>
                ) : null}
                <br />
                {address.city}, {address.state} {address.zip}
              </address>
            </OrderSection>
          ) : null}
        </div>
      </div>
    </Container>
  );
}

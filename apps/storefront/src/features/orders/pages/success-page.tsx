import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { CircleCheck } from '@otc/ui/icons';
import { ORDER_PROGRESS_STEPS, ORDER_STATUS, awaitsDelivery } from '@otc/sdk';
import { Container, LinkButton, Notice, Skeleton } from '@otc/ui';
import { useAppDispatch, useShopSdk } from '../../../kernel/hooks';
import { PageTitle } from '../../../kernel/page-title';
import { AppLink } from '../../../components/app-link';
import { DeliveryEstimate } from '../../../components/delivery-estimate';
import { BillingSummary } from '../../../components/order-lines';
import { api } from '../../../lib/api';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import { OrderProducts, PaymentInformation } from '../components/order-summary';
import { OrderNotLoaded, isMissing } from '../components/order-not-loaded';
import { OrderStatusBadge } from '../components/order-status';
import { useLoaderRefusal } from '../../../kernel/loader-refusal';
import { useGetOrderQuery } from '../orders-api';

/** Drawn by the server with its data (order-loaders.ts). */
export { orderLoader as loader } from '../order-loaders';

/** The page draws its own title: an order that is not found is not thanked for there either. */
export const ownsTitle = true;

/** A placed order on its way: a status of the SDK's progress steps (not waiting, not cancelled). */
function isPlacedOrder(status: number): boolean {
  return ORDER_PROGRESS_STEPS.some((step) => ORDER_STATUS[step] === status);
}

/**
 * /success/{id}: thanks, the order number and its summary; the cart is empty now. An order still
 * waiting for payment is not thanked for: it goes to its payment step.
 */
export function Component() {
  const locale = useLocale();
  const localize = useLocalizePath();
  const dispatch = useAppDispatch();
  const { promoCodes } = useShopSdk();
  const id = Number(useParams().id);
  const [refused, askAgain] = useLoaderRefusal();
  const asked = useGetOrderQuery({ id, locale }, { skip: refused !== null });
  const { data: order, refetch } = asked;
  const isLoading = refused === null && asked.isLoading;
  const isError = refused !== null || asked.isError;
  const error = refused ?? asked.error;
  const retry = () => (refused ? askAgain() : void refetch());

  // The paid order left the cart: the server draft is a new one; the header follows, and a
  // promo code kept from a link is spent. Only for the customer's own placed order: another's,
  // none, or one still waiting for payment leaves the code and the cart alone.
  const placed = order !== undefined && order.id === id && !isError && isPlacedOrder(order.status);
  useEffect(() => {
    if (!placed) return;
    promoCodes.clear();
    dispatch(api.util.invalidateTags(['Cart', 'Orders']));
  }, [dispatch, placed, promoCodes]);

  // Another customer's order, or none, answers as /order/{id} does: nobody is thanked for it.
  if (isError) {
    const missing = isMissing(error);
    return (
      <>
        <PageTitle title={missing ? msg`Order not found` : msg`Order details`} />
        <OrderNotLoaded missing={missing} onRetry={retry} />
      </>
    );
  }

  if (order?.status === ORDER_STATUS.waitingForPayment) {
    return <Navigate to={localize(`/checkout/${order.id}?step=payment`)} replace />;
  }

  const number = order?.number ?? '';
  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-8">
      <PageTitle title={msg`Thank you for your order`} />
      <div className="flex flex-col items-center gap-3 text-center">
        {order ? <CircleCheck aria-hidden="true" className="size-14 text-success" /> : null}
        <h1 className="text-3xl font-bold">
          {isLoading ? <Trans>Your order</Trans> : <Trans>Thank you for your order!</Trans>}
        </h1>
        {order ? (
          <p className="text-lg">
            <Trans>
              Your order number is <strong className="font-mono">{number}</strong>.
            </Trans>
          </p>
        ) : null}
        {order && awaitsDelivery(order.status) ? (
          <DeliveryEstimate placedAt={order.placedAt} className="text-left" />
        ) : null}
      </div>
      {isLoading ? <Skeleton className="h-64 w-full" /> : null}
      {order ? (
        <>
          {order.status === ORDER_STATUS.paymentVerification ? (
            <Notice tone="info" title={<Trans>We are verifying your payment</Trans>}>
              <Trans>
                Card payments are checked before the order is confirmed. This usually takes a few
                minutes; we will let you know when your order is confirmed.
              </Trans>
            </Notice>
          ) : null}
          <section className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5" aria-labelledby="success-summary">
            <h2 id="success-summary" className="flex flex-wrap items-center gap-2 text-xl font-bold">
              <Trans>Order summary</Trans>
              <OrderStatusBadge code={order.status} />
            </h2>
            <OrderProducts order={order} />
            <BillingSummary totals={order.billing} promoCode={order.promoCode} />
          </section>
          <section className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5" aria-labelledby="success-payment">
            <h2 id="success-payment" className="text-xl font-bold">
              <Trans>Payment information</Trans>
            </h2>
            <PaymentInformation order={order} />
          </section>
        </>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        <LinkButton as={AppLink} to={`/order/${id}`} size="lg">
          <Trans>Track your order</Trans>
        </LinkButton>
        <LinkButton as={AppLink} to="/catalog" variant="secondary" size="lg">
          <Trans>Continue shopping</Trans>
        </LinkButton>
      </div>
    </Container>
  );
}

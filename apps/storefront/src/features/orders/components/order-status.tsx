import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { orderStatusView, type PaymentMethodCode } from '@otc/sdk';
import { StatusBadge } from '@otc/ui';

/** The words of an order status code (the status table of architecture.md). */
export function OrderStatusText({ code }: { code: number }): ReactNode {
  switch (orderStatusView(code).name) {
    case 'cancelled':
      return <Trans>Cancelled</Trans>;
    case 'waitingForPayment':
      return <Trans>Waiting for payment</Trans>;
    case 'paymentVerification':
      return <Trans>Payment verification</Trans>;
    case 'draft':
      return <Trans>Draft</Trans>;
    case 'confirmed':
      return <Trans>Confirmed</Trans>;
    case 'packaging':
      return <Trans>Packaging</Trans>;
    case 'shipped':
      return <Trans>Shipped</Trans>;
    case 'delivered':
      return <Trans>Delivered</Trans>;
    case 'returned':
      return <Trans>Returned</Trans>;
    default:
      return <Trans>Unknown</Trans>;
  }
}

/** A status badge coloured by the code, with its words. */
export function OrderStatusBadge({ code }: { code: number }) {
  return (
    <StatusBadge code={code}>
      <OrderStatusText code={code} />
    </StatusBadge>
  );
}

export function PaymentMethodName({ code }: { code: PaymentMethodCode }): ReactNode {
  switch (code) {
    case 'trnsx':
      return <Trans>Network benefit card</Trans>;
    case 'nationsbenefits':
      return <Trans>National benefit card</Trans>;
    case 'prohealth':
      return <Trans>Health plan insurance card</Trans>;
    case 'credit':
      return <Trans>Credit or debit card</Trans>;
    case 'balance':
      return <Trans>Store balance</Trans>;
  }
}

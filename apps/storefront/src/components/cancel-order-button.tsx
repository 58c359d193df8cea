import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice, type Money, type OrderDetail, type PaymentMethodCode } from '@otc/sdk';
import { Button, Dialog, Notice, type ButtonVariant } from '@otc/ui';
import { useCancelOrderMutation } from '../kernel/draft-api';
import { useAppDispatch } from '../kernel/hooks';
import { notify } from '../kernel/notify';
import type { SdkQueryError } from '../lib/api';
import { apiErrorText } from '../lib/form-messages';
import { useLocale, useLocalizePath } from '../lib/use-locale';

/**
 * `/order/{id}?cancel=1`: the order page draws the cancel confirmation in the page, the step a
 * visitor without the scripts (or before they run) takes instead of the dialog (issue 29).
 */
export const CANCEL_STEP_PARAM = 'cancel';

/** What paid for an order: nothing yet (null), not known yet, or the method and the amount. */
export type OrderPaidWith =
  null | 'unknown' | { amount: Money; code: PaymentMethodCode; last4: string | null };

/** What cancelling an order does, in words, for the confirmation. */
export function CancelConsequence({ paid }: { paid: OrderPaidWith }) {
  if (paid === null) {
    return (
      <Trans>
        You have not paid for this order. If you cancel it, nothing is charged and its items are
        not kept for you: they leave your cart too. To change the order instead, use Back to cart.
      </Trans>
    );
  }
  if (paid === 'unknown') {
    return <Trans>The amount you paid goes back to the card or balance that paid for it.</Trans>;
  }
  const amount = formatPrice(paid.amount);
  const last4 = paid.last4 ?? '';
  if (paid.code === 'balance') return <Trans>{amount} goes back to your store balance.</Trans>;
  if (last4)
    return (
      <Trans>
        {amount} goes back to the card ending in {last4} that paid for it.
      </Trans>
    );
  return <Trans>{amount} goes back to the card that paid for it.</Trans>;
}

export interface CancelOrderButtonProps {
  orderId: number;
  number: string;
  /** What cancelling does, in words: the items released, or the amount back to what paid. */
  consequence: ReactNode;
  /** Runs as the confirmation opens (e.g. to load what paid for the order). */
  onOpen?: () => void;
  /**
   * Runs once the order is cancelled and the confirmation closed. This button goes away with the
   * order's new state, so the page moves the focus somewhere that stays.
   */
  onCancelled?: (order: OrderDetail) => void;
  variant?: ButtonVariant;
  /**
   * The id of the GET form (`cancelStepForm`) the button submits, for a button inside another
   * form (the checkout's payment form): forms do not nest. Without it the button has its own.
   */
  form?: string;
}

/**
 * The GET form to an order's own confirmation step (`/order/{id}?cancel=1`) a Cancel order button
 * submits before or without the scripts; drawn by the page outside the form the button is in.
 */
export function CancelStepForm({ id, orderId }: { id: string; orderId: number }) {
  const localize = useLocalizePath();
  return (
    <form id={id} method="get" action={localize(`/order/${orderId}`)} hidden>
      <input type="hidden" name={CANCEL_STEP_PARAM} value="1" />
    </form>
  );
}

/**
 * **Cancel order** with a confirmation that waits for the person (a dialog, no time limit): it
 * says what happens, "Keep the order" has the focus first, and "Yes, cancel the order" cancels
 * through the checkout facade. A refusal (`order_not_cancellable`: it is packaging, or the window
 * closed) is said in the dialog. It is a GET form to the order page's own confirmation step
 * (`?cancel=1`): without the scripts, or before they run, that page asks instead.
 */
export function CancelOrderButton({
  orderId,
  number,
  consequence,
  onOpen,
  onCancelled,
  variant = 'secondary',
  form,
}: CancelOrderButtonProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const [cancel, { isLoading }] = useCancelOrderMutation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<{ text: string; final: boolean } | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const localize = useLocalizePath();
  const label = (
    <>
      <Trans>Cancel order</Trans> <span className="sr-only">{number}</span>
    </>
  );

  const opener = (
    <Button
      type="submit"
      form={form}
      variant={variant}
      onClick={(event) => {
        event.preventDefault();
        setProblem(null);
        onOpen?.();
        setOpen(true);
      }}
    >
      {label}
    </Button>
  );

  const confirm = async () => {
    if (isLoading) return;
    setProblem(null);
    const result = await cancel({ orderId, locale });
    if ('error' in result && result.error) {
      const error = result.error as SdkQueryError;
      setProblem({
        text: apiErrorText(locale, error),
        final: error.code === 'order_not_cancellable',
      });
      return;
    }
    if ('data' in result && result.data) {
      // Closed now (the dialog gives the focus back), then the page moves the focus on: this
      // button may go away with the order's new state before another render would run.
      flushSync(() => setOpen(false));
      notify(dispatch, {
        id: `order-cancelled-${orderId}`,
        title: t`Order ${number} is cancelled`,
        icon: 'success',
        color: 'success',
      });
      onCancelled?.(result.data);
    }
  };

  return (
    <>
      {/* Submits a GET form to the order page's own confirmation step (before or without the
          scripts); with them the dialog asks here. One markup for the server and the browser. */}
      {form ? (
        opener
      ) : (
        <form method="get" action={localize(`/order/${orderId}`)} className="contents">
          <input type="hidden" name={CANCEL_STEP_PARAM} value="1" />
          {opener}
        </form>
      )}
      <Dialog
        open={open}
        onClose={() => {
          if (!isLoading) setOpen(false);
        }}
        title={t`Cancel order ${number}?`}
        description={consequence}
        closeLabel={t`Close`}
        initialFocusRef={keep}
        size="md"
      >
        {/* The buttons are the dialog's body: its consequence (the description) comes first. */}
        <div className="flex flex-col gap-4">
          {problem ? <Notice tone="error">{problem.text}</Notice> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              ref={keep}
              variant="secondary"
              disabled={isLoading}
              onClick={() => setOpen(false)}
            >
              {problem?.final ? <Trans>Close</Trans> : <Trans>Keep the order</Trans>}
            </Button>
            {problem?.final ? null : (
              <Button
                variant="danger"
                loading={isLoading}
                loadingLabel={t`Cancelling the order`}
                onClick={() => void confirm()}
              >
                <Trans>Yes, cancel the order</Trans>
              </Button>
            )}
          </div>
        </div>
      </Dialog>
    </>
  );
}

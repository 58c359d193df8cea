import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { canIncrement, errorText, formatPrice } from '@otc/sdk';
import { ConfirmButton, CoverageMark, LineItem, Price, QuantityStepper, VisuallyHidden } from '@otc/ui';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { AppLink } from '../../../components/app-link';
import { LineFlags } from '../../../components/order-lines';
import { PeriodLimitNote } from '../../../components/period-limit-note';
import { productImageUrl, productPath } from '../../../lib/product-links';
import { RemoveStepForm } from '../../../components/remove-step';
import { CartPostFields } from './cart-post-fields';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import type { CartLine } from '../cart-api';

/**
 * A line's amount as a post to the cart's action, for a page whose scripts do not run (the server
 * draws the cart again); with the scripts the stepper's own handlers act and nothing is posted.
 */
function AmountForm({ productId, children }: { productId: number; children: ReactNode }) {
  const localize = useLocalizePath();
  return (
    <form method="post" action={localize('/cart')} className="contents">
      <CartPostFields intent="set" productId={productId} redirectTo={localize('/cart')} />
      {children}
    </form>
  );
}

export interface CartLineProps {
  line: CartLine;
  /** The guest's chosen plan's name: a row it does not cover says so by name. */
  notCoveredBy?: string | null;
  onAmountChange: (amount: number) => void;
  onRemove: () => void;
}

/**
 * One cart row: picture, name, unit price, flag, quantity stepper that stops at the stock ("You
 * cannot add more"), line total, and a remove button that needs a second tap.
 */
export function CartLineItem({ line, notCoveredBy, onAmountChange, onRemove }: CartLineProps) {
  const localize = useLocalizePath();
  const { t } = useLingui();
  const locale = useLocale();
  const { product, amount, badReasonCode } = line;
  const name = product.name;
  const { data: settings } = useGetSettingsQuery();
  // The stock, what one order may hold of an item and the plan's per-period limit (what is left
  // beyond this line) bound the stepper.
  const increment = canIncrement({ product, amount }, { maxUnitsPerItem: settings?.maxUnitsPerItem });
  const canAdd = increment.allowed && (line.periodLimit ? line.periodLimit.left > 0 : true);
  const unitPrice = formatPrice(product.price);
  return (
    <LineItem
      data-line={product.id}
      data-bad-reason={badReasonCode ?? undefined}
      imageSrc={productImageUrl(product.mainImage)}
      title={
        <AppLink
          to={productPath(product.id)}
          className="text-fg underline-offset-4 hover:underline"
        >
          {name}
        </AppLink>
      }
      aside={
        <>
          <AmountForm productId={product.id}>
            <QuantityStepper
              name="amount"
              value={amount}
              onChange={(next) => onAmountChange(next)}
              min={1}
              max={canAdd ? undefined : amount}
              label={t`Quantity of ${name}`}
              decrementLabel={t`One less ${name}`}
              incrementLabel={t`One more ${name}`}
              maxReachedMessage={
                badReasonCode !== null
                  ? undefined
                  : increment.code === 'maxUnitsPerItem'
                    ? errorText('max_units_per_item', locale, { max: increment.max })
                    : errorText('cannot_add_more', locale)
              }
            />
          </AmountForm>
          <Price value={formatPrice(line.lineTotal)} />
          {/* Without the scripts a GET of the cart's own confirmation step (`?remove=<id>`). */}
          <RemoveStepForm action={localize('/cart')} value={product.id} className="contents">
            <ConfirmButton
              submitsForm
              size="sm"
              label={
                <>
                  <Trans>Remove</Trans> <VisuallyHidden>{name}</VisuallyHidden>
                </>
              }
              confirmLabel={
                <>
                  <Trans>Press again to remove</Trans> <VisuallyHidden>{name}</VisuallyHidden>
                </>
              }
              onConfirm={onRemove}
            />
          </RemoveStepForm>
        </>
      }
    >
      <p className="text-sm text-muted">
        <Trans>{unitPrice} each</Trans>
      </p>
      {badReasonCode === 2 && notCoveredBy ? (
        // The catalog's mark, with the plan named (a guest may not know it is theirs yet).
        <div className="flex flex-wrap items-center gap-2">
          <CoverageMark covered={false}>
            <Trans>Not covered by {notCoveredBy}</Trans>
          </CoverageMark>
          <AppLink
            to="/docs/items-eligibility"
            aria-label={t`Why is ${name} not covered?`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary underline underline-offset-4"
          >
            <Trans>Why?</Trans>
          </AppLink>
        </div>
      ) : (
        <LineFlags code={badReasonCode} />
      )}
      <PeriodLimitNote limit={line.periodLimit} />
    </LineItem>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { canIncrement, errorText, formatPrice } from '@otc/sdk';
import { ConfirmButton, LineItem, Price, QuantityStepper, VisuallyHidden } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { LineFlags } from '../../../components/order-lines';
import { productImageUrl, productPath } from '../../../lib/product-links';
import { useLocale } from '../../../lib/use-locale';
import type { CartLine } from '../cart-api';

export interface CartLineProps {
  line: CartLine;
  onAmountChange: (amount: number) => void;
  onRemove: () => void;
}

/**
 * One cart row: picture, name, unit price, flag, quantity stepper that stops at the stock ("You
 * cannot add more"), line total, and a remove button that needs a second tap.
 */
export function CartLineItem({ line, onAmountChange, onRemove }: CartLineProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { product, amount, badReasonCode } = line;
  const name = product.name;
  const canAdd = canIncrement({ product, amount }).allowed;
  const unitPrice = formatPrice(product.price);
  return (
    <LineItem
      data-line={product.id}
      data-bad-reason={badReasonCode ?? undefined}
      imageSrc={productImageUrl(product.mainImage)}
      title={
        <AppLink to={productPath(product.id)} className="text-fg underline-offset-4 hover:underline">
          {name}
        </AppLink>
      }
      aside={
        <>
          <QuantityStepper
            value={amount}
            onChange={(next) => onAmountChange(next)}
            min={1}
            max={canAdd ? undefined : amount}
            label={t`Quantity of ${name}`}
            decrementLabel={t`One less ${name}`}
            incrementLabel={t`One more ${name}`}
            maxReachedMessage={badReasonCode === null ? errorText('cannot_add_more', locale) : undefined}
          />
          <Price value={formatPrice(line.lineTotal)} />
          <ConfirmButton
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
        </>
      }
    >
      <p className="text-sm text-muted">
        <Trans>{unitPrice} each</Trans>
      </p>
      <LineFlags code={badReasonCode} />
    </LineItem>
  );
}

import { Trans } from '@lingui/react/macro';
import { Badge } from '@otc/ui';
import { ITEM_STATUS, type ProductSummary } from '@otc/sdk';

export interface ProductAvailability {
  outOfStock: boolean;
  notAvailable: boolean;
  /** Only known for a signed-in customer with a plan (`eligible === false`). */
  notCovered: boolean;
}

export function availabilityOf(
  product: Pick<ProductSummary, 'inStock' | 'status'> & { eligible?: boolean | null },
): ProductAvailability {
  const notAvailable =
    product.status === ITEM_STATUS.inactive || product.status === ITEM_STATUS.discontinued;
  return {
    notAvailable,
    outOfStock:
      !notAvailable && (product.status === ITEM_STATUS.outOfStock || product.inStock === 0),
    notCovered: product.eligible === false,
  };
}

/** "Out of stock", "Not available" and "Not covered by your plan" badges; nothing when fine. */
export function ProductFlags({ availability }: { availability: ProductAvailability }) {
  const { outOfStock, notAvailable, notCovered } = availability;
  if (!outOfStock && !notAvailable && !notCovered) return null;
  return (
    <>
      {notAvailable ? (
        <Badge tone="danger">
          <Trans>Not available</Trans>
        </Badge>
      ) : null}
      {outOfStock ? (
        <Badge tone="warning">
          <Trans>Out of stock</Trans>
        </Badge>
      ) : null}
      {notCovered ? (
        <Badge tone="neutral">
          <Trans>Not covered by your plan</Trans>
        </Badge>
      ) : null}
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { itemAvailability, type ProductSummary } from '@otc/sdk';
import { Badge } from '@otc/ui';

export interface ProductAvailability {
  outOfStock: boolean;
  notAvailable: boolean;
  /** Only known for a signed-in customer with a plan (`eligible === false`). */
  notCovered: boolean;
}

/** The badges a product card or page shows, from the SDK's `itemAvailability` and the plan's word. */
export function availabilityOf(
  product: Pick<ProductSummary, 'inStock' | 'status'> & { eligible?: boolean | null },
): ProductAvailability {
  const { flag } = itemAvailability({ status: product.status, stock: product.inStock });
  return {
    notAvailable: flag === 'notAvailable',
    outOfStock: flag === 'outOfStock',
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

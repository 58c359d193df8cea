import { CsrfField } from '../../../kernel/page-form';
import type { CartIntent } from '../cart-action';

/**
 * The hidden fields of every post to the cart's action (cart-action.ts reads these names): the
 * CSRF token, what is asked, of which product, and the page to come back to.
 */
export function CartPostFields({
  intent,
  productId,
  redirectTo,
}: {
  intent: CartIntent;
  productId?: number;
  redirectTo: string;
}) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {productId === undefined ? null : <input type="hidden" name="productId" value={productId} />}
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

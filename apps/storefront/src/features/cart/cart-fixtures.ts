// Test fixtures of the cart: products of the catalog, and a customer's server draft served by THE
// fake order API of src/test (on the SDK's rules), with its log. A guest's cart is a server draft
// too (session mode, docs/web-session.md): tests serve it with `useGuestCartApi`
// (src/test/fake-cart-api.ts), never through this browser's storage.
import type { Customer } from '@otc/sdk';
import { customerOf, productOf, type DraftRow } from '../../test/fixtures';
import { useFakeOrdersApi, type FakeOrders } from '../../test/fake-orders-api';

/** A product of the catalog (the shared fixture). */
export const cartProduct = productOf;

export type ServerRow = DraftRow;

/** A signed-in customer's cart: THE fake order API (src/test) with its draft rows. */
export type ServerCart = FakeOrders;

/** The customer whose draft is served (the shared fixture, no benefit card). */
const cartCustomer: Customer = customerOf({ activeInsuranceCard: null });

/** Serves a signed-in customer's draft; changes update `state.rows`. */
export function useServerCart(rows: ServerRow[], customer: Customer = cartCustomer): ServerCart {
  return useFakeOrdersApi({ rows, customer });
}

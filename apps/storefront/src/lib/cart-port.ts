// What code outside the cart feature may do with the cart (header count, add buttons of the
// catalog). Features do not import each other, so the catalog asks this port; the app provides
// the cart feature's implementation (src/app/providers.tsx).
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export interface AddToCartFormProps {
  product: { id: number; name: string };
  /** Units to add (default 1). */
  amount?: number;
  /** After the units went in (with the scripts). */
  onAdded?: () => void;
  /** The form's controls: its submit button, told whether the add is on its way. */
  children: (busy: boolean) => ReactNode;
}

export interface BuyAgainFormProps {
  orderId: number;
  /** The order's number, for the notification. */
  number: string;
  /** The form's submit button, told whether the post is on its way. */
  children: (busy: boolean) => ReactNode;
}

export interface CartPort {
  /** Units of a product in the cart (0 when none). Read through RTK Query. */
  useAmountInCart(productId: number): number;
  /** Units in the whole cart. */
  useCartCount(): number;
  /** Items held by the customer's order waiting for payment (0 when none): they are not lost. */
  useWaitingCount(): number;
  /**
   * An "Add to cart" form (a post to the cart's action: works before and without the scripts);
   * a notification says what happened.
   */
  AddToCartForm: ComponentType<AddToCartFormProps>;
  /**
   * "Buy again" of an order: a post to the cart's action that puts its products back on top of
   * what is there (works before and without the scripts); a notification says what happened.
   */
  BuyAgainForm: ComponentType<BuyAgainFormProps>;
}

export const CartPortContext = createContext<CartPort | null>(null);

export function useCartPort(): CartPort {
  const port = useContext(CartPortContext);
  if (!port) throw new Error('No cart: render inside <Providers> (CartPortContext).');
  return port;
}

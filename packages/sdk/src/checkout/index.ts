export {
  createCheckout,
  type CheckoutClient,
  type CreateCheckoutOptions,
} from './checkout.js';
export type { CardOnFile, Checkout, CheckoutOrder, PayInput, PaymentMethodInputs } from './types.js';

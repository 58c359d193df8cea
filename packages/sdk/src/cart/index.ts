export * from './guest-cart.js';
export {
  createCart,
  type Cart,
  type CartClient,
  type CartMergeReport,
  type CartOrders,
  type CartProductRef,
  type CartState,
  type CreateCartOptions,
  type MergedPromoCode,
} from './cart.js';

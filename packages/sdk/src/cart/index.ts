export * from './guest-cart.js';
export {
  createCart,
  type Cart,
  type CartClient,
  type CartMergeReport,
  type CartState,
  type CreateCartOptions,
} from './cart.js';

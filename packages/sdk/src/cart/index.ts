export * from './guest-cart.js';

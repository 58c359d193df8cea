export * from './constants/index.js';
export * from './schemas/index.js';
export * from './contract/index.js';
export * from './errors/index.js';
export * from './storage/index.js';
export * from './client/index.js';
export * from './cart/index.js';

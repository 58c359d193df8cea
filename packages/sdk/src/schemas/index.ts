export * from './common.js';
export * from './customer.js';
export * from './catalog.js';
export * from './order.js';
export * from './auth.js';
export * from './settings.js';
export * from './misc.js';
export * from './session.js';

export * from './constants/index.js';
export * from './schemas/index.js';
export * from './contract/index.js';

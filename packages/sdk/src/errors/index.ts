export * from './catalogue.js';
export * from './errors.js';

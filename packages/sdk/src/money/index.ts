export { toCents } from './to-cents.js';
export { fromCents } from './from-cents.js';
export { parseMoney } from './parse-money.js';
export { percentOfCents } from './percent-of-cents.js';

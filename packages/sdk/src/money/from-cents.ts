import type { Money } from '../schemas/common.js';

/** Formats integer cents as a money string with two decimals: 1250 -> "12.50", -5 -> "-0.05". */
export function fromCents(cents: number): Money {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Cents must be a safe integer: ${cents}`);
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${units}.${rest}`;
}

import type { Money } from '../schemas/common.js';

const MONEY_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a decimal money string ("12.50", "12.5", "12", "-3.00") into integer cents.
 * Whitespace around the value is ignored. More than two decimals, thousands separators or
 * anything else that is not a plain amount throws: money is never rounded silently.
 */
export function toCents(value: Money | string): number {
  const match = MONEY_PATTERN.exec(value.trim());
  if (!match) throw new TypeError(`Not a money amount: "${value}"`);
  const [, minus, units = '0', decimals = ''] = match;
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money amount out of range: "${value}"`);
  return minus && cents !== 0 ? -cents : cents;
}

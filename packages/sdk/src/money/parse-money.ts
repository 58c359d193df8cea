const TYPED_MONEY = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses an amount a person typed ("$1,234.50", "12.5", "-3", " 7.99 ") into integer cents.
 * A leading `$` and correctly grouped thousands are accepted; more than two decimals, a
 * misplaced comma, letters or an empty text throw a TypeError naming the text. For amounts
 * from the API (decimal strings without `$`) use `toCents`.
 */
export function parseMoney(text: string): number {
  if (typeof text !== 'string') {
    throw new TypeError(`parseMoney: expected text, got ${typeof text}`);
  }
  const match = TYPED_MONEY.exec(text.trim());
  if (!match) {
    throw new TypeError(
      `parseMoney: "${text}" is not an amount of money (e.g. "12.50", "$1,234.50"; at most two decimals)`,
    );
  }
  const [, minus, units = '0', decimals = ''] = match;
  const cents = Number(units.replace(/,/g, '')) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`parseMoney: "${text}" is out of range`);
  return minus && cents !== 0 ? -cents : cents;
}

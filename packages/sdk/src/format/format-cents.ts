/**
 * Integer cents as a US price: 1250 -> "$12.50", 123456 -> "$1,234.56", -500 -> "-$5.00".
 * Thousands are grouped with commas in both locales (en-US and es-US write USD the same way).
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Cents must be a safe integer: ${cents}`);
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${units}.${rest}`;
}

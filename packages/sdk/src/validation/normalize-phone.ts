/**
 * The ten US digits of a phone number, or null. Accepts 10 digits, or 11 starting with 1, with
 * spaces, dots, dashes, parentheses and one leading "+" as formatting: "+1 (555) 123-4567" and
 * "555.123.4567" -> "5551234567". Anything else (letters, 9 digits, 11 not starting with 1) is null.
 */
export function normalizePhone(value: string): string | null {
  const compact = value
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
  if (!/^\d+$/.test(compact)) return null;
  if (compact.length === 10) return compact;
  if (compact.length === 11 && compact.startsWith('1')) return compact.slice(1);
  return null;
}

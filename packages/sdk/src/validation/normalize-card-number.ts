/** A card number without its spaces: "6009 1234 5678 9012" -> "6009123456789012". */
export function normalizeCardNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

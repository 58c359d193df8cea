/**
 * Avatar initials, at most two capital letters: the first letters of the first two words
 * ("Ana Lopez" -> "AL", "ana maría lópez" -> "AM"); a single word gives its first two letters
 * ("ana" -> "AN", "Ñ" -> "Ñ"). Characters other than letters and digits are ignored
 * ("(Ana) - Lopez" -> "AL"). Empty or missing names give "".
 */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  const words = name
    .split(/\s+/)
    .map((word) => [...word].filter((ch) => /[\p{L}\p{N}]/u.test(ch)))
    .filter((chars) => chars.length > 0);
  const [first, second] = words;
  if (!first) return '';
  const letters = second ? [first[0], second[0]] : first.slice(0, 2);
  return letters.join('').toLocaleUpperCase();
}

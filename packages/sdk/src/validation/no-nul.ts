/** True when the text holds a NUL character (which no database text column can store). */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** Text put into HTML or XML (a text node or a quoted attribute): the five special characters as references. */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

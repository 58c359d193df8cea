/**
 * A path safe to go to after a flow: a same-site absolute path ("/es/cart?x=1"). Anything else
 * (empty, "https://evil.example", "//evil.example", "/\\evil", "javascript:...") becomes `fallback`,
 * so a crafted `continue` or `redirect` parameter cannot send the user to another site.
 */
export function safeContinuePath(path: string | null | undefined, fallback = '/'): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    return fallback;
  }
  return hasControlCharacter(path) ? fallback : path;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

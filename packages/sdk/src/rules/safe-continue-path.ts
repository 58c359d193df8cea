// The ONE rule for where the shop may send someone after a flow (`?redirect=`, `?continue=`).
const SAME_SITE = 'https://same-site.invalid';
/** How many rounds of percent-decoding are looked through (`%2509` -> `%09` -> tab). */
const DECODE_ROUNDS = 3;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Every form the value may take once browsers and routers decode it, the raw one first. */
function decodedForms(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break; // a stray "%" is not an escape: nothing more to decode
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function leavesTheSite(path: string): boolean {
  // Browsers drop tabs and newlines in addresses and read "\" as "/": "/\t/x" and "/\x" are "//x".
  const squeezed = path.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  if (!squeezed.startsWith('/') || squeezed.startsWith('//')) return true;
  // Then they remove dot segments: "/.//evil.example" and "/x/..//evil.example" become
  // "//evil.example", another origin once navigated to. Normalise as the browser does and look again.
  let normalised: URL;
  try {
    normalised = new URL(squeezed, SAME_SITE);
  } catch {
    return true;
  }
  return normalised.origin !== SAME_SITE || normalised.pathname.startsWith('//');
}

/**
 * A same-site path to go to after a flow, or null. Accepts an absolute path ("/es/cart?x=1")
 * and returns its path, query and fragment (never an origin). Refuses, with null: empty values,
 * other sites ("https://evil.example", "//evil.example", "/\\evil.example"), schemes
 * ("javascript:..."), and control characters, raw or percent-encoded ("/%09/evil.example", which a
 * browser turns into "//evil.example"; "/ok%0d%0aSet-Cookie:x"), also when encoded twice.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  for (const form of decodedForms(value)) {
    if (hasControlCharacter(form) || leavesTheSite(form)) return null;
  }
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What is handed on must itself be safe to navigate to (never "//host" after normalising).
  return leavesTheSite(path) ? null : path;
}

/**
 * {@link safeRedirectPath} with a fallback: the safe path, or `fallback` ("/" by default) for
 * anything that could leave the site.
 */
export function safeContinuePath(path: string | null | undefined, fallback = '/'): string {
  return safeRedirectPath(path) ?? fallback;
}

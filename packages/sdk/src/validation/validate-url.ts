import { isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * A web link (product request): http or https, a host name with a dot and a letter TLD, no
 * spaces. A link pasted without a scheme ("example.com/item") is read as https. Other schemes
 * (javascript:, ftp:, mailto:) fail. Returns the normalized URL or null.
 */
export function normalizeUrl(value: string): string | null {
  const text = value.trim();
  if (text.length === 0 || /\s/.test(text)) return null;
  const candidate = HAS_SCHEME.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!HOST.test(url.hostname)) return null;
  return url.href;
}

/** "This link doesn’t look like a correct URL". Empty passes: combine with required. */
export function validateUrl(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && normalizeUrl(value) !== null ? null : issue('invalid_url');
}

// The cookies of one page render (page-renderer.ts), kept as a browser keeps them.
import { readCookies } from '../../lib/web-session.js';

/**
 * The cookies of one render, as a browser keeps them: the visitor's, then what each answer set or
 * removed (`Max-Age` <= 0, or an `Expires` past). Unchanged, the visitor's header goes as sent.
 */
export function cookieJar(visitorHeader: string | undefined) {
  const cookies = readCookies(visitorHeader);
  let changed = false;
  return {
    header(): string | undefined {
      if (!changed) return visitorHeader;
      return cookies.size > 0 ? [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
    },
    take(line: string) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      if (at <= 0) return;
      const attribute = (name: string) =>
        attributes.find((part) => part.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
      const maxAge = attribute('max-age');
      const expires = attribute('expires');
      const gone = maxAge !== undefined ? Number(maxAge) <= 0 : expires !== undefined && Date.parse(expires) <= Date.now();
      if (gone) cookies.delete(pair.slice(0, at));
      else cookies.set(pair.slice(0, at), pair.slice(at + 1));
      changed = true;
    },
  };
}

export function setCookieLines(value: string | string[] | number | undefined): string[] {
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? [value] : [];
}

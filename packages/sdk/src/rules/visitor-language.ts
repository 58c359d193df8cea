import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from '../constants/index.js';

/**
 * The visitor's language as every part of the shop reads it: the storefront's first-visit rule
 * (server and browser), the API's answers and the page cache's key. One rule, so a page and its
 * cache key never disagree on a visitor's language (issue 32: they once did).
 */

/** Whether `value` is one of the shop's languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The tags of an Accept-Language header, most wanted first (`es-US,es;q=0.9,en;q=0.8` → es-US, es, en); q=0 and bad q left out. */
export function acceptedLanguages(header: string | readonly string[] | null | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : ((header as string | null | undefined) ?? '');
  return value
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = Number(rest.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((language) => language.tag && language.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((language) => language.tag);
}

/** The first of `languages` the shop speaks, by primary subtag (`es-MX` → es); else English. */
export function localeOfLanguages(languages: readonly string[] | undefined): Locale {
  for (const language of languages ?? []) {
    const primary = language.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The shop's language an Accept-Language header asks for (English when it asks for none it speaks). */
export function localeOfAcceptLanguage(header: string | readonly string[] | null | undefined): Locale {
  return localeOfLanguages(acceptedLanguages(header));
}

/** The language the visitor chose (the first `locale` cookie that names one), from a `Cookie` header. */
export function readLocaleCookie(cookieHeader: string | null | undefined): Locale | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

import { LOCALE_TAGS, type Locale } from '../constants/index.js';

/** 'en' -> 'en-US', 'es' -> 'es-US'; a full tag ("es-US") is kept; anything else is en-US. */
export function resolveLocaleTag(locale: Locale | string | null | undefined): string {
  if (locale === 'en' || locale === 'es') return LOCALE_TAGS[locale];
  if (locale === LOCALE_TAGS.en || locale === LOCALE_TAGS.es) return locale;
  return LOCALE_TAGS.en;
}

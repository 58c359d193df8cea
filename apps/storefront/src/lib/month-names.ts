import { LOCALE_TAGS, type Locale } from './locale';

/**
 * The twelve month names in the page's language, January first, capitalised as a list's choices
 * are ("Enero"): the ONE list of every date-of-birth month select (profile, profile completion),
 * so two pages never spell them differently.
 */
export function monthNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const name = format.format(Date.UTC(2000, index, 1));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}

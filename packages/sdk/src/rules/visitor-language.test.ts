import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isLocale, localeOfAcceptLanguage, localeOfLanguages, readLocaleCookie } from './visitor-language.js';

describe("the visitor's language", () => {
  it('ranks an Accept-Language header by q, leaving out q=0 and a q that is no number', () => {
    expect(acceptedLanguages('en;q=0.5, es-US, es;q=0.9')).toEqual(['es-US', 'es', 'en']);
    expect(acceptedLanguages('es;q=0, en-GB;q=abc, fr')).toEqual(['fr']);
    expect(acceptedLanguages(['es-MX', 'en;q=0.1'])).toEqual(['es-MX', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('picks the first language the shop speaks, by primary subtag, else English', () => {
    expect(localeOfLanguages(['fr-FR', 'ES_mx', 'en'])).toBe('es');
    expect(localeOfLanguages(['de'])).toBe('en');
    expect(localeOfAcceptLanguage('fr, es-419;q=0.8, en;q=0.7')).toBe('es');
    // "est" (Estonian) is not Spanish.
    expect(localeOfAcceptLanguage('est, en;q=0.1')).toBe('en');
    expect(localeOfAcceptLanguage('')).toBe('en');
  });

  it('reads the locale cookie only when it names a language of the shop', () => {
    expect(readLocaleCookie('a=1; locale=es; b=2')).toBe('es');
    expect(readLocaleCookie('locale=fr; locale=en')).toBe('en');
    expect(readLocaleCookie('xlocale=es')).toBeNull();
    expect(readLocaleCookie(undefined)).toBeNull();
    expect(isLocale('es')).toBe(true);
    expect(isLocale('ES')).toBe(false);
  });
});

import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localeOfPath, localizePath, type Locale } from './locale';

/** The locale of the current page (from its path: `/es/...` is Spanish). */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Localizes a prefix-less path (`/catalog`) for the current page's locale. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

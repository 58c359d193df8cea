import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { activateLoadedLocale } from '../lib/i18n';
import { LOCALE_TAGS, type Locale } from '../lib/locale';

/**
 * The top of each locale's tree: switches Lingui to this locale (its catalog was loaded by the
 * root loader) before the browser paints, and keeps `<html lang>` in step with the address.
 */
export function LocaleRoot({ locale }: { locale: Locale }) {
  useLayoutEffect(() => {
    activateLoadedLocale(locale);
    document.documentElement.lang = LOCALE_TAGS[locale];
  }, [locale]);
  return <Outlet />;
}

import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { LOCALE_TAGS, type Locale } from '../lib/locale';

/** The top of each locale's tree: keeps `<html lang>` in step with the address. */
export function LocaleRoot({ locale }: { locale: Locale }) {
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[locale];
  }, [locale]);
  return <Outlet />;
}

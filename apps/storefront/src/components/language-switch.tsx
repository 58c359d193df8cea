import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Languages } from '@otc/ui/icons';
import { cn } from '@otc/ui';
import { switchLocaleHref, writeLocaleCookie } from '../lib/locale';
import { useLocale } from '../lib/use-locale';

/** A link to the same page and query in the other language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const location = useLocation();
  const locale = useLocale();
  const { t } = useLingui();
  const target = locale === 'en' ? 'es' : 'en';
  // The other language's name, written in that language (an autonym): "Español" / "English".
  const otherLanguage = t({ id: 'language.other', message: 'Español' });
  return (
    <Link
      to={switchLocaleHref(location, target)}
      hrefLang={target === 'es' ? 'es-US' : 'en-US'}
      // The choice is remembered before the page changes: English at the bare `/` is not sent
      // back to Spanish by the cookie of the page being left.
      onClick={() => writeLocaleCookie(target)}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold whitespace-nowrap text-fg hover:bg-surface-3',
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-5 shrink-0" />
      <span lang={target}>{otherLanguage}</span>
      <span className="sr-only">
        <Trans>(change language)</Trans>
      </span>
    </Link>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { COPYRIGHT_YEAR, TTY_PHONE, formatPhone } from '@otc/sdk';
import { Container, Skeleton, cn } from '@otc/ui';
import { useGetSettingsQuery } from '../kernel/settings-api';
import { AppLink } from './app-link';

const footerLink = 'inline-flex min-h-11 items-center rounded underline underline-offset-4 hover:no-underline';

/** The static pages, also listed in the phone menu. */
export function FooterLinks({ stacked = false }: { stacked?: boolean }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Information`}>
      <ul className={cn('flex gap-x-5', stacked ? 'flex-col' : 'flex-wrap')}>
        <li>
          <AppLink to="/about-us" prefetch="intent" className={footerLink}>
            <Trans>About us</Trans>
          </AppLink>
        </li>
        <li>
          <AppLink to="/contacts" prefetch="intent" className={footerLink}>
            <Trans>Contact us</Trans>
          </AppLink>
        </li>
        <li>
          <AppLink to="/terms-of-use" prefetch="intent" className={footerLink}>
            <Trans>Terms of use</Trans>
          </AppLink>
        </li>
        <li>
          <AppLink to="/privacy-policy" prefetch="intent" className={footerLink}>
            <Trans>Privacy policy</Trans>
          </AppLink>
        </li>
        <li>
          <AppLink to="/return-policy" prefetch="intent" className={footerLink}>
            <Trans>Return policy</Trans>
          </AppLink>
        </li>
        <li>
          <AppLink to="/docs/items-eligibility" prefetch="intent" className={footerLink}>
            <Trans>Why are some items not eligible</Trans>
          </AppLink>
        </li>
        <li>
          <AppLink to="/accessibility" prefetch="intent" className={footerLink}>
            <Trans>Accessibility</Trans>
          </AppLink>
        </li>
      </ul>
    </nav>
  );
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function Footer() {
  const { data: settings, isError } = useGetSettingsQuery();
  const year = settings?.copyrightYear ?? COPYRIGHT_YEAR;
  const company = settings?.companyName;
  const tty = settings?.ttyPhone ?? TTY_PHONE;

  return (
    <footer className="mt-16 border-t border-border bg-surface-2">
      <Container width="wide" className="flex flex-col gap-6 py-8">
        <FooterLinks />
        <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between">
          <p className="text-lg">
            {settings || !isError ? (
              <>
                <Trans>Questions? Call us:</Trans>{' '}
                {settings ? (
                  <a
                    href={telHref(settings.supportPhone)}
                    className="font-bold whitespace-nowrap underline underline-offset-4"
                  >
                    {formatPhone(settings.supportPhone)}
                  </a>
                ) : (
                  <Skeleton as="span" className="h-5 w-40 align-middle" />
                )}{' '}
              </>
            ) : null}
            <span className="whitespace-nowrap">
              <Trans>TTY</Trans>{' '}
              <a href={`tel:${tty}`} className="font-bold underline underline-offset-4">
                {tty}
              </a>
            </span>
          </p>
          <p className="text-muted">
            {company ? <Trans>© {year} {company}. All rights reserved.</Trans> : <Trans>© {year}. All rights reserved.</Trans>}
          </p>
        </div>
      </Container>
    </footer>
  );
}

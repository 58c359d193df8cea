import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, Mail, Phone } from '@otc/ui/icons';
import { TTY_PHONE, formatPhone } from '@otc/sdk';
import { Container, Skeleton, cn } from '@otc/ui';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { ContactForm } from '../components/contact-form';

/** The contact form's post (contact-form.tsx). */
export { contactAction as action } from '../components/contact-form';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const card = 'flex min-w-0 gap-3 rounded-2xl border border-border bg-surface-2 p-4 sm:p-5';
// Phone and e-mail stay on one line from sm up; on the narrowest phones they may wrap rather than spill out.
const bigLink =
  'text-xl font-bold [overflow-wrap:anywhere] underline underline-offset-4 hover:no-underline sm:whitespace-nowrap';

export function Component() {
  const { t } = useLingui();
  const { data: settings, isLoading } = useGetSettingsQuery();
  const tty = settings?.ttyPhone ?? TTY_PHONE;
  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{t`Contact us`}</h1>
      <p className="mt-3 max-w-3xl text-xl">
        <Trans>
          Questions about an order, your benefit card or a product? We are glad to help in English
          and Spanish.
        </Trans>
      </p>

      <div className="mt-8 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="contacts-call" className="flex flex-col gap-4 text-lg">
          <h2 id="contacts-call" className="text-2xl font-bold">
            <Trans>Call us</Trans>
          </h2>
          <div className={card}>
            <Phone aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">
                <Trans>Member services</Trans>
              </p>
              {settings ? (
                // A phone number is read as one: never broken over two lines.
                <a href={telHref(settings.supportPhone)} className={cn(bigLink, 'whitespace-nowrap')}>
                  {formatPhone(settings.supportPhone)}
                </a>
              ) : isLoading ? (
                <Skeleton className="mt-1 h-7 w-48" />
              ) : null}
              <p className="mt-2">
                <Trans>
                  TTY:{' '}
                  <a href={telHref(tty)} className="font-bold underline underline-offset-4">
                    {tty}
                  </a>
                </Trans>
              </p>
            </div>
          </div>
          <div className={card}>
            <Clock aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">
                <Trans>Hours</Trans>
              </p>
              <p>
                <Trans>Monday to Friday, 8 a.m. to 8 p.m. Eastern time</Trans>
              </p>
              <p>
                <Trans>Saturday, 9 a.m. to 5 p.m. Eastern time</Trans>
              </p>
              <p className="text-muted">
                <Trans>Closed on Sundays and federal holidays</Trans>
              </p>
            </div>
          </div>
          {settings?.supportEmail ? (
            <div className={card}>
              <Mail aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
              <div>
                <p className="font-semibold">
                  <Trans>E-mail</Trans>
                </p>
                <a
                  href={`mailto:${settings.supportEmail}`}
                  className="font-bold break-all underline underline-offset-4"
                >
                  {settings.supportEmail}
                </a>
              </div>
            </div>
          ) : null}
        </section>

        <section aria-labelledby="contacts-write" className="flex flex-col gap-3">
          <h2 id="contacts-write" className="text-2xl font-bold">
            <Trans>Write to us</Trans>
          </h2>
          <p className="text-lg">
            <Trans>Contact messages are processed within the next business day.</Trans>
          </p>
          <ContactForm />
        </section>
      </div>
    </Container>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Container, Spinner } from '@otc/ui';
import { PageTitle } from './page-title';

/** Shown while the first route loaders run (catalog, guards, page module). */
export function RouteFallback() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh items-center justify-center text-primary">
      <Spinner size="lg" label={t`Loading`} />
    </div>
  );
}

/**
 * A page whose content only the browser can draw (the customer's, or this browser's cart), as the
 * server draws it: its title and heading, and a spinner until the browser takes over.
 */
export function PageFrame({ title, noindex = false }: { title: MessageDescriptor; noindex?: boolean }) {
  const { t } = useLingui();
  const heading = t(title);
  return (
    <Container className="py-8">
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <PageTitle title={heading} />
      <h1 className="text-2xl font-bold text-fg sm:text-3xl">{heading}</h1>
      <div className="flex min-h-[50dvh] items-center justify-center text-primary">
        <Spinner size="lg" label={t`Loading`} />
      </div>
    </Container>
  );
}

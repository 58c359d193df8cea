import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Container } from '@otc/ui';
import { PageNotices } from '../../../components/page-notices';

/**
 * The frame of every sign-in page: one narrow column, a clear heading, an optional intro, the
 * form, and links to the other ways of signing in underneath. Mobile first: nothing sits side by
 * side below 640 px.
 */
export function AuthPage({
  title,
  intro,
  children,
  footer,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Container width="narrow" className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-lg flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
          {intro ? <p className="text-lg text-muted">{intro}</p> : null}
        </div>
        {/* Under the heading, over no field: what the toasts would have covered. */}
        <PageNotices />
        {/* A card from 640 px; on a phone the form uses the whole width. */}
        <div className="sm:rounded-2xl sm:border sm:border-border sm:bg-surface sm:p-6 sm:shadow-sm">{children}</div>
        {footer ? (
          <nav aria-label={t`Other ways in`} className="flex flex-col gap-2 text-lg">
            {footer}
          </nav>
        ) : null}
      </div>
    </Container>
  );
}

import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatDate } from '@otc/sdk';
import { Container } from '@otc/ui';
import { useLocale } from '../../../lib/use-locale';

/**
 * A long-form page (about, legal, help): one h1, an optional "last updated" date and sections
 * set in a readable measure with generous line height.
 */
export function Article({
  title,
  updated,
  lead,
  children,
}: {
  title: ReactNode;
  /** ISO date the text was last changed (legal pages). */
  updated?: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const locale = useLocale();
  const date = updated ? formatDate(updated, locale, { dateStyle: 'long' }) : null;
  return (
    <Container className="py-8 sm:py-12">
      <article className="mx-auto max-w-3xl text-lg leading-relaxed">
        <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">{title}</h1>
        {date ? (
          <p className="mt-2 text-base text-muted">
            <Trans>Last updated: {date}</Trans>
          </p>
        ) : null}
        {lead ? <p className="mt-5 text-xl">{lead}</p> : null}
        <div className="mt-6 flex flex-col gap-8">{children}</div>
      </article>
    </Container>
  );
}

/** A titled part of an article (h2) with its paragraphs and lists. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-2xl leading-snug font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** A bulleted list with comfortable spacing. */
export function Bullets({ children }: { children: ReactNode }) {
  return <ul className="flex list-disc flex-col gap-2 pl-6 marker:text-primary">{children}</ul>;
}

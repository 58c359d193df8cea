// What the words searched were matched as (issue 19), said the same way by the search modal and
// the catalog's `?q=` list: a brand as its generic, an everyday word as the shop's, a category
// (with a link to it), a misspelt word as the catalog's spelling.
import { Trans } from '@lingui/react/macro';
import type { SearchMatch } from '@otc/sdk';
import { cn } from '@otc/ui';
import { AppLink } from './app-link';

/** Whether a search found its words as a synonym or a category (then never "check the spelling"). */
export function matchedAsWords(matched: readonly SearchMatch[] | undefined): boolean {
  return (matched ?? []).some((match) => match.kind !== 'spelling');
}

function MatchLine({ match, catalogPath }: { match: SearchMatch; catalogPath: string }) {
  const term = match.term;
  const as = match.as;
  switch (match.kind) {
    case 'brand':
      return (
        <Trans>
          Showing <strong>{as}</strong>, the generic of {term}
        </Trans>
      );
    case 'everyday':
      return (
        <Trans>
          Showing <strong>{as}</strong> for “{term}”
        </Trans>
      );
    case 'category':
      return match.categoryId ? (
        <Trans>
          Showing the category{' '}
          <AppLink
            to={`${catalogPath}?category=${match.categoryId}`}
            className="font-bold text-primary underline underline-offset-4"
          >
            {as}
          </AppLink>
        </Trans>
      ) : (
        <Trans>
          Showing the category <strong>{as}</strong>
        </Trans>
      );
    case 'spelling':
      return (
        <Trans>
          Showing results for <strong>{as}</strong>
        </Trans>
      );
  }
}

/** One line per match; nothing when the words were found as typed. */
export function SearchMatches({
  matched,
  catalogPath = '/catalog',
  className,
}: {
  matched: readonly SearchMatch[] | undefined;
  catalogPath?: string;
  className?: string;
}) {
  if (!matched || matched.length === 0) return null;
  return (
    <div className={cn('flex flex-col gap-1 text-lg', className)} data-testid="search-matches">
      {matched.map((match) => (
        <p key={`${match.kind}:${match.term}:${match.as}`}>
          <MatchLine match={match} catalogPath={catalogPath} />
        </p>
      ))}
    </div>
  );
}

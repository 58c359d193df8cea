import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Container, buttonClasses } from '@otc/ui';
import { localeOfPath, localizePath } from '../lib/locale';
import type { NotFoundData } from '../kernel/guards';
import { PageTitle } from '../kernel/page-title';

function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === 'object' && value !== null && 'kind' in value && 'path' in value;
}

/** A path with a line-break opportunity after each slash (never inside a word unless it must). */
function breakableAtSlashes(path: string) {
  const parts = path.split('/');
  return parts.map((part, index) => (
    <span key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </span>
  ));
}

/**
 * The error page: status code, status message, an apology and a link home (in the page's
 * language). Route errorElement for 404s and thrown errors. `bare` when drawn outside the layout.
 */
export function ErrorPage({ bare = false }: { bare?: boolean }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useLingui();
  const locale = localeOfPath(pathname);

  let status = 500;
  let message = t`Something went wrong`;
  // The path is drawn on its own so that only it may wrap (at a slash, or anywhere if it must).
  let path: string | null = null;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    const info: unknown = error.data;
    const shownPath = isNotFoundData(info) ? info.path : pathname;
    if (isNotFoundData(info) && info.kind === 'invalid-id') {
      message = t`Page Not Found`;
      path = shownPath;
    } else if (status === 404) {
      message = t`Page not found`;
      path = shownPath;
    }
  } else if (import.meta.env.DEV) {
    console.error(error);
  }

  const content = (
    <Container width="narrow" className="flex flex-col items-start gap-4 py-12">
      {/* No index for a page that is not there (or failed). */}
      <meta name="robots" content="noindex" />
      <PageTitle title={path ? `${status} ${message} ${path}` : `${status} ${message}`} />
      <p className="text-6xl font-extrabold text-primary" data-testid="error-status">
        {status}
      </p>
      <h1 className="text-2xl font-bold">
        {message}
        {path ? (
          <>
            {' '}
            <span className="[overflow-wrap:anywhere]">{breakableAtSlashes(path)}</span>
          </>
        ) : null}
      </h1>
      <p className="text-lg">
        <Trans>We are sorry, but the page you requested cannot be displayed right now.</Trans>
      </p>
      <Link to={localizePath('/', locale)} className={buttonClasses({ variant: 'primary' })}>
        <Trans>Go back main page</Trans>
      </Link>
    </Container>
  );

  return bare ? <main id="main">{content}</main> : content;
}

import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Notice } from '@otc/ui';
import { stripLocale } from '../../../lib/locale';

/** The page a sign-in leads back to (`redirect`), without its language prefix and query. */
function redirectPage(redirect: string | null): string | null {
  if (!redirect || !redirect.startsWith('/')) return null;
  const path = redirect.split(/[?#]/, 1)[0] ?? '';
  return stripLocale(path);
}

/**
 * Why a visitor was sent to sign in, when the page they asked for says it: a guest who pressed
 * "Ask us to add the product" learns that the request needs an account.
 */
export function SignInReason() {
  const [search] = useSearchParams();
  if (redirectPage(search.get('redirect')) !== '/request-new-product') return null;
  return (
    <Notice tone="info" live={false} className="mb-4">
      <Trans>Sign in to ask us for a product.</Trans>
    </Notice>
  );
}

import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useAuthHref } from '../use-sign-in-flow';

/** A link between the sign-in pages (keeps the saved `redirect`), large enough to tap. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useAuthHref();
  return (
    <Link to={href(to)} className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4 hover:no-underline">
      {children}
    </Link>
  );
}

/**
 * The links under both sign-in pages: the other way of signing in (a code or a password), the
 * password recovery and the sign-up.
 */
export function SignInLinks({ other }: { other: 'code' | 'password' }) {
  return (
    <>
      {other === 'password' ? (
        <AuthLink to="/login/password">
          <Trans>Sign in with a password instead</Trans>
        </AuthLink>
      ) : (
        <AuthLink to="/login">
          <Trans>Sign in with a code instead</Trans>
        </AuthLink>
      )}
      <AuthLink to="/login-recovery">
        <Trans>Forgot your password?</Trans>
      </AuthLink>
      <AuthLink to="/sign-up">
        <Trans>New here? Create an account</Trans>
      </AuthLink>
    </>
  );
}

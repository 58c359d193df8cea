import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { buttonClasses, Spinner } from '@otc/ui';
import { useAppDispatch } from '../../../app/hooks';
import { signOut } from '../../../app/session-slice';
import { AppLink } from '../../../components/app-link';
import { AuthPage } from '../components/auth-page';

/**
 * /logout: the SDK revokes the refresh token and forgets the tokens, the store drops everything
 * cached for the customer; other tabs follow through storage. Runs once per visit of the page.
 */
export function Component() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const started = useRef(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(signOut()).finally(() => setDone(true));
  }, [dispatch]);

  return (
    <AuthPage title={done ? t`You are signed out` : t`Signing you out`}>
      <div aria-live="polite" className="flex flex-col gap-5">
        {done ? (
          <>
            <p className="flex items-start gap-3 text-lg">
              <CircleCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-success" />
              <Trans>You are signed out on this device. Thank you for shopping with us.</Trans>
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <AppLink to="/login" className={buttonClasses({ size: 'lg' })}>
                <Trans>Sign in again</Trans>
              </AppLink>
              <AppLink to="/" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
                <Trans>Go to the home page</Trans>
              </AppLink>
            </div>
          </>
        ) : (
          <p className="flex items-center gap-3 text-lg">
            <Spinner />
            <Trans>Signing you out…</Trans>
          </p>
        )}
      </div>
    </AuthPage>
  );
}

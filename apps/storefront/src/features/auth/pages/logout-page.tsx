import { useEffect, useRef } from 'react';
import { Form, useNavigation, useSubmit, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from '@otc/ui/icons';
import { Button, buttonClasses, Spinner } from '@otc/ui';
import { useAppSelector } from '../../../kernel/hooks';
import { storeOf } from '../../../kernel/route-context';
import { selectSignedIn, signOut } from '../../../kernel/session-slice';
import { AppLink } from '../../../components/app-link';
import { CsrfField } from '../../../kernel/page-form';
import { AuthPage } from '../components/auth-page';

/**
 * The sign-out's post: the API ends the cookie's session (and clears the cookie), the store drops
 * everything cached for the customer; other tabs follow (store.ts). On the server for a post sent
 * without the scripts, here with them.
 */
export async function action(args: ActionFunctionArgs) {
  await storeOf(args).dispatch(signOut());
  return null;
}

/**
 * /logout: a member who opens it is signed out at once (the page posts to its action once the
 * scripts run; before or without them, its button does); then it says so.
 */
export function Component() {
  const { t } = useLingui();
  const signedIn = useAppSelector(selectSignedIn);
  const submit = useSubmit();
  const started = useRef(false);
  const done = !signedIn;
  const posting = useNavigation().state !== 'idle';

  useEffect(() => {
    if (started.current || !signedIn) return;
    started.current = true;
    void submit(null, { method: 'post' });
  }, [signedIn, submit]);

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
          <Form method="post" className="flex flex-col gap-5">
            <CsrfField />
            {/* The spinner only while the post is on its way (the scripts send it at once):
                before or without them the page asks, rather than spinning for ever. */}
            {posting ? (
              <p className="flex items-center gap-3 text-lg">
                <Spinner />
                <Trans>Signing you out…</Trans>
              </p>
            ) : (
              <p className="text-lg">
                <Trans>Press Sign out to end your session on this device.</Trans>
              </p>
            )}
            <Button type="submit" size="lg" variant="secondary">
              <Trans>Sign out</Trans>
            </Button>
          </Form>
        )}
      </div>
    </AuthPage>
  );
}

import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Notice } from '@otc/ui';
import { SignInLinks } from '../components/auth-links';
import { AuthPage } from '../components/auth-page';
import { CodeAuthFlow } from '../components/code-auth-flow';
import { SignInReason } from '../components/sign-in-reason';
import type { LoginMethod } from '../components/login-field';

/** The code flow's posts (ask for a code, ask again, type it): code-flow-action.ts. */
export { codeFlowAction as action } from '../code-flow-action';

/**
 * /login (e-mail first) and /login/phone (phone first): sign in with a one-time code. After the
 * sign-in e-mail or phone changed (`?changed=email|phone&login=…`, every session ended), the page
 * says why the member is here and starts with the new login filled in; after "Sign out of all
 * devices" sent without the scripts (`?changed=everywhere`), it says that.
 */
export function LoginWithCode({ method }: { method: LoginMethod }) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const changed = search.get('changed');
  const login = (changed === 'email' || changed === 'phone' ? search.get('login') : null) ?? '';
  return (
    <AuthPage
      title={t`Sign in`}
      intro={<Trans>We send you a one-time code. No password needed.</Trans>}
      footer={<SignInLinks other="password" />}
    >
      {login || changed === 'everywhere' ? null : <SignInReason />}
      {changed === 'everywhere' ? (
        <Notice tone="info" className="mb-4" title={<Trans>You are signed out on all devices</Trans>}>
          <Trans>This device was signed out too. Please sign in again to continue.</Trans>
        </Notice>
      ) : null}
      {login ? (
        <Notice tone="info" className="mb-4" title={changed === 'email' ? <Trans>Your sign-in e-mail is now {login}</Trans> : <Trans>Your sign-in phone is now {login}</Trans>}>
          <Trans>For your security you were signed out everywhere. Sign in with it to continue.</Trans>
        </Notice>
      ) : null}
      <CodeAuthFlow purpose="login" initialMethod={method} initialLogin={login} />
    </AuthPage>
  );
}

export function Component() {
  return <LoginWithCode method="email" />;
}

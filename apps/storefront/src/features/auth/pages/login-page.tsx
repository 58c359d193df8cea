import { Trans, useLingui } from '@lingui/react/macro';
import { SignInLinks } from '../components/auth-links';
import { AuthPage } from '../components/auth-page';
import { CodeAuthFlow } from '../components/code-auth-flow';
import type { LoginMethod } from '../components/login-field';

/** /login (e-mail first) and /login/phone (phone first): sign in with a one-time code. */
export function LoginWithCode({ method }: { method: LoginMethod }) {
  const { t } = useLingui();
  return (
    <AuthPage
      title={t`Sign in`}
      intro={<Trans>We send you a one-time code. No password needed.</Trans>}
      footer={<SignInLinks other="password" />}
    >
      <CodeAuthFlow purpose="login" initialMethod={method} />
    </AuthPage>
  );
}

export function Component() {
  return <LoginWithCode method="email" />;
}

import { Trans, useLingui } from '@lingui/react/macro';
import { AuthLink } from '../components/auth-links';
import { AuthPage } from '../components/auth-page';
import { CodeAuthFlow } from '../components/code-auth-flow';

/** The code flow's posts (ask for a code, ask again, type it): code-flow-action.ts. */
export { codeFlowAction as action } from '../code-flow-action';

/** /login-recovery: a code to the account's e-mail or phone, then a new password (and signed in). */
export function Component() {
  const { t } = useLingui();
  return (
    <AuthPage
      title={t`Account recovery`}
      intro={<Trans>We send a code to your e-mail or phone. Then you choose a new password.</Trans>}
      footer={
        <>
          <AuthLink to="/login">
            <Trans>Remembered it? Sign in</Trans>
          </AuthLink>
          <AuthLink to="/sign-up">
            <Trans>New here? Create an account</Trans>
          </AuthLink>
        </>
      }
    >
      <CodeAuthFlow purpose="recovery" initialMethod="email" />
    </AuthPage>
  );
}

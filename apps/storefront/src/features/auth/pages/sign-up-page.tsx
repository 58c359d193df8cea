import { Trans, useLingui } from '@lingui/react/macro';
import { AuthLink } from '../components/auth-links';
import { AuthPage } from '../components/auth-page';
import { CodeAuthFlow } from '../components/code-auth-flow';

/** The code flow's posts (ask for a code, ask again, type it): code-flow-action.ts. */
export { codeFlowAction as action } from '../code-flow-action';

/** /sign-up: an e-mail or phone proven with a code, then sign in next time with a code or a password. */
export function Component() {
  const { t } = useLingui();
  return (
    <AuthPage
      title={t`Sign up`}
      intro={<Trans>Create your account to pay with your benefit card, track orders and save addresses.</Trans>}
      footer={
        <AuthLink to="/login">
          <Trans>Already have an account? Sign in</Trans>
        </AuthLink>
      }
    >
      <CodeAuthFlow purpose="register" initialMethod="email" />
    </AuthPage>
  );
}

import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { passwordLoginSchema } from '@otc/sdk';
import { Button, Checkbox, TextField } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { usePasswordLoginMutation } from '../auth-api';
import { useAuthMessages, type Problem } from '../auth-messages';
import { SignInLinks } from '../components/auth-links';
import { AuthPage } from '../components/auth-page';
import { ProblemNotice } from '../components/problem-notice';
import { SignInReason } from '../components/sign-in-reason';
import { useFinishSignIn } from '../use-sign-in-flow';

/** /login/password: e-mail or phone and password. */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const { signInProblem } = useAuthMessages();
  const finish = useFinishSignIn();
  const [login, { isLoading }] = usePasswordLoginMutation();
  const [finishing, setFinishing] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [shown, setShown] = useState(false);
  const form = useShopForm(passwordLoginSchema, { defaultValues: { username: '', password: '' } });

  const send = form.submit(async (values) => {
    setProblem(null);
    const result = await login({ ...values, locale });
    if (result.error) {
      const error = result.error as SdkQueryError;
      if (!form.applyServerErrors(error)) setProblem(signInProblem(error));
      return;
    }
    setFinishing(true);
    try {
      await finish(result.data);
    } finally {
      setFinishing(false);
    }
  });

  return (
    <AuthPage
      title={t`Sign in with a password`}
      footer={<SignInLinks other="code" />}
    >
      <SignInReason />
      <form noValidate onSubmit={send} className="flex flex-col gap-5">
        <ProblemNotice problem={problem} />
        <TextField
          id="username"
          label={t`E-mail address or phone number`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          requiredMark="*"
          required
          {...form.field('username')}
        />
        <TextField
          id="password"
          label={t`Password`}
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          requiredMark="*"
          required
          {...form.field('password')}
        />
        <Checkbox label={t`Show the password`} checked={shown} onChange={(event) => setShown(event.target.checked)} />
        <Button type="submit" size="lg" fullWidth loading={isLoading || finishing} loadingLabel={t`Signing in`}>
          <Trans>Sign in</Trans>
        </Button>
      </form>
    </AuthPage>
  );
}

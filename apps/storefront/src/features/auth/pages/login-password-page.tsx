import { useEffect, useState } from 'react';
import {
  Form,
  redirect,
  useActionData,
  useNavigation,
  type ActionFunctionArgs,
} from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { passwordLoginSchema } from '@otc/sdk';
import { Button, Checkbox, LiveMessage, TextField } from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { localeOfPath } from '../../../lib/locale';
import {
  CsrfField,
  formFailure,
  RequiredFieldsNote,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { authApi } from '../auth-api';
import { useAuthMessages } from '../auth-messages';
import { SignInLinks } from '../components/auth-links';
import { AuthPage } from '../components/auth-page';
import { ProblemNotice } from '../components/problem-notice';
import { SignInReason } from '../components/sign-in-reason';
import { finishSignIn } from '../use-sign-in-flow';

type Typed = { username: string };

/**
 * The form's post, on the server without scripts and here with them: signs in (the API sets the
 * session cookie) and leads on, or answers why not with the login kept (never the password).
 */
export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const address = new URL(args.request.url);
  const locale = localeOfPath(address.pathname);
  const { username = '', password = '' } = textFields(await args.request.formData(), [
    'username',
    'password',
  ]);
  const result = await store.dispatch(
    authApi.endpoints.passwordLogin.initiate({ username, password, locale }),
  );
  if (result.error) return formFailure<Typed>({ username }, result.error);
  return redirect(await finishSignIn(store, result.data, address, locale));
}

/** /login/password: e-mail or phone and password. */
export function Component() {
  const { t } = useLingui();
  const { signInProblem } = useAuthMessages();
  const failure = useActionData<FormFailure<Typed>>();
  const navigation = useNavigation();
  const [shown, setShown] = useState(false);
  const form = useShopForm(passwordLoginSchema, {
    defaultValues: { username: failure?.values.username ?? '', password: '' },
  });
  const { applyServerErrors } = form;
  // A refusal naming a field goes under it; any other is the notice above the form (drawn by the
  // server too, for a post sent without the scripts).
  const [fieldsNamed, setFieldsNamed] = useState(false);
  useEffect(() => {
    setFieldsNamed(failure ? applyServerErrors(failure.error) : false);
  }, [failure, applyServerErrors]);
  const problem = failure && !fieldsNamed ? signInProblem(failure.error) : null;
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // Checked here first; a form that passes goes to the action above.
  const onSubmit = useCheckedPost((post) => form.submit(post));

  return (
    <AuthPage title={t`Sign in with a password`} footer={<SignInLinks other="code" />}>
      <SignInReason />
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
      >
        <CsrfField />
        <RequiredFieldsNote />
        <ProblemNotice problem={problem} />
        <LiveMessage message={form.spoken} />
        <TextField
          id="username"
          label={t`E-mail address or phone number`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          requiredMark="*"
          required
          {...form.field('username')}
          // In the markup too: a page drawn by the server after a refused post shows it (the
          // form's own values are put in by its script).
          defaultValue={failure?.values.username ?? ''}
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
        <Checkbox
          label={t`Show the password`}
          checked={shown}
          onChange={(event) => setShown(event.target.checked)}
        />
        <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={t`Signing in`}>
          <Trans>Sign in</Trans>
        </Button>
      </Form>
    </AuthPage>
  );
}

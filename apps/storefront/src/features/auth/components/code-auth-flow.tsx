// The one-time-code flows of /login, /login/phone, /sign-up and /login-recovery: ask for a code
// for an e-mail or phone, then type it (with the countdown before another may be asked for,
// change the e-mail or phone, or start over). A sign-in with no account is offered registration
// in place, with what was already typed; a sign-up of a known login is offered sign-in.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, RadioGroup, Tabs } from '@otc/ui';
import { useGetSettingsQuery } from '../../../app/settings-api';
import type { SdkQueryError } from '../../../lib/api';
import { useLocale } from '../../../lib/use-locale';
import {
  useRecoverAccountMutation,
  useRegisterMutation,
  useRequestAuthCodeMutation,
  useVerifyLoginCodeMutation,
  type CodePurpose,
  type CodeRequestError,
} from '../auth-api';
import { useAuthMessages, type Problem } from '../auth-messages';
import { useFinishSignIn } from '../use-sign-in-flow';
import { CodeStep } from './code-step';
import type { LoginMethod } from './login-field';
import { LoginRequestForm } from './login-request-form';
import { ProblemNotice } from './problem-notice';
import { LoginCodeForm, RecoveryCodeForm, RegisterCodeForm } from './verify-forms';

interface Sent {
  purpose: CodePurpose;
  login: string;
  channel: 'email' | 'sms';
  /** Epoch ms after which another code may be asked for. */
  resendAt: number;
}

/** What the page offers after a refusal: register a login with no account, or sign in with a known one. */
interface Offer {
  purpose: CodePurpose;
  login: string;
}

export interface CodeAuthFlowProps {
  /** What the page does: sign in, create an account, or recover it. */
  purpose: CodePurpose;
  initialMethod: LoginMethod;
  /** A login to start with (the new sign-in e-mail or phone after a change of it). */
  initialLogin?: string;
}

function channelOf(login: string): 'email' | 'sms' {
  return login.includes('@') ? 'email' : 'sms';
}

function isFieldFailure(error: SdkQueryError, field: string): boolean {
  return error.status === 422 && Boolean(error.fieldCodes?.[field] ?? error.fieldErrors?.[field]);
}

export function CodeAuthFlow({ purpose, initialMethod, initialLogin = '' }: CodeAuthFlowProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: settings } = useGetSettingsQuery();
  const { codeRequestProblem, signInProblem } = useAuthMessages();
  const finish = useFinishSignIn();

  const [method, setMethod] = useState<LoginMethod>(initialMethod);
  const [drafts, setDrafts] = useState<Record<LoginMethod, string>>({
    email: initialMethod === 'email' ? initialLogin : '',
    phone: initialMethod === 'phone' ? initialLogin : '',
  });
  const [formKey, setFormKey] = useState(0);
  const [returning, setReturning] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [withPassword, setWithPassword] = useState(false);
  const [finishing, setFinishing] = useState(false);

  const [requestCode, { isLoading: requesting }] = useRequestAuthCodeMutation();
  const [verifyCode, { isLoading: verifying }] = useVerifyLoginCodeMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const [recover, { isLoading: recovering }] = useRecoverAccountMutation();

  /** Asks for a code; on success the code step opens with a fresh countdown. */
  async function ask(codePurpose: CodePurpose, login: string): Promise<SdkQueryError | null> {
    setProblem(null);
    setOffer(null);
    const result = await requestCode({ purpose: codePurpose, login, locale });
    if (result.error) {
      const error = result.error as CodeRequestError;
      if (error.code === 'resend_too_soon' && error.retryAfterSeconds) {
        // A code went out moments ago and is still good: type that one, or wait for a new one.
        setSent({ purpose: codePurpose, login, channel: channelOf(login), resendAt: Date.now() + error.retryAfterSeconds * 1000 });
        return null;
      }
      if (isFieldFailure(error, 'login')) return error;
      setProblem(codeRequestProblem(error));
      if (error.code === 'account_not_found' && codePurpose !== 'register') setOffer({ purpose: 'register', login });
      if (error.code === 'account_exists' && codePurpose === 'register') setOffer({ purpose: 'login', login });
      return error;
    }
    const seconds = settings?.codeResendSeconds ?? result.data.resendIn;
    setSent({ purpose: codePurpose, login, channel: result.data.channel, resendAt: Date.now() + seconds * 1000 });
    return null;
  }

  /** Signs in with a token pair, or shows why not (a 422 goes under its field). */
  async function settle(result: { data?: unknown; error?: unknown }): Promise<SdkQueryError | null> {
    if (result.error) {
      const error = result.error as SdkQueryError;
      if (error.status !== 422 || !error.fieldCodes) setProblem(signInProblem(error));
      return error;
    }
    setFinishing(true);
    try {
      await finish(result.data as Parameters<typeof finish>[0]);
    } finally {
      setFinishing(false);
    }
    return null;
  }

  function changeLogin() {
    if (!sent) return;
    setMethod(sent.channel === 'sms' ? 'phone' : 'email');
    setSent(null);
    setProblem(null);
    setReturning(true);
  }

  function startOver() {
    setSent(null);
    setProblem(null);
    setOffer(null);
    setDrafts({ email: '', phone: '' });
    setMethod(initialMethod);
    setWithPassword(false);
    setFormKey((key) => key + 1);
    setReturning(true);
  }

  const offerButton = offer ? (
    <Button
      variant="primary"
      onClick={() => void ask(offer.purpose, offer.login)}
      loading={requesting}
      loadingLabel={t`Sending`}
      className="mt-3 w-full sm:w-auto"
    >
      {offer.purpose === 'register' ? <Trans>Create an account with it</Trans> : <Trans>Sign in instead</Trans>}
    </Button>
  ) : null;

  if (sent) {
    const busy = verifying || registering || recovering || finishing;
    return (
      <section aria-labelledby="code-step-heading" className="flex flex-col gap-5">
        <h2 id="code-step-heading" className="text-xl font-bold">
          {sent.purpose === 'register' ? (
            <Trans>Step 2 of 2: Enter the code to create your account</Trans>
          ) : sent.purpose === 'recovery' ? (
            <Trans>Step 2 of 2: Enter the code and a new password</Trans>
          ) : (
            <Trans>Step 2 of 2: Enter the code</Trans>
          )}
        </h2>
        <ProblemNotice problem={problem} />
        <CodeStep
          login={sent.login}
          channel={sent.channel}
          resendAt={sent.resendAt}
          resending={requesting}
          onResend={() => void ask(sent.purpose, sent.login)}
          onChangeLogin={changeLogin}
          onStartOver={startOver}
        >
          {sent.purpose === 'login' ? (
            <LoginCodeForm
              key={sent.login}
              login={sent.login}
              busy={busy}
              onSubmit={async (code) => settle(await verifyCode({ login: sent.login, code, locale }))}
            />
          ) : sent.purpose === 'register' ? (
            <RegisterCodeForm
              key={sent.login}
              login={sent.login}
              busy={busy}
              withPassword={withPassword}
              onSubmit={async (values) => settle(await register({ login: sent.login, ...values, locale }))}
            />
          ) : (
            <RecoveryCodeForm
              key={sent.login}
              login={sent.login}
              busy={busy}
              onSubmit={async (values) => settle(await recover({ login: sent.login, ...values, locale }))}
            />
          )}
        </CodeStep>
      </section>
    );
  }

  const methods: { id: LoginMethod; label: string }[] = [
    // Short tab names (a narrow phone shows both): "Correo", not "Correo electrónico".
    { id: 'email', label: t({ message: 'E-mail', context: 'sign-in tab' }) },
    { id: 'phone', label: t({ message: 'Phone', context: 'sign-in tab' }) },
  ];

  return (
    <section aria-labelledby="request-step-heading" className="flex flex-col gap-5">
      <h2 id="request-step-heading" className="text-xl font-bold">
        <Trans>Step 1 of 2: Where should we send your code?</Trans>
      </h2>
      <ProblemNotice problem={problem}>{offerButton}</ProblemNotice>
      {purpose === 'register' ? (
        <RadioGroup
          legend={t`How do you want to sign in next time?`}
          name="sign-in-way"
          value={withPassword ? 'password' : 'code'}
          onChange={(value) => setWithPassword(value === 'password')}
          options={[
            { value: 'code', label: t`With a code we send you each time` },
            { value: 'password', label: t`With a password`, description: t`You choose it after typing the code.` },
          ]}
        />
      ) : null}
      <Tabs
        label={t`Send the code by`}
        value={method}
        onChange={(id) => setMethod(id as LoginMethod)}
        items={methods.map(({ id, label }) => ({
          id,
          label,
          panel: (
            <LoginRequestForm
              key={`${id}-${formKey}`}
              method={id}
              defaultLogin={drafts[id]}
              autoFocus={returning && method === id}
              busy={requesting}
              busyLabel={t`Sending`}
              submitLabel={id === 'email' ? <Trans>Email me a code</Trans> : <Trans>Text me a code</Trans>}
              onLoginChange={(value) => setDrafts((previous) => ({ ...previous, [id]: value }))}
              onSubmit={(login) => ask(purpose, login)}
            />
          ),
        }))}
      />
    </section>
  );
}

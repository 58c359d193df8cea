// The one-time-code flows of /login, /login/phone, /sign-up and /login-recovery: ask for a code
// for an e-mail or phone, then type it (with the countdown before another may be asked for,
// change the e-mail or phone, or start over). A sign-in with no account is offered registration
// in place, with what was already typed; a sign-up of a known login is offered sign-in.
import { useState } from 'react';
import { Form, useActionData, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Notice, RadioGroup, Tabs } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { CsrfField } from '../../../kernel/page-form';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import type { CodePurpose } from '../auth-api';
import { useAuthMessages } from '../auth-messages';
import {
  CODE_FLOW_FIELDS,
  CODE_STEP_PARAMS,
  STEP_PHONE,
  channelOf,
  codeStepOfAddress,
  type CodeFlowAnswer,
  type SentCode,
} from '../code-flow-action';
import { CodeStep } from './code-step';
import type { LoginMethod } from './login-field';
import { LoginRequestForm } from './login-request-form';
import { ProblemNotice } from './problem-notice';
import { useAuthHref } from '../use-sign-in-flow';
import { LoginCodeForm, RecoveryCodeForm, RegisterCodeForm } from './verify-forms';

export interface CodeAuthFlowProps {
  /** What the page does: sign in, create an account, or recover it. */
  purpose: CodePurpose;
  initialMethod: LoginMethod;
  /** A login to start with (the new sign-in e-mail or phone after a change of it). */
  initialLogin?: string;
}

function isFieldFailure(error: SdkQueryError, field: string): boolean {
  return error.status === 422 && Boolean(error.fieldCodes?.[field] ?? error.fieldErrors?.[field]);
}

/** The hidden fields every post of the flow carries. */
function FlowFields({ intent, purpose, extra }: { intent: 'request' | 'resend' | 'verify'; purpose: CodePurpose; extra?: Record<string, string> }) {
  const f = CODE_FLOW_FIELDS;
  return (
    <>
      <input type="hidden" name={f.intent} value={intent} />
      <input type="hidden" name={f.purpose} value={purpose} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Step 2's hidden fields: what the code went to, and what the member chose at step 1. */
function sentFields(sent: SentCode): Record<string, string> {
  return {
    login: sent.login,
    ...(sent.resendAt === null ? {} : { [CODE_FLOW_FIELDS.resendAt]: String(sent.resendAt) }),
    ...(sent.withPassword ? { [CODE_FLOW_FIELDS.withPassword]: '1' } : {}),
  };
}

/**
 * The flow draws what the page's action answered (code-flow-action.ts): step 2 once a code went
 * out, step 1 with the refusal otherwise. "Change the e-mail" and "Start over" go back to step 1
 * here (without the scripts they are links to the page).
 */
export function CodeAuthFlow({ purpose, initialMethod: pageMethod, initialLogin = '' }: CodeAuthFlowProps) {
  const { t } = useLingui();
  const authHref = useAuthHref();
  const { codeRequestProblem, signInProblem } = useAuthMessages();
  const answer = useActionData<CodeFlowAnswer>();
  const navigation = useNavigation();
  const location = useLocation();
  const [search] = useSearchParams();
  // The phone's tab of a page without a phone page of its own is its address's `?step=phone`.
  const initialMethod: LoginMethod = search.get(CODE_STEP_PARAMS.step) === STEP_PHONE ? 'phone' : pageMethod;
  const resendSeconds = useGetSettingsQuery().data?.codeResendSeconds ?? 60;
  const posting =
    navigation.state !== 'idle' && navigation.formMethod === 'POST'
      ? navigation.formData?.get(CODE_FLOW_FIELDS.intent)
      : null;

  // Step 2 as the action answered it, or as the address names it (a code sent without the scripts
  // leads to `?step=code&login=…`: a GET, which a reload draws again).
  const addressStep = answer ? null : codeStepOfAddress(search, purpose);
  const sent = answer?.step === 'code' ? answer.sent : addressStep;
  const refused = answer?.step === 'request' ? answer : null;
  const offer = refused?.offer ?? null;
  // A refused login is typed again in its own tab (a page drawn after a post without the scripts).
  // So is one the code step's "Change" link brings back in its address (`?login=…`).
  const addressLogin = sent ? '' : (search.get(CODE_STEP_PARAMS.login) ?? '');
  const keptLogin = refused?.values.login ?? addressLogin;
  const keptMethod: LoginMethod | null = keptLogin ? (channelOf(keptLogin) === 'sms' ? 'phone' : 'email') : null;

  const [method, setMethod] = useState<LoginMethod>(() => keptMethod ?? initialMethod);
  const [drafts, setDrafts] = useState<Record<LoginMethod, string>>(() => ({
    email: keptMethod === 'email' ? keptLogin : initialMethod === 'email' ? initialLogin : '',
    phone: keptMethod === 'phone' ? keptLogin : initialMethod === 'phone' ? initialLogin : '',
  }));
  const [formKey, setFormKey] = useState(0);
  const [returning, setReturning] = useState(false);
  // The sign-up's "how next time" tick: the browser keeps it (a tick made before the scripts
  // started stays); this follows it so another tab or a way back to step 1 shows it too.
  const [withPassword, setWithPassword] = useState(false);

  let problem = null;
  if (answer?.error) {
    const error = answer.error;
    if (answer.step === 'request') problem = isFieldFailure(error, 'login') ? null : codeRequestProblem(error);
    else if (answer.resendFailed) problem = codeRequestProblem(error);
    else problem = error.status === 422 && error.fieldCodes ? null : signInProblem(error);
  }

  // Back to step 1 is the page again (a link: the action's answer is left behind, the step's
  // address too); the flow keeps what it holds: the login to change, or nothing after "start over".
  const stepOne = new URLSearchParams(search);
  stepOne.delete(CODE_STEP_PARAMS.step);
  stepOne.delete(CODE_STEP_PARAMS.login);
  const startOverHref = `${location.pathname}${stepOne.size ? `?${stepOne.toString()}` : ''}`;
  if (sent) stepOne.set(CODE_STEP_PARAMS.login, sent.login);
  const changeHref = `${location.pathname}?${stepOne.toString()}`;
  function changeLogin() {
    if (!sent) return;
    const back: LoginMethod = sent.channel === 'sms' ? 'phone' : 'email';
    setMethod(back);
    setDrafts((previous) => ({ ...previous, [back]: sent.login }));
    setWithPassword(sent.withPassword);
    setReturning(true);
  }
  function startOver() {
    setDrafts({ email: '', phone: '' });
    setMethod(initialMethod);
    setWithPassword(false);
    setFormKey((key) => key + 1);
    setReturning(true);
  }

  const offerForm = offer ? (
    <Form method="post" className="mt-3">
      <CsrfField />
      <FlowFields intent="request" purpose={offer.purpose} extra={{ login: offer.login }} />
      <Button
        type="submit"
        variant="primary"
        loading={posting === 'request'}
        loadingLabel={t`Sending`}
        className="w-full sm:w-auto"
      >
        {offer.purpose === 'register' ? <Trans>Create an account with it</Trans> : <Trans>Sign in instead</Trans>}
      </Button>
    </Form>
  ) : null;

  if (sent) {
    const busy = posting === 'verify' || navigation.state === 'loading';
    const hidden = <FlowFields intent="verify" purpose={sent.purpose} extra={sentFields(sent)} />;
    const failure = answer?.step === 'code' && answer.error && !answer.resendFailed ? answer.error : undefined;
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
        {addressStep?.again ? (
          <Notice tone="success" title={t`We sent you a new code.`}>
            <Trans>Only the newest code works.</Trans>
          </Notice>
        ) : null}
        <CodeStep
          login={sent.login}
          channel={sent.channel}
          resendAt={sent.resendAt}
          resendSeconds={resendSeconds}
          resendForm={
            <Form method="post">
              <CsrfField />
              <FlowFields intent="resend" purpose={sent.purpose} extra={sentFields(sent)} />
              <Button type="submit" variant="secondary" fullWidth loading={posting === 'resend'} loadingLabel={t`Sending`}>
                <Trans>Send a new code</Trans>
              </Button>
            </Form>
          }
          changeHref={changeHref}
          startOverHref={startOverHref}
          onChangeLogin={changeLogin}
          onStartOver={startOver}
        >
          {sent.purpose === 'login' ? (
            <LoginCodeForm key={sent.login} login={sent.login} busy={busy} hidden={hidden} failure={failure} />
          ) : sent.purpose === 'register' ? (
            <RegisterCodeForm
              key={sent.login}
              login={sent.login}
              busy={busy}
              hidden={hidden}
              failure={failure}
              withPassword={sent.withPassword}
            />
          ) : (
            <RecoveryCodeForm key={sent.login} login={sent.login} busy={busy} hidden={hidden} failure={failure} />
          )}
        </CodeStep>
      </section>
    );
  }

  // Each tab is also a link to the page showing it, which a browser without the scripts follows:
  // /login and /login/phone, else the page and its `?step=phone` (the redirect kept).
  const tabHref = (id: LoginMethod) => {
    if (purpose === 'login') return authHref(id === 'phone' ? '/login/phone' : '/login');
    const query = new URLSearchParams(search);
    query.delete(CODE_STEP_PARAMS.step);
    query.delete(CODE_STEP_PARAMS.login);
    if (id === 'phone') query.set(CODE_STEP_PARAMS.step, STEP_PHONE);
    return `${location.pathname}${query.size ? `?${query.toString()}` : ''}`;
  };
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
      <ProblemNotice problem={problem}>{offerForm}</ProblemNotice>
      <Tabs
        label={t`Send the code by`}
        value={method}
        onChange={(id) => setMethod(id as LoginMethod)}
        items={methods.map(({ id, label }) => ({
          id,
          label,
          href: tabHref(id),
          // One form at a time (the chosen tab's), so the sign-up's radio is posted with it.
          panel:
            id === method ? (
              <LoginRequestForm
                key={`${id}-${formKey}`}
                method={id}
                defaultLogin={drafts[id]}
                autoFocus={returning}
                busy={posting === 'request'}
                busyLabel={t`Sending`}
                submitLabel={id === 'email' ? <Trans>Email me a code</Trans> : <Trans>Text me a code</Trans>}
                hidden={<FlowFields intent="request" purpose={purpose} />}
                failure={refused && keptMethod === id ? refused.error : undefined}
                onLoginChange={(value) => setDrafts((previous) => ({ ...previous, [id]: value }))}
              >
                {purpose === 'register' ? (
                  <RadioGroup
                    legend={t`How do you want to sign in next time?`}
                    name={CODE_FLOW_FIELDS.signInWay}
                    defaultValue={withPassword ? 'password' : 'code'}
                    onChange={(value) => setWithPassword(value === 'password')}
                    options={[
                      { value: 'code', label: t`With a code we send you each time` },
                      {
                        value: 'password',
                        label: t`With a password`,
                        description: t`You choose it after typing the code.`,
                      },
                    ]}
                  />
                ) : null}
              </LoginRequestForm>
            ) : null,
        }))}
      />
    </section>
  );
}

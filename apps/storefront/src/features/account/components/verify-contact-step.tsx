// The verify step of a new (or not yet verified) e-mail or phone: the code sent to it, and a new
// code after the countdown. Drawn by contact-step-view.tsx.
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { Controller } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactVerifySchema } from '@otc/sdk';
import { Button, Countdown, LiveMessage, OneTimeCodeInput, useWaitOver } from '@otc/ui';
import { FailureNotice, useCheckedPost } from '../../../kernel/page-form';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { useShopForm } from '../../../lib/shop-form';
import { useScriptsRunning } from '../../../lib/use-scripts-running';
import { useLocale } from '../../../lib/use-locale';
import type { ContactKind } from '../account-api';
import { formFailureText } from '../form-result';
import type { useProvenPost } from '../recent-proof';
import { CONTACT_INTENTS, isCodeError, type Step } from './contact-forms';
import { ContactHidden, StepForm, usePosting, useRefusalText } from './contact-form-parts';

export function VerifyStep({
  kind,
  step,
  onStep,
  proof,
}: {
  kind: ContactKind;
  step: Extract<Step, { name: 'verify' }>;
  onStep: (step: Step) => void;
  proof: ReturnType<typeof useProvenPost>;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const refusalText = useRefusalText();
  const busy = usePosting(CONTACT_INTENTS.verify, kind);
  const resending = usePosting(CONTACT_INTENTS.resend, kind);
  const refused = step.refused;
  const codeError = (error: SdkQueryError | undefined) =>
    error && isCodeError(error) ? { ...error, fieldCodes: { code: { code: error.code! } } } : error;
  const form = useShopForm(contactVerifySchema, {
    defaultValues: { code: '' },
    serverError: codeError(refused?.error),
  });
  const [failure, setFailure] = useState<string | null>(() =>
    refused && !isCodeError(refused.error) && !Object.keys(refused.error.fieldCodes ?? {}).length
      ? refusalText(refused.error)
      : null,
  );
  // Without the scripts the resend button is always there (the API says when it is too soon).
  const counting = useScriptsRunning();
  const [waitOver, markWaitOver] = useWaitOver(step.resendAt);
  const shown = step.contact.shown;

  // A refusal of a post made here: under the code box, or above the form.
  const seen = useRef(refused);
  useEffect(() => {
    if (seen.current === refused) return;
    seen.current = refused;
    if (!refused) return;
    if (isCodeError(refused.error)) {
      form.setError('code', { type: 'server', message: refused.error.code });
      form.showInvalid(() => form.setFocus('code'));
    } else if (refused.intent === CONTACT_INTENTS.resend) {
      setFailure(apiErrorText(locale, refused.error));
    } else {
      setFailure(formFailureText(locale, refused.error, form.applyServerErrors));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new refusal only
  }, [refused]);

  const onSubmit = useCheckedPost((post) => {
    setFailure(null);
    return form.submit(post);
  });

  return (
    <div className="flex flex-col gap-4">
      <StepForm proof={proof} onSubmit={onSubmit}>
        <ContactHidden intent={CONTACT_INTENTS.verify} kind={kind} contact={step.contact} />
        <p>
          <Trans>
            Enter the 6-digit code we sent to{' '}
            <strong className="[overflow-wrap:anywhere]">{shown}</strong>.
          </Trans>
        </p>
        {failure ? <FailureNotice>{failure}</FailureNotice> : null}
        <LiveMessage message={form.spoken} />
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <OneTimeCodeInput
              label={t`Code`}
              value={field.value ?? ''}
              onChange={field.onChange}
              name={field.name}
              ref={field.ref}
              autoFocus
              error={form.fieldError('code')}
            />
          )}
        />
        <Button type="submit" loading={busy} loadingLabel={t`Checking`}>
          <Trans>Verify</Trans>
        </Button>
      </StepForm>
      <Form
        method="post"
        className="flex flex-wrap items-center gap-3"
        onSubmit={() => {
          setFailure(null);
          form.reset({ code: '' });
          onStep({ ...step, refused: undefined });
        }}
      >
        <ContactHidden intent={CONTACT_INTENTS.resend} kind={kind} contact={step.contact} />
        {counting ? (
          <Countdown key={step.resendAt} until={step.resendAt} onDone={markWaitOver}>
            {(seconds) =>
              seconds > 0 ? (
                <span className="text-muted">{t`You can ask for another code in ${seconds} s`}</span>
              ) : (
                <span className="text-muted">{t`You can ask for another code now`}</span>
              )
            }
          </Countdown>
        ) : null}
        <Button type="submit" variant="link" size="sm" disabled={counting && !waitOver} loading={resending}>
          <Trans>Send a new code</Trans>
        </Button>
      </Form>
    </div>
  );
}

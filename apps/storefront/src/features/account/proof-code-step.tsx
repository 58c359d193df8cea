// The code step of "Confirm it is you" (proof-dialog.tsx): the 6 digits sent to the primary
// contact, a new code after the countdown, or back to the password. Its own file, as the first
// step is in proof-choice.tsx.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, MessageSquareText } from '@otc/ui/icons';
import { contactVerifySchema, type ProofStatus } from '@otc/sdk';
import { Button, Countdown, Notice, OneTimeCodeInput, useWaitOver } from '@otc/ui';
import { useShopForm } from '../../lib/shop-form';
import { useLocale } from '../../lib/use-locale';
import { useProveMutation, type WaitError } from './account-api';
import { callError, formFailureText } from './form-result';
import { useProofFailureText, useSendProofCode } from './proof-calls';

/**
 * The code step, like the sign-in page's (same words, same pieces: the one-time code box and the
 * resend countdown): where the code went, the 6 digits, a new code only after the countdown.
 */
export function ProofCodeStep({
  status,
  resendAt,
  onResent,
  onUsePassword,
  onProven,
}: {
  status: ProofStatus;
  resendAt: number;
  onResent: (resendAt: number) => void;
  onUsePassword: () => void;
  onProven: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const failureText = useProofFailureText();
  const [prove, proving] = useProveMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { send, sending } = useSendProofCode(setFailure);
  const [canResend, markCanResend] = useWaitOver(resendAt);
  const form = useShopForm(contactVerifySchema, { defaultValues: { code: '' } });
  const where = status.codeTo;
  const Icon = status.codeChannel === 'sms' ? MessageSquareText : Mail;

  const onSubmit = form.submit(async ({ code }) => {
    setFailure(null);
    const error = callError(await prove({ locale, body: { code } })) as WaitError | undefined;
    if (!error) {
      onProven();
      return;
    }
    if (error.code === 'invalid_code' || error.code === 'code_attempts_exceeded') {
      form.setError('code', { type: 'server', message: error.code }, { shouldFocus: true });
      return;
    }
    if (error.code === 'too_many_requests') {
      form.setError('code', { type: 'server', message: failureText(error) }, { shouldFocus: true });
      return;
    }
    setFailure(formFailureText(locale, error, form.applyServerErrors));
  });

  async function onResend() {
    setFailure(null);
    const next = await send();
    if (next !== null) {
      form.reset({ code: '' });
      onResent(next);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-xl bg-surface-2 p-4">
        <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <p className="min-w-0 text-lg [overflow-wrap:anywhere]">
          {status.codeChannel === 'sms' ? (
            <Trans>
              We sent a 6-digit code by text message to <strong>{where}</strong>.
            </Trans>
          ) : (
            <Trans>
              We sent a 6-digit code by e-mail to <strong>{where}</strong>.
            </Trans>
          )}
        </p>
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <OneTimeCodeInput
              ref={field.ref}
              name={field.name}
              label={t`Code`}
              hint={t`Type the 6 digits, or paste them.`}
              autoFocus
              required
              value={field.value ?? ''}
              onChange={field.onChange}
              onComplete={() => void onSubmit()}
              error={form.fieldError('code')}
            />
          )}
        />
        <Button type="submit" loading={proving.isLoading} loadingLabel={t`Checking`}>
          <Trans>Confirm</Trans>
        </Button>
      </form>
      <div className="flex flex-col gap-3 border-t border-border pt-5">
        <p className="font-semibold">
          <Trans>Did not get the code?</Trans>
        </p>
        <Countdown
          key={resendAt}
          until={resendAt}
          onDone={markCanResend}
          className="text-muted"
        >
          {(seconds) =>
            seconds > 0
              ? plural(seconds, {
                  one: 'You can ask for a new code in # second.',
                  other: 'You can ask for a new code in # seconds.',
                })
              : t`You can ask for a new code now.`
          }
        </Countdown>
        {canResend ? (
          <Button
            variant="secondary"
            onClick={() => void onResend()}
            loading={sending}
            loadingLabel={t`Sending`}
          >
            <Trans>Send a new code</Trans>
          </Button>
        ) : null}
        {status.methods.includes('password') ? (
          <Button variant="link" size="sm" className="self-start" onClick={onUsePassword}>
            <Trans>Use your password instead</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

// The first step of "Confirm it is you" (proof-dialog.tsx): the password, when the account has
// one, or a code sent to the primary contact. Its own file, as the code step is in
// proof-code-step.tsx.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { proofInputSchema, type ProofStatus } from '@otc/sdk';
import { Button, Notice, TextField } from '@otc/ui';
import { useShopForm } from '../../lib/shop-form';
import { useLocale } from '../../lib/use-locale';
import { useProveMutation, type WaitError } from './account-api';
import { callError, formFailureText } from './form-result';
import { useProofFailureText, useSendProofCode } from './proof-calls';

export function ProofChoice({
  status,
  onCodeSent,
  onProven,
}: {
  status: ProofStatus;
  onCodeSent: (resendAt: number) => void;
  onProven: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const failureText = useProofFailureText();
  const [prove, proving] = useProveMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { send, sending } = useSendProofCode(setFailure);
  const form = useShopForm(proofInputSchema, { defaultValues: { password: '' } });
  const withPassword = status.methods.includes('password');
  const codeTo = status.codeTo;

  const onSubmit = form.submit(async ({ password }) => {
    setFailure(null);
    if (!password) {
      form.setError('password', { type: 'required', message: 'required' }, { shouldFocus: true });
      return;
    }
    const error = callError(await prove({ locale, body: { password } })) as WaitError | undefined;
    if (!error) {
      onProven();
      return;
    }
    if (error.code === 'current_password_incorrect' || error.code === 'invalid_credentials') {
      form.setError(
        'password',
        { type: 'server', message: 'current_password_incorrect' },
        { shouldFocus: true },
      );
      return;
    }
    if (error.code === 'too_many_requests') {
      form.setError(
        'password',
        { type: 'server', message: failureText(error) },
        { shouldFocus: true },
      );
      return;
    }
    setFailure(formFailureText(locale, error, form.applyServerErrors));
  });

  async function onSendCode() {
    setFailure(null);
    const resendAt = await send();
    if (resendAt !== null) onCodeSent(resendAt);
  }

  const sendLabel = t`Send a code to ${codeTo}`;
  return (
    <div className="flex flex-col gap-5">
      <p>
        <Trans>For your security, please confirm it is you before this change is made.</Trans>
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {withPassword ? (
        <>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <TextField
              label={t`Enter your password`}
              type="password"
              autoComplete="current-password"
              autoFocus
              required
              {...form.field('password')}
            />
            <Button type="submit" loading={proving.isLoading} loadingLabel={t`Checking`}>
              <Trans>Confirm</Trans>
            </Button>
          </form>
          <p className="text-center font-semibold text-muted">
            <Trans>or</Trans>
          </p>
          <Button
            variant="secondary"
            loading={sending}
            loadingLabel={t`Sending`}
            onClick={() => void onSendCode()}
          >
            <span className="[overflow-wrap:anywhere]">{sendLabel}</span>
          </Button>
        </>
      ) : (
        <>
          <p>
            {status.codeChannel === 'sms' ? (
              <Trans>
                We will send a 6-digit code by text message to <strong>{codeTo}</strong>.
              </Trans>
            ) : (
              <Trans>
                We will send a 6-digit code by e-mail to{' '}
                <strong className="[overflow-wrap:anywhere]">{codeTo}</strong>.
              </Trans>
            )}
          </p>
          <Button
            autoFocus
            loading={sending}
            loadingLabel={t`Sending`}
            onClick={() => void onSendCode()}
          >
            <span className="[overflow-wrap:anywhere]">{sendLabel}</span>
          </Button>
        </>
      )}
    </div>
  );
}

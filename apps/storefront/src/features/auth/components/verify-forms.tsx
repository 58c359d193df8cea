// Step 2 forms of the code flows: sign in with the code, create the account with it (and an
// optional password), or set a new password with it. Each checks with the SDK's contract schema
// through useShopForm; a 422 lands under its field; nothing typed is lost when a call fails.
import { useRef, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { codeVerifySchema, recoveryInputSchema, registerInputSchema, validatePasswordConfirmation } from '@otc/sdk';
import { Button, Checkbox, OneTimeCodeInput, TextField } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { formMessageText, useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';

type Failure = SdkQueryError | null;

type CodeForm = {
  // The three forms' values differ; each holds a `code`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<any>;
  fieldError: (name: 'code') => string | undefined;
};

/**
 * The code box of a form: digits only, the SMS code offered by the phone, a pasted code taken
 * whole. A field of the form (its ref too), so a refused submit sends the focus to it.
 */
function CodeField({ form, onComplete }: { form: CodeForm; onComplete?: () => void }) {
  const { t } = useLingui();
  return (
    <Controller
      control={form.control}
      name="code"
      render={({ field }) => (
        <OneTimeCodeInput
          ref={field.ref}
          id="one-time-code"
          name={field.name}
          label={t`Code`}
          hint={t`Type the 6 digits, or paste them.`}
          autoFocus
          required
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onComplete={onComplete}
          error={form.fieldError('code')}
        />
      )}
    />
  );
}

/** A new password and its confirmation, with a "show" switch (typing blind is hard for many). */
function PasswordFields({
  passwordProps,
  confirmationProps,
  optional = false,
}: {
  passwordProps: Record<string, unknown> & { error?: string };
  confirmationProps: Record<string, unknown> & { error?: string };
  optional?: boolean;
}) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <TextField
        id="new-password"
        label={t`New password`}
        hint={t`At least 8 characters, with an uppercase letter, a lowercase letter and a number.`}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        requiredMark={optional ? undefined : '*'}
        required={!optional}
        {...passwordProps}
      />
      <TextField
        id="new-password-confirmation"
        label={t`Type the new password again`}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        requiredMark={optional ? undefined : '*'}
        required={!optional}
        {...confirmationProps}
      />
      <Checkbox label={t`Show the password`} checked={shown} onChange={(event) => setShown(event.target.checked)} />
    </div>
  );
}

export function LoginCodeForm({ login, busy, onSubmit }: { login: string; busy: boolean; onSubmit: (code: string) => Promise<Failure> }) {
  const { t } = useLingui();
  const form = useShopForm(codeVerifySchema, { defaultValues: { login, code: '' } });
  const send = form.submit(async (values) => {
    const failure = await onSubmit(values.code);
    if (failure) form.applyServerErrors(failure);
  });
  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-5">
      <CodeField form={form as never} onComplete={() => void send()} />
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={t`Signing in`}>
        <Trans>Sign in</Trans>
      </Button>
    </form>
  );
}

export function RegisterCodeForm({
  login,
  busy,
  withPassword,
  onSubmit,
}: {
  login: string;
  busy: boolean;
  withPassword: boolean;
  onSubmit: (values: { code: string; password?: string }) => Promise<Failure>;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const form = useShopForm(registerInputSchema, {
    defaultValues: { login, code: '', password: '' },
  });
  const [confirmation, setConfirmation] = useState('');
  const [confirmationError, setConfirmationError] = useState<string | undefined>();
  const confirmationRef = useRef<HTMLInputElement>(null);
  /**
   * The password this page asks for: required once chosen, and typed twice alike. Run with the
   * schema's checks (valid or not), so every problem shows at once. True when something is wrong.
   */
  const checkPassword = (password: string | undefined, focus: boolean): boolean => {
    if (!withPassword) return false;
    const mismatch = validatePasswordConfirmation(confirmation, password ?? '');
    const missing = !password;
    if (missing) form.setError('password', { type: 'required', message: 'required' }, { shouldFocus: focus });
    setConfirmationError(mismatch ? mismatch.code : undefined);
    if (focus && !missing && mismatch) confirmationRef.current?.focus();
    return missing || Boolean(mismatch);
  };
  const send = form.submit(
    async (values) => {
      if (checkPassword(values.password, true)) return;
      const failure = await onSubmit({ code: values.code, ...(withPassword && values.password ? { password: values.password } : {}) });
      if (failure) form.applyServerErrors(failure);
    },
    (values) => {
      checkPassword(values.password, false);
    },
  );
  const confirmationText = formMessageText(confirmationError, locale);
  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-5">
      <CodeField form={form as never} onComplete={withPassword ? undefined : () => void send()} />
      {withPassword ? (
        <PasswordFields
          passwordProps={form.field('password')}
          confirmationProps={{
            ref: confirmationRef,
            name: 'passwordConfirmation',
            value: confirmation,
            onChange: (event: { target: { value: string } }) => setConfirmation(event.target.value),
            error: confirmationText,
          }}
        />
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={t`Creating your account`}>
        <Trans>Create my account</Trans>
      </Button>
    </form>
  );
}

export function RecoveryCodeForm({
  login,
  busy,
  onSubmit,
}: {
  login: string;
  busy: boolean;
  onSubmit: (values: { code: string; password: string; passwordConfirmation: string }) => Promise<Failure>;
}) {
  const { t } = useLingui();
  const form = useShopForm(recoveryInputSchema, {
    defaultValues: { login, code: '', password: '', passwordConfirmation: '' },
  });
  const send = form.submit(async (values) => {
    const failure = await onSubmit(values);
    if (failure) form.applyServerErrors(failure);
  });
  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-5">
      <CodeField form={form as never} />
      <PasswordFields passwordProps={form.field('password')} confirmationProps={form.field('passwordConfirmation')} />
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={t`Saving`}>
        <Trans>Save the new password and sign in</Trans>
      </Button>
    </form>
  );
}

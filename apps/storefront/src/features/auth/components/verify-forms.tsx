// Step 2 forms of the code flows: sign in with the code, create the account with it (and an
// optional password), or set a new password with it. Each is a form posting to the page's action
// (code-flow-action.ts), checked first with the SDK's contract schema through useShopForm when the
// scripts run; a 422 lands under its field; nothing typed is lost when a call fails.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Controller, type Control } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { codeVerifySchema, recoveryInputSchema, registerInputSchema, validatePasswordConfirmation } from '@otc/sdk';
import { Button, Checkbox, LiveMessage, OneTimeCodeInput, TextField } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { CsrfField, RequiredFieldsNote, useCheckedPost } from '../../../kernel/page-form';
import { formMessageText, useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';

interface StepFormProps {
  login: string;
  busy: boolean;
  /** The hidden fields of the post (the flow's intent, purpose, login, the wait before a new code). */
  hidden: ReactNode;
  /** The action's refusal of this form's post: its 422 fields land under them. */
  failure?: SdkQueryError;
}

/** Puts the action's refusal under the form's fields (a 422 naming them). */
function useServerErrors(failure: SdkQueryError | undefined, apply: (error: SdkQueryError) => boolean): void {
  useEffect(() => {
    if (failure) apply(failure);
  }, [failure, apply]);
}


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

export function LoginCodeForm({ login, busy, hidden, failure }: StepFormProps) {
  const { t } = useLingui();
  const form = useShopForm(codeVerifySchema, { defaultValues: { login, code: '' }, serverError: failure });
  useServerErrors(failure, form.applyServerErrors);
  const formRef = useRef<HTMLFormElement>(null);
  const onSubmit = useCheckedPost((post) => form.submit(post));
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <CsrfField />
      {hidden}
      <LiveMessage message={form.spoken} />
      <CodeField form={form as never} onComplete={() => formRef.current?.requestSubmit()} />
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={t`Signing in`}>
        <Trans>Sign in</Trans>
      </Button>
    </Form>
  );
}

export function RegisterCodeForm({ login, busy, hidden, failure, withPassword }: StepFormProps & { withPassword: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  const form = useShopForm(registerInputSchema, {
    defaultValues: { login, code: '', password: '' },
    serverError: failure,
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
    if (missing) form.setError('password', { type: 'required', message: 'required' });
    setConfirmationError(mismatch ? mismatch.code : undefined);
    // The first of them takes the focus once drawn, or is said where the focus is.
    if (focus && (missing || mismatch)) form.showInvalid(() => confirmationRef.current?.focus());
    return missing || Boolean(mismatch);
  };
  useServerErrors(failure, form.applyServerErrors);
  const formRef = useRef<HTMLFormElement>(null);
  const onSubmit = useCheckedPost((post) =>
    form.submit(
      async (values) => {
        if (checkPassword(values.password, true)) return;
        await post();
      },
      (values) => {
        checkPassword(values.password, false);
      },
    ),
  );
  const confirmationText = formMessageText(confirmationError, locale);
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <CsrfField />
      {hidden}
      <LiveMessage message={form.spoken} />
      {withPassword ? <RequiredFieldsNote /> : null}
      <CodeField form={form as never} onComplete={withPassword ? undefined : () => formRef.current?.requestSubmit()} />
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
    </Form>
  );
}

export function RecoveryCodeForm({ login, busy, hidden, failure }: StepFormProps) {
  const { t } = useLingui();
  const form = useShopForm(recoveryInputSchema, {
    defaultValues: { login, code: '', password: '', passwordConfirmation: '' },
    serverError: failure,
  });
  useServerErrors(failure, form.applyServerErrors);
  const formRef = useRef<HTMLFormElement>(null);
  const onSubmit = useCheckedPost((post) => form.submit(post));
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <CsrfField />
      {hidden}
      <LiveMessage message={form.spoken} />
      <RequiredFieldsNote />
      <CodeField form={form as never} />
      <PasswordFields passwordProps={form.field('password')} confirmationProps={form.field('passwordConfirmation')} />
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={t`Saving`}>
        <Trans>Save the new password and sign in</Trans>
      </Button>
    </Form>
  );
}

import { useEffect, type ReactNode } from 'react';
import { Form } from 'react-router';
import { codeRequestSchema } from '@otc/sdk';
import { Button, LiveMessage } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { CsrfField, RequiredFieldsNote, useCheckedPost } from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { LoginField, type LoginMethod } from './login-field';

export interface LoginRequestFormProps {
  method: LoginMethod;
  /** What was typed before (kept when the person comes back to change it, or after a refusal). */
  defaultLogin: string;
  submitLabel: ReactNode;
  busy: boolean;
  busyLabel: string;
  /** The hidden fields of the post (the flow's intent and purpose). */
  hidden: ReactNode;
  /** The action's refusal of this form's post: its 422 fields land under the field. */
  failure?: SdkQueryError;
  /** Keeps what is typed, so switching tabs or steps never loses it. */
  onLoginChange?: (login: string) => void;
  autoFocus?: boolean;
  /** Extra controls above the button (the sign-up page's password choice), posted with the form. */
  children?: ReactNode;
}

/**
 * Step 1 of a code flow: the e-mail or phone to send the code to. A form posting to the page's
 * action: checked here first with the scripts, sent as it is without them.
 */
export function LoginRequestForm({
  method,
  defaultLogin,
  submitLabel,
  busy,
  busyLabel,
  hidden,
  failure,
  onLoginChange,
  autoFocus,
  children,
}: LoginRequestFormProps) {
  const form = useShopForm(codeRequestSchema, { defaultValues: { login: defaultLogin }, serverError: failure });
  const { applyServerErrors } = form;
  useEffect(() => {
    if (failure) applyServerErrors(failure);
  }, [failure, applyServerErrors]);
  const login = form.field('login');
  const onSubmit = useCheckedPost((post) => form.submit(post));
  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
    >
      <CsrfField />
      {hidden}
      <LiveMessage message={form.spoken} />
      <RequiredFieldsNote />
      <LoginField
        method={method}
        id={`login-${method}`}
        requiredMark="*"
        required
        autoFocus={autoFocus}
        {...login}
        // In the markup too: a page the server draws again after a refused post shows it.
        defaultValue={defaultLogin}
        onChange={(event) => {
          onLoginChange?.(event.target.value);
          return login.onChange(event);
        }}
      />
      {children}
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={busyLabel}>
        {submitLabel}
      </Button>
    </Form>
  );
}

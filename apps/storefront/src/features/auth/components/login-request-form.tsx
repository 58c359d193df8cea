import type { ReactNode } from 'react';
import { codeRequestSchema } from '@otc/sdk';
import { Button } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { useShopForm } from '../../../lib/shop-form';
import { LoginField, type LoginMethod } from './login-field';

export interface LoginRequestFormProps {
  method: LoginMethod;
  /** What was typed before (kept when the person comes back to change it). */
  defaultLogin: string;
  submitLabel: ReactNode;
  busy: boolean;
  busyLabel: string;
  /** Sends the login; resolves with the failure, if any (its 422 fields land under the field). */
  onSubmit: (login: string) => Promise<SdkQueryError | null>;
  /** Keeps what is typed, so switching tabs or steps never loses it. */
  onLoginChange?: (login: string) => void;
  autoFocus?: boolean;
  /** Extra controls above the button (the sign-up page's password choice). */
  children?: ReactNode;
}

/** Step 1 of a code flow: the e-mail or phone to send the code to. */
export function LoginRequestForm({
  method,
  defaultLogin,
  submitLabel,
  busy,
  busyLabel,
  onSubmit,
  onLoginChange,
  autoFocus,
  children,
}: LoginRequestFormProps) {
  const form = useShopForm(codeRequestSchema, { defaultValues: { login: defaultLogin } });
  const login = form.field('login');
  const send = form.submit(async ({ login: value }) => {
    const failure = await onSubmit(value);
    if (failure) form.applyServerErrors(failure);
  });
  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-5">
      <LoginField
        method={method}
        id={`login-${method}`}
        requiredMark="*"
        required
        autoFocus={autoFocus}
        {...login}
        onChange={(event) => {
          onLoginChange?.(event.target.value);
          return login.onChange(event);
        }}
      />
      {children}
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}

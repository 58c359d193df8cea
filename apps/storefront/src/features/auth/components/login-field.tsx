import { useLingui } from '@lingui/react/macro';
import { TextField, type TextFieldProps } from '@otc/ui';

export type LoginMethod = 'email' | 'phone';

/** The e-mail or phone a code goes to, with the keyboard and autofill of its kind. */
export function LoginField({ method, ...rest }: { method: LoginMethod } & Omit<TextFieldProps, 'label'>) {
  const { t } = useLingui();
  return method === 'email' ? (
    <TextField
      label={t`E-mail address`}
      hint={t`For example, name@example.com`}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...rest}
    />
  ) : (
    <TextField
      label={t`Mobile phone number`}
      hint={t`10 digits, for example (202) 555-0101. We send the code by text message.`}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      {...rest}
    />
  );
}

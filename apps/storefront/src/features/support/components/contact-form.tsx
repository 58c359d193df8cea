import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, AlertTriangle } from 'lucide-react';
import { rule } from '@otc/sdk/validation';
import { Button, TextField, cn } from '@otc/ui';
import { apiErrorText } from '../../../lib/form-messages';
import { fieldBinder } from '../../../lib/field-binding';
import { useFormValidation } from '../../../lib/use-form-validation';
import type { SdkQueryError } from '../../../lib/api';
import { useSendContactMessageMutation } from '../support-api';

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'message';
const FIELDS: Field[] = ['firstName', 'lastName', 'email', 'phone', 'message'];
const EMPTY: Record<Field, string> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
};

const RULES = {
  firstName: [rule.required, rule.notBlank],
  lastName: [rule.required, rule.notBlank],
  email: [rule.email],
  phone: [rule.required, rule.phone],
  message: [rule.required, rule.notBlank],
};

const textareaClass =
  'block min-h-40 w-full rounded-lg border-2 border-border bg-surface px-3 py-2 text-base text-fg ' +
  'placeholder:text-muted focus-visible:border-primary focus-visible:outline-3 focus-visible:outline-offset-1 ' +
  'focus-visible:outline-focus aria-invalid:border-danger';

/**
 * The contact form (spec: first name, last name, optional e-mail, phone, message). Checked with
 * the SDK validators on blur and on submit; the API's 422 field errors show per field; what the
 * person typed stays on every error. Success shows the reference number.
 */
export function ContactForm() {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState(EMPTY);
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [send, { isLoading }] = useSendContactMessageMutation();
  const form = useFormValidation(values, RULES);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const failureRef = useRef<HTMLDivElement>(null);

  const bind = fieldBinder(i18n, form, values, setValues);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = form.validateAll();
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      refs.current[firstInvalid]?.focus();
      return;
    }
    const result = await send({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      message: values.message.trim(),
    });
    if ('data' in result && result.data) {
      setReference(result.data.reference);
      setValues(EMPTY);
      form.reset();
      return;
    }
    const error = ('error' in result ? result.error : undefined) as SdkQueryError | undefined;
    const fieldErrors = error?.fieldErrors ?? {};
    const known = FIELDS.filter((field) => fieldErrors[field]);
    if (known.length > 0) {
      form.setServerErrors(Object.fromEntries(known.map((field) => [field, fieldErrors[field]])));
      refs.current[known[0]!]?.focus();
    }
    setFailure(apiErrorText(i18n, error));
    requestAnimationFrame(() => {
      if (known.length === 0) failureRef.current?.focus();
    });
  }

  if (reference) {
    return (
      <div role="status" className="rounded-2xl border-2 border-success bg-success-soft p-6">
        <h3 className="flex items-center gap-2 text-xl font-bold">
          <CheckCircle2 aria-hidden="true" className="size-7 shrink-0 text-success" />
          <Trans>Thank you, your message was sent</Trans>
        </h3>
        <p className="mt-3 text-lg">
          <Trans>
            Your reference number is <strong className="font-mono">{reference}</strong>. Please keep
            it in case you call us about this message.
          </Trans>
        </p>
        <p className="mt-2">
          <Trans>Contact messages are processed within the next business day.</Trans>
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => setReference(null)}>
          <Trans>Send another message</Trans>
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-describedby="contact-form-note"
    >
      <p id="contact-form-note" className="text-muted">
        <Trans>Fields marked with * are required.</Trans>
      </p>
      {failure ? (
        <div
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className="flex gap-3 rounded-xl border-2 border-danger bg-danger-soft p-4 outline-none"
        >
          <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-danger" />
          <div>
            <p className="font-bold">
              <Trans>Your Message Was Not Sent</Trans>
            </p>
            <p>{failure}</p>
          </div>
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          ref={(element) => {
            refs.current.firstName = element;
          }}
          label={t`First name`}
          requiredMark="*"
          autoComplete="given-name"
          required
          {...bind('firstName')}
        />
        <TextField
          ref={(element) => {
            refs.current.lastName = element;
          }}
          label={t`Last name`}
          requiredMark="*"
          autoComplete="family-name"
          required
          {...bind('lastName')}
        />
      </div>
      <TextField
        ref={(element) => {
          refs.current.email = element;
        }}
        label={t`E-mail (optional)`}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...bind('email')}
      />
      <TextField
        ref={(element) => {
          refs.current.phone = element;
        }}
        label={t`Phone number`}
        hint={t`10 digits, for example (555) 123-4567`}
        requiredMark="*"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        required
        {...bind('phone')}
      />
      <MessageField
        inputRef={(element) => {
          refs.current.message = element;
        }}
        label={t`Message`}
        hint={t`Tell us how we can help. If it is about an order, include the order number.`}
        {...bind('message')}
      />
      <div>
        <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Sending`}>
          <Trans>Send message</Trans>
        </Button>
      </div>
    </form>
  );
}

function MessageField({
  inputRef,
  label,
  hint,
  name,
  value,
  error,
  onBlur,
  onChange,
}: {
  inputRef: (element: HTMLTextAreaElement | null) => void;
  label: string;
  hint: string;
  name: string;
  value: string;
  error: string | undefined;
  onBlur: () => void;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const id = `contact-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
        <span className="ml-1 text-danger">*</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <textarea
        ref={inputRef}
        id={id}
        name={name}
        required
        maxLength={4000}
        value={value}
        onBlur={onBlur}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(`${id}-hint`, error && `${id}-error`)}
        className={textareaClass}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

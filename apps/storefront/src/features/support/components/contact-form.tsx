import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, AlertTriangle } from 'lucide-react';
import { TEXT_MAX, contactMessageSchema } from '@otc/sdk';
import { Button, TextAreaField, TextField } from '@otc/ui';
import { apiErrorText } from '../../../lib/form-messages';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useCharacterCount } from '../../../lib/character-count';
import type { SdkQueryError } from '../../../lib/api';
import { useSendContactMessageMutation } from '../support-api';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', message: '' };

/**
 * The contact form (spec: first name, last name, optional e-mail, phone, message), checked with
 * the SDK's `contactMessageSchema` through `useShopForm` (300 ms after the last edit, and on
 * submit); the API's 422 field codes show under their fields; what the person typed stays on
 * every error. Success shows the reference number.
 */
export function ContactForm() {
  const { t } = useLingui();
  const locale = useLocale();
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [send, { isLoading }] = useSendContactMessageMutation();
  const form = useShopForm(contactMessageSchema, { defaultValues: EMPTY });
  const { field } = form;
  const messageCount = useCharacterCount(form.watch('message'), TEXT_MAX.message);
  const failureRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The thank-you replaces the form (the button that sent it goes with it): the focus moves to it,
  // which brings it on screen on a phone and reads it (heading and reference number), and back to the first field when
  // another message is started. Never left on the page body.
  const shown = useRef(false);
  useEffect(() => {
    if (reference) {
      shown.current = true;
      confirmationRef.current?.focus();
    } else if (shown.current) {
      shown.current = false;
      formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    }
  }, [reference]);

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    const result = await send({ body: values, locale });
    if ('data' in result && result.data) {
      setReference(result.data.reference);
      form.reset(EMPTY);
      return;
    }
    const error = ('error' in result ? result.error : undefined) as SdkQueryError | undefined;
    const underFields = form.applyServerErrors(error);
    setFailure(apiErrorText(locale, error));
    requestAnimationFrame(() => {
      if (!underFields) failureRef.current?.focus();
    });
  });

  if (reference) {
    return (
      <div
        ref={confirmationRef}
        tabIndex={-1}
        className="scroll-mt-24 rounded-2xl border-2 border-success bg-success-soft p-6 focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-focus"
      >
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
      ref={formRef}
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
          label={t`First name`}
          requiredMark="*"
          autoComplete="given-name"
          required
          {...field('firstName')}
        />
        <TextField
          label={t`Last name`}
          requiredMark="*"
          autoComplete="family-name"
          required
          {...field('lastName')}
        />
      </div>
      <TextField
        label={t`E-mail (optional)`}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...field('email')}
      />
      <TextField
        label={t`Phone number`}
        hint={t`10 digits, for example (555) 123-4567`}
        requiredMark="*"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        {...field('phone')}
      />
      <TextAreaField
        label={t`Message`}
        hint={t`Tell us how we can help. If it is about an order, include the order number.`}
        requiredMark="*"
        required
        {...messageCount}
        {...field('message')}
      />
      <div>
        <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Sending`}>
          <Trans>Send message</Trans>
        </Button>
      </div>
    </form>
  );
}

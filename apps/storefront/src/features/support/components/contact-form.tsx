import { useEffect, useRef } from 'react';
import { Form, Link, redirect, useActionData, useLocation, useNavigation, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck as CheckCircle2 } from '@otc/ui/icons';
import { TEXT_MAX, contactMessageSchema } from '@otc/sdk';
import { Button, LinkButton, LiveMessage, TextAreaField, TextField } from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath } from '../../../lib/locale';
import { onServer } from '../../../lib/on-server';
import { SENT_PARAM, queryWithoutPageNotes, referenceParam, withoutPageNotes } from '../../../lib/page-params';
import {
  CsrfField,
  FailureNotice,
  RequiredFieldsNote,
  formFailure,
  parsePosted,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useCharacterCount } from '../../../lib/character-count';
import { supportApi, type ContactMessageInput } from '../support-api';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', message: '' };
type Typed = typeof EMPTY;
const FIELDS = Object.keys(EMPTY) as (keyof Typed)[];

/** What the contact page's action answers when the message was not sent (sent: a redirect). */
export type ContactAnswer = FormFailure<Typed>;

/** The page's address with the reference of the message just sent (`?sent=`), its other notes left out. */
function sentAddress(url: URL, reference: string): string {
  const params = withoutPageNotes(url.search);
  params.set(SENT_PARAM, reference);
  return `${url.pathname}?${params}`;
}

/**
 * The contact form's post, on the server for a form sent without scripts and here with them:
 * sent, to the page's address with its reference (`?sent=`: the thank-you, and a reload that
 * sends nothing again), or the refusal with everything typed kept.
 */
export async function contactAction(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const typed: Typed = { ...EMPTY, ...textFields(await args.request.formData(), FIELDS) };
  const checked = parsePosted<ContactMessageInput>(contactMessageSchema, typed);
  if ('error' in checked) return formFailure<Typed>(typed, checked.error);
  const result = await store.dispatch(supportApi.endpoints.sendContactMessage.initiate({ body: checked.data, locale }));
  if (result.error) return formFailure<Typed>(typed, result.error);
  return redirect(sentAddress(url, result.data.reference));
}

/**
 * The contact form (spec: first name, last name, optional e-mail, phone, message), checked with
 * the SDK's `contactMessageSchema` through `useShopForm` (300 ms after the last edit, and on
 * submit), then posted to the page's action (`contactAction`); the API's 422 field codes show
 * under their fields; what the person typed stays on every error. Success shows the reference
 * number (from the address), and "Send another message" is a link back to the empty form.
 */
export function ContactForm() {
  const { t } = useLingui();
  const locale = useLocale();
  const refused = useActionData<ContactAnswer>();
  const navigation = useNavigation();
  const location = useLocation();
  const reference = referenceParam(new URLSearchParams(location.search), SENT_PARAM);
  const typed: Typed = { ...EMPTY, ...refused?.values };
  const form = useShopForm(contactMessageSchema, { defaultValues: typed, serverError: refused?.error });
  const { field, applyServerErrors, reset } = form;
  const messageCount = useCharacterCount(form.watch('message'), TEXT_MAX.message);
  // Checked here first; a form that passes goes to the page's action.
  const onSubmit = useCheckedPost((post) => form.submit(post));
  const failure = refused ? apiErrorText(locale, refused.error) : null;
  const namesFields =
    Object.keys(refused?.error.fieldCodes ?? {}).length + Object.keys(refused?.error.fieldErrors ?? {}).length > 0;
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
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
      // The next message starts empty.
      reset(EMPTY);
      confirmationRef.current?.focus();
    } else if (shown.current) {
      shown.current = false;
      formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus();
    }
  }, [reference, reset]);
  // A refusal: under its fields (the focus goes to the first), and the notice says it was not
  // sent (an alert: said as it appears; brought on screen, the button that sent it is far below).
  useEffect(() => {
    if (!refused) return;
    const underFields = applyServerErrors(refused.error);
    if (!underFields) failureRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refused, applyServerErrors]);

  if (reference) {
    return (
      <div
        ref={confirmationRef}
        tabIndex={-1}
        // A page the server drew after a post sent without the scripts: read as it loads.
        {...(onServer ? { autoFocus: true } : {})}
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
        <LinkButton
          as={Link}
          to={{ pathname: location.pathname, search: queryWithoutPageNotes(location.search) }}
          variant="secondary"
          className="mt-4"
        >
          <Trans>Send another message</Trans>
        </LinkButton>
      </div>
    );
  }

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-describedby="contact-form-note"
    >
      <CsrfField />
      <RequiredFieldsNote id="contact-form-note" />
      {failure ? (
        <FailureNotice
          ref={failureRef}
          title={<Trans>Your Message Was Not Sent</Trans>}
          focusOnLoad={!namesFields}
        >
          <p>{failure}</p>
        </FailureNotice>
      ) : null}
      <LiveMessage message={form.spoken} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t`First name`}
          requiredMark="*"
          autoComplete="given-name"
          required
          {...field('firstName')}
          defaultValue={typed.firstName}
        />
        <TextField
          label={t`Last name`}
          requiredMark="*"
          autoComplete="family-name"
          required
          {...field('lastName')}
          defaultValue={typed.lastName}
        />
      </div>
      <TextField
        label={t`E-mail (optional)`}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...field('email')}
          defaultValue={typed.email}
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
          defaultValue={typed.phone}
      />
      <TextAreaField
        label={t`Message`}
        hint={t`Tell us how we can help. If it is about an order, include the order number.`}
        requiredMark="*"
        required
        {...messageCount}
        {...field('message')}
          defaultValue={typed.message}
      />
      <div>
        <Button type="submit" size="lg" loading={busy} loadingLabel={t`Sending`}>
          <Trans>Send message</Trans>
        </Button>
      </div>
    </Form>
  );
}

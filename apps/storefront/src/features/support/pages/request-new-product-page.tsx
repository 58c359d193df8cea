import { useEffect, useRef, useState } from 'react';
import { Form, Link, redirect, useActionData, useLocation, useNavigation, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PackageSearch } from '@otc/ui/icons';
import { TEXT_MAX, productRequestSchema } from '@otc/sdk';
import { Button, Container, LinkButton, LiveMessage, TextAreaField, TextField } from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath } from '../../../lib/locale';
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
import { onServer } from '../../../lib/on-server';
import { REQUESTED_PARAM, referenceParam } from '../../../lib/page-params';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useCharacterCount } from '../../../lib/character-count';
import { supportApi, type ProductRequestInput } from '../support-api';

const EMPTY = { name: '', description: '', link: '' };
type Typed = typeof EMPTY;

/** What the action answers when the request was not sent (sent: a redirect). */
type RequestAnswer = FormFailure<Typed>;

/**
 * The request's post, on the server for a form sent without scripts and here with them: sent, to
 * the page with the request's number (`?requested=`: the thank-you, and a reload that sends
 * nothing again), or the refusal with everything typed kept.
 */
export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const typed: Typed = { ...EMPTY, ...textFields(await args.request.formData(), ['name', 'description', 'link'] as const) };
  const checked = parsePosted<ProductRequestInput>(productRequestSchema, typed);
  if ('error' in checked) return formFailure<Typed>(typed, checked.error);
  const result = await store.dispatch(supportApi.endpoints.requestProduct.initiate({ body: checked.data, locale }));
  if (result.error) return formFailure<Typed>(typed, result.error);
  return redirect(`${url.pathname}?${new URLSearchParams({ [REQUESTED_PARAM]: result.data.number })}`);
}

/**
 * Asks the shop to carry a product (signed-in customers; the route sends visitors to sign in
 * first): its name, an optional description and link (checked with the SDK's
 * `productRequestSchema`), posted to the page's action. The answer is the request's number (in
 * the address), and "Request another product" a link back to the empty form.
 * `?name=` (the words of a search that found nothing) fills the name.
 */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const refused = useActionData<RequestAnswer>();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const number = referenceParam(searchParams, REQUESTED_PARAM);
  const [searched] = useState(() =>
    (searchParams.get('name') ?? '').trim().slice(0, TEXT_MAX.productName),
  );
  const typed: Typed = refused ? { ...EMPTY, ...refused.values } : { ...EMPTY, name: searched };
  const form = useShopForm(productRequestSchema, { defaultValues: typed, serverError: refused?.error });
  const { applyServerErrors, reset } = form;
  const nameCount = useCharacterCount(form.watch('name'), TEXT_MAX.productName);
  const descriptionCount = useCharacterCount(form.watch('description'), TEXT_MAX.description);
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // Checked here first; a form that passes goes to the action above.
  const onSubmit = useCheckedPost((post) => form.submit(post));
  // A refusal naming the form's fields is said under them (from the first render: useShopForm's
  // serverError), anything else in the notice.
  const fieldsNamed = Boolean(
    refused?.error.status === 422 && Object.keys(refused.error.fieldCodes ?? {}).some((name) => name in EMPTY),
  );
  useEffect(() => {
    if (refused) applyServerErrors(refused.error);
  }, [refused, applyServerErrors]);
  // The thank-you replaces the form (the button that sent it goes with it): the focus moves to it,
  // which reads it (and brings it on screen); "Request another product" gives it to the name.
  // Never left on the page body.
  const thanksRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thanked = useRef(false);
  useEffect(() => {
    if (number) {
      thanked.current = true;
      reset(EMPTY);
      thanksRef.current?.focus();
    } else if (thanked.current) {
      thanked.current = false;
      formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus();
    }
  }, [number, reset]);
  const failure =
    refused && !fieldsNamed
      ? refused.error.status !== 'FETCH_ERROR' && refused.error.status >= 500
        ? t`Something went wrong. Please try again later.`
        : apiErrorText(locale, refused.error)
      : null;

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t`Request a new product`}</h1>
        <p className="text-lg">
          <Trans>
            Cannot find a product? Tell us about it and we will try to add it to the catalog.
          </Trans>
        </p>
        {number ? (
          <div
            ref={thanksRef}
            tabIndex={-1}
            // A page the server drew after a post sent without the scripts: read as it loads.
            {...(onServer ? { autoFocus: true } : {})}
            className="flex scroll-mt-24 gap-4 rounded-2xl border-2 border-success bg-success-soft p-5 focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-focus"
          >
            <PackageSearch aria-hidden="true" className="size-8 shrink-0 text-success" />
            <div className="flex flex-col gap-2 text-lg">
              <h2 className="text-xl font-bold">
                <Trans>Thank you, we received your request</Trans>
              </h2>
              <p>
                <Trans>
                  Your request number is <strong className="font-mono">{number}</strong>.
                </Trans>
              </p>
              <div>
                <LinkButton as={Link} to={pathname} variant="secondary">
                  <Trans>Request another product</Trans>
                </LinkButton>
              </div>
            </div>
          </div>
        ) : (
          <Form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-5"
          >
            <CsrfField />
            <RequiredFieldsNote />
            {failure ? <FailureNotice title={t`Your request was not sent`}>{failure}</FailureNotice> : null}
            <LiveMessage message={form.spoken} />
            <TextField
              label={t`Product name`}
              requiredMark="*"
              required
              {...nameCount}
              {...form.field('name')}
              defaultValue={typed.name}
            />
            <TextAreaField
              label={t`Description (optional)`}
              hint={t`The brand, the size, what you use it for.`}
              {...descriptionCount}
              {...form.field('description')}
              defaultValue={typed.description}
            />
            <TextField
              label={t`Link to the product (optional)`}
              hint={t`For example, the product's page in another shop.`}
              type="url"
              inputMode="url"
              autoComplete="url"
              {...form.field('link')}
              defaultValue={typed.link}
            />
            <div>
              <Button type="submit" size="lg" loading={busy} loadingLabel={t`Sending`}>
                <Trans>Send request</Trans>
              </Button>
            </div>
          </Form>
        )}
      </div>
    </Container>
  );
}

// `/reminders/unsubscribe?token=…` (issue 31): the page a reminder e-mail's "stop these
// reminders" link opens. Signed out too (the link is signed), drawn by the server: what the button
// will do (the API's preview: nothing changes on opening), and a form post that turns the
// allowance reminders off, with the result. A changed link says `unsubscribe_link_invalid`.
import { Form, useActionData, useLocation, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { BellOff } from '@otc/ui/icons';
import { errorText, type UnsubscribeAnswer } from '@otc/sdk';
import { Button, Container, Notice } from '@otc/ui';
import { awaitOnServer, holdQuery } from '../../../kernel/prefetch-query';
import { storeOf } from '../../../kernel/route-context';
import { useAppSelector } from '../../../kernel/hooks';
import { selectSignedIn } from '../../../kernel/session-slice';
import { AppLink } from '../../../components/app-link';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath, type Locale } from '../../../lib/locale';
import { CsrfField, formFailure, type FormFailure } from '../../../kernel/page-form';
import { useLocale } from '../../../lib/use-locale';
import { remindersApi, usePreviewUnsubscribeQuery } from '../reminders-api';

function tokenOf(url: URL): string {
  return url.searchParams.get('token') ?? '';
}

export function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const store = storeOf(args);
  return awaitOnServer([
    holdQuery(store.dispatch(remindersApi.endpoints.previewUnsubscribe.initiate({ token: tokenOf(url), locale }))),
  ]);
}

interface Unsubscribed {
  done: UnsubscribeAnswer;
}

export async function action(args: ActionFunctionArgs) {
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const form = await args.request.formData();
  const token = String(form.get('token') ?? tokenOf(url));
  const result = await storeOf(args).dispatch(remindersApi.endpoints.unsubscribe.initiate({ token, locale }));
  if (result.error) return formFailure({}, result.error);
  return { done: result.data } satisfies Unsubscribed;
}

/**
 * Why the link cannot be used: a refused link (422, its `token` field) is the catalogue's
 * `unsubscribe_link_invalid`; anything else (no answer, the server) its own text.
 */
function failureText(locale: Locale, error: SdkQueryError | undefined): string {
  if (error?.status === 422) return errorText('unsubscribe_link_invalid', locale);
  return apiErrorText(locale, error);
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const token = tokenOf(new URL(useLocation().search || '?', 'http://shop'));
  const signedIn = useAppSelector(selectSignedIn);
  const { currentData: preview, error, isLoading } = usePreviewUnsubscribeQuery({ token, locale });
  const answer = useActionData<Unsubscribed | FormFailure>();
  const navigation = useNavigation();
  const done = answer && 'done' in answer ? answer.done : null;
  const failed = answer && 'error' in answer ? answer.error : null;

  return (
    <Container className="flex max-w-2xl flex-col gap-6 py-8 sm:py-12">
      <h1 className="flex items-center gap-3 text-3xl font-extrabold sm:text-4xl">
        <BellOff aria-hidden="true" className="size-8 shrink-0 text-primary" />
        <Trans>Allowance reminders</Trans>
      </h1>

      {done ? (
        <Notice tone="success" title={t`Reminders are off`}>
          {done.contact ? (
            <Trans>We will not send allowance reminders to {done.contact} any more.</Trans>
          ) : (
            <Trans>We will not send allowance reminders any more.</Trans>
          )}
        </Notice>
      ) : isLoading ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : error || !preview ? (
        <Notice tone="error" title={t`This link cannot be used`}>
          {failureText(locale, error as SdkQueryError | undefined)}
        </Notice>
      ) : preview.action === 'already_off' ? (
        <Notice tone="info" title={t`Reminders are already off`}>
          {preview.contact ? (
            <Trans>Allowance reminders are already off for {preview.contact}.</Trans>
          ) : (
            <Trans>Allowance reminders are already off.</Trans>
          )}
        </Notice>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <CsrfField />
          <input type="hidden" name="token" value={token} />
          <p className="text-lg">
            {preview.contact ? (
              <Trans>
                Before your benefit period ends, we send a reminder of the allowance you have left to{' '}
                <strong>{preview.contact}</strong>. This button turns those reminders off. Nothing else changes.
              </Trans>
            ) : (
              <Trans>
                Before your benefit period ends, we send a reminder of the allowance you have left. This button turns
                those reminders off. Nothing else changes.
              </Trans>
            )}
          </p>
          {failed ? <Notice tone="error">{failureText(locale, failed)}</Notice> : null}
          <div>
            <Button type="submit" size="lg" loading={navigation.state !== 'idle'} loadingLabel={t`Turning reminders off`}>
              <Trans>Turn off reminders</Trans>
            </Button>
          </div>
        </Form>
      )}

      <p className="text-lg">
        {signedIn ? (
          <Trans>
            You can turn reminders on again, or choose texts, in{' '}
            <AppLink to="/account" className="font-semibold underline underline-offset-2">
              your account
            </AppLink>
            .
          </Trans>
        ) : (
          <Trans>
            You can turn reminders on again, or choose texts, in your account after you{' '}
            <AppLink to="/login?redirect=%2Faccount" className="font-semibold underline underline-offset-2">
              sign in
            </AppLink>
            .
          </Trans>
        )}
      </p>
    </Container>
  );
}

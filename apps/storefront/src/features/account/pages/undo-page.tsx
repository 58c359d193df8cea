// `/account/undo?token=…` (issue 32, item 6): the page an account-change notice's "This was not
// me" link opens, signed out too (the link holds a single-use token), drawn by the server. It says
// what the button will undo (the API's preview: nothing changes on opening) and posts a form to
// its route action, which undoes the change, locks the password and ends every session, then
// tells the owner to recover the account. A used, expired or changed link says its catalogue text.
import { Form, useActionData, useLocation, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert } from '@otc/ui/icons';
import { formatDateTime, type AccountUndoAnswer } from '@otc/sdk';
import { Button, Container, Notice } from '@otc/ui';
import { holdQuery } from '../../../kernel/prefetch-query';
import { refusalOnServer, useLoaderRefusal } from '../../../kernel/loader-refusal';
import { storeOf } from '../../../kernel/route-context';
import { AppLink } from '../../../components/app-link';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath } from '../../../lib/locale';
import { CsrfField, formFailure, type FormFailure } from '../../../kernel/page-form';
import { useLocale } from '../../../lib/use-locale';
import { undoApi, usePreviewAccountUndoQuery } from '../undo-api';

function tokenOf(url: URL): string {
  return url.searchParams.get('token') ?? '';
}

export function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const store = storeOf(args);
  return refusalOnServer(
    holdQuery(store.dispatch(undoApi.endpoints.previewAccountUndo.initiate({ token: tokenOf(url), locale }))),
  );
}

interface Undone {
  done: AccountUndoAnswer;
}

export async function action(args: ActionFunctionArgs) {
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const form = await args.request.formData();
  const token = String(form.get('token') ?? tokenOf(url));
  const result = await storeOf(args).dispatch(undoApi.endpoints.undoAccountChange.initiate({ token, locale }));
  if (result.error) return formFailure({}, result.error);
  return { done: result.data } satisfies Undone;
}

/** What happened, as the notice said it: the change and its time. */
function ChangeText({ answer }: { answer: AccountUndoAnswer }) {
  const locale = useLocale();
  const when = formatDateTime(answer.changedAt, locale);
  const contact = answer.contact ?? '';
  switch (answer.change) {
    case 'password_set':
      return <Trans>A password was added to your account on {when}.</Trans>;
    case 'password_changed':
      return <Trans>Your password was changed on {when}.</Trans>;
    case 'password_recovered':
      return <Trans>Your password was reset on {when}.</Trans>;
    case 'contact_added':
      return <Trans>{contact} was added to your account on {when}.</Trans>;
    case 'contact_made_primary':
      return <Trans>Your sign-in was changed to {contact} on {when}.</Trans>;
    case 'contact_removed':
      return <Trans>{contact} was removed from your account on {when}.</Trans>;
  }
}

/** What the undo does to the change itself (the sessions and the password are listed apart). */
function UndoneChange({ answer }: { answer: AccountUndoAnswer }) {
  const contact = answer.contact ?? '';
  const restores = answer.restores;
  if (answer.change === 'contact_made_primary') {
    return restores ? (
      <Trans>
        Gives you back your sign-in {restores} and removes {contact}.
      </Trans>
    ) : (
      <Trans>Removes {contact}.</Trans>
    );
  }
  if (answer.change === 'contact_added') return <Trans>Removes {contact} from your account.</Trans>;
  if (answer.change === 'contact_removed') return <Trans>Gives {contact} back to your account.</Trans>;
  return null;
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const token = tokenOf(new URL(useLocation().search || '?', 'http://shop'));
  // A link the server found used or expired is not asked about again (prefetch-query.ts).
  const [refused] = useLoaderRefusal();
  const asked = usePreviewAccountUndoQuery({ token, locale }, { skip: refused !== null });
  const preview = asked.currentData;
  const error = refused ?? asked.error;
  const isLoading = refused === null && asked.isLoading;
  const answer = useActionData<Undone | FormFailure>();
  const navigation = useNavigation();
  const done = answer && 'done' in answer ? answer.done : null;
  const failed = answer && 'error' in answer ? answer.error : null;
  const restored = done?.restores ?? null;
  const until = preview ? formatDateTime(preview.expiresAt, locale) : '';
  const recover = (
    <AppLink to="/login-recovery" className="font-semibold underline underline-offset-2">
      <Trans>recover your account</Trans>
    </AppLink>
  );

  return (
    <Container className="flex max-w-2xl flex-col gap-6 py-8 sm:py-12">
      <h1 className="flex items-center gap-3 text-3xl font-extrabold sm:text-4xl">
        <ShieldAlert aria-hidden="true" className="size-8 shrink-0 text-primary" />
        <Trans>This was not me</Trans>
      </h1>

      {done ? (
        <Notice tone="success" title={t`The change was undone`}>
          <p>
            <UndoneChange answer={done} />{' '}
            <Trans>Every device was signed out, and your password was locked.</Trans>
          </p>
          <p className="mt-2">
            {restored ? (
              <Trans>
                Now {recover}: we send a code to {restored}, and you choose a new password.
              </Trans>
            ) : (
              <Trans>Now {recover}: we send a code to your sign-in, and you choose a new password.</Trans>
            )}
          </p>
        </Notice>
      ) : isLoading ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : error || !preview ? (
        <Notice tone="error" title={t`This link cannot be used`}>
          {apiErrorText(locale, error as SdkQueryError | undefined)}
        </Notice>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <CsrfField />
          <input type="hidden" name="token" value={token} />
          <p className="text-lg">
            <ChangeText answer={preview} />
          </p>
          <p className="text-lg">
            <Trans>If this was not you, this button:</Trans>
          </p>
          <ul className="list-disc space-y-1 pl-6 text-lg">
            {preview.change.startsWith('contact_') ? (
              <li>
                <UndoneChange answer={preview} />
              </li>
            ) : null}
            <li>
              <Trans>Signs out every device, including the one that made the change.</Trans>
            </li>
            <li>
              <Trans>Locks your password: you then choose a new one with a code we send to your sign-in.</Trans>
            </li>
          </ul>
          <p>
            <Trans>This link works once, until {until}.</Trans>
          </p>
          {failed ? <Notice tone="error">{apiErrorText(locale, failed)}</Notice> : null}
          <div>
            <Button type="submit" size="lg" loading={navigation.state !== 'idle'} loadingLabel={t`Undoing the change`}>
              <Trans>Undo the change and sign out everywhere</Trans>
            </Button>
          </div>
        </Form>
      )}

      <p className="text-lg">
        <Trans>
          If you made this change yourself, you do not need to do anything. Questions? See{' '}
          <AppLink to="/contacts" className="font-semibold underline underline-offset-2">
            how to reach us
          </AppLink>
          .
        </Trans>
      </p>
    </Container>
  );
}

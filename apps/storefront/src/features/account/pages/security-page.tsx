import { useEffect, useRef, useState } from 'react';
import { Form, redirect, useActionData, useNavigation, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, passwordChangeSchema } from '@otc/sdk';
import { Button, LiveMessage, Notice, TextField } from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { localeOfPath, localizePath, type Locale } from '../../../lib/locale';
import { signedOut } from '../../../kernel/session-slice';
import { onServer } from '../../../lib/on-server';
import { donePath, doneParam } from '../../../lib/page-params';
import type { AppStore } from '../../../kernel/store';
import {
  CsrfField,
  RequiredFieldsNote,
  formFailure,
  parsePosted,
  textFields,
  useCheckedPost,
  useSubmitToAction,
  type FormFailure,
} from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { customerApi, useGetMeQuery } from '../../../kernel/customer-api';
import { accountApi, type Customer, type PasswordChange } from '../account-api';
import { AccountLayout, AccountSection } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { formFailureText } from '../form-result';
import { ProofDialog } from '../proof-dialog';
import { RECENT_PROOF_REQUIRED } from '../recent-proof';
import { SIGN_OUT_EVERYWHERE, SessionsSection, type SignOutEverywhereAnswer } from '../components/sessions-section';
import { useSuccessNotice } from '../use-saved-notice';
export { securityLoader as loader } from '../account-loaders';

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };
const FIELDS = Object.keys(EMPTY) as (keyof typeof EMPTY)[];

/** What the password's post answers: changed, or why not (nothing typed is sent back). */
type PasswordAnswer = { changed: true } | FormFailure;

/** The `?done=` of the page a password changed without the scripts leads to. */
const PASSWORD_CHANGED = 'change-password';

/**
 * "Sign out of all devices" sent without the scripts (with them the section calls the API itself):
 * every session ends, this one too, then the sign-in page says why (`?changed=everywhere`), as
 * the section leads there; or the refusal, drawn in the section.
 */
async function signOutEverywhere(store: AppStore, locale: Locale) {
  const result = await store.dispatch(accountApi.endpoints.signOutEverywhere.initiate({ locale }));
  if (result.error) return formFailure({}, result.error, { intent: SIGN_OUT_EVERYWHERE });
  store.dispatch(signedOut());
  const query = new URLSearchParams({ redirect: localizePath('/account/security', locale), changed: 'everywhere' });
  return redirect(`${localizePath('/login', locale)}?${query.toString()}`);
}

/**
 * The page's posts, on the server for a form sent without the scripts and here with them. The
 * password form's: checked by the contract's schema, then changed (a first password without a
 * current one; without the scripts, a redirect to the page saying it, `?done=change-password`,
 * so a reload does not post the old password again and read as refused); or the refusal.
 * Passwords are never drawn back.
 */
export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const posted = await args.request.formData();
  if (posted.get('intent') === SIGN_OUT_EVERYWHERE) return signOutEverywhere(store, locale);
  const typed = { ...EMPTY, ...textFields(posted, FIELDS) };
  const checked = parsePosted<PasswordChange>(passwordChangeSchema, typed);
  if ('error' in checked) return formFailure({}, checked.error);
  const me = await store.dispatch(
    customerApi.endpoints.getMe.initiate(undefined, { subscribe: false }),
  );
  const body = me.data?.hasPassword
    ? checked.data
    : { password: checked.data.password, passwordConfirmation: checked.data.passwordConfirmation };
  const result = await store.dispatch(
    accountApi.endpoints.changePassword.initiate({ locale, body }),
  );
  if (result.error) return formFailure({}, result.error);
  if (onServer) return redirect(donePath(url.pathname, PASSWORD_CHANGED));
  return { changed: true } satisfies PasswordAnswer;
}

/** Sets a first password, or changes it (the current one asked for), with the SDK's rules. */
function PasswordForm({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const navigation = useNavigation();
  const submitToAction = useSubmitToAction();
  // The sessions section's answer is its own.
  const posted = useActionData<PasswordAnswer | SignOutEverywhereAnswer | undefined>();
  const answer = posted && !('intent' in posted) ? posted : undefined;
  const refused = answer && 'error' in answer ? answer : undefined;
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const form = useShopForm(passwordChangeSchema, {
    defaultValues: EMPTY,
    serverError: refused?.error,
  });
  const { field, reset, setError, applyServerErrors } = form;
  const hasPassword = customer.hasPassword;
  // A change sent without the scripts is said in the page its redirect led to (`?done=`); one
  // made here is a notification.
  const [search] = useSearchParams();
  const changedWithoutScripts = doneParam(search, [PASSWORD_CHANGED]) !== null;
  const failureOf = (
    error: NonNullable<typeof refused>['error'],
    apply: typeof applyServerErrors,
  ) =>
    error.code === 'current_password_incorrect'
      ? null
      : error.code === RECENT_PROOF_REQUIRED
        ? t`For your security, sign in again (with a code or your password), then set your password within a few minutes.`
        : formFailureText(locale, error, apply);
  const [failure, setFailure] = useState<string | null>(() =>
    refused && !Object.keys(refused.error.fieldCodes ?? {}).length
      ? failureOf(refused.error, () => false)
      : null,
  );
  // Setting a first password (no current one to give) needs a recent proof: asked in place,
  // then the same form is sent again.
  const [proving, setProving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef<HTMLFormElement | null>(null);
  // Asked once per change: a retry refused again shows its answer, it does not loop.
  const retried = useRef(false);

  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (!answer) return;
    if (!('error' in answer)) {
      setFailure(null);
      reset(EMPTY);
      notice(t`Changes are saved`, t`Your password is changed.`);
      return;
    }
    const error = answer.error;
    if (error.code === RECENT_PROOF_REQUIRED && sent.current && !retried.current) {
      setProving(true);
      return;
    }
    setProving(false);
    if (error.code === 'current_password_incorrect') {
      setError('currentPassword', { type: 'server', message: error.code }, { shouldFocus: true });
      return;
    }
    setFailure(failureOf(error, applyServerErrors));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new answer only
  }, [answer]);

  // Checked here first; a form that passes goes to the page's action.
  const onSubmit = useCheckedPost((post) => {
    setFailure(null);
    return form.submit(async () => {
      sent.current = formRef.current;
      retried.current = false;
      await post();
    });
  });

  const changedAt = customer.passwordUpdatedAt
    ? formatDate(customer.passwordUpdatedAt, locale, { dateStyle: 'long' })
    : '';

  return (
    <AccountSection
      id="security-password"
      title={hasPassword ? <Trans>Change your password</Trans> : <Trans>Set a password</Trans>}
    >
      <p className="text-lg">
        {hasPassword ? (
          changedAt ? (
            <Trans>Your password was last changed on {changedAt}.</Trans>
          ) : (
            <Trans>You have a password.</Trans>
          )
        ) : (
          <Trans>
            You sign in with a code we send you. You can also set a password and sign in with it.
          </Trans>
        )}
      </p>
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex max-w-md flex-col gap-4"
      >
        <CsrfField />
        <RequiredFieldsNote />
        <LiveMessage message={form.spoken} />
        {changedWithoutScripts && !answer ? (
          <Notice tone="success" title={t`Changes are saved`}>
            {t`Your password is changed.`}
          </Notice>
        ) : null}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {hasPassword ? (
          <TextField
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            requiredMark="*"
            required
            {...field('currentPassword')}
          />
        ) : null}
        <TextField
          label={t`New password`}
          hint={t`At least 8 characters, with an uppercase letter, a lowercase letter and a number.`}
          type="password"
          autoComplete="new-password"
          requiredMark="*"
          required
          {...field('password')}
        />
        <TextField
          label={t`Repeat the new password`}
          type="password"
          autoComplete="new-password"
          requiredMark="*"
          required
          {...field('passwordConfirmation')}
        />
        <div>
          <Button type="submit" size="lg" loading={busy} loadingLabel={t`Saving`}>
            {hasPassword ? <Trans>Change password</Trans> : <Trans>Set password</Trans>}
          </Button>
        </div>
      </Form>
      {proving ? (
        <ProofDialog
          onProven={() => {
            setProving(false);
            retried.current = true;
            if (sent.current) void submitToAction(sent.current);
          }}
          onClose={() => {
            setProving(false);
            // Closed without proving: the first answer stands.
            if (refused) setFailure(formFailureText(locale, refused.error, applyServerErrors));
          }}
        />
      ) : null}
    </AccountSection>
  );
}

export function Component() {
  const { t } = useLingui();
  const { currentData: customer, isError, refetch } = useGetMeQuery();
  return (
    <AccountLayout title={t`Security`}>
      {customer ? (
        <>
          <PasswordForm key={customer.id} customer={customer} />
          <SessionsSection key={`sessions-${customer.id}`} />
        </>
      ) : (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      )}
    </AccountLayout>
  );
}

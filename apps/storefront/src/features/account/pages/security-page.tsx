import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, passwordChangeSchema } from '@otc/sdk';
import { Button, Notice, TextField } from '@otc/ui';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useGetMeQuery } from '../../../app/customer-api';
import { useChangePasswordMutation, type Customer } from '../account-api';
import { AccountLayout, AccountSection } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { callError, formFailureText } from '../form-result';
import { useRecentProof } from '../recent-proof';
import { SessionsSection } from '../components/sessions-section';
import { useSuccessNotice } from '../use-saved-notice';

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };

/** Sets a first password, or changes it (the current one asked for), with the SDK's rules. */
function PasswordForm({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const [change, { isLoading }] = useChangePasswordMutation();
  // Setting a first password (no current one to give) needs a recent proof.
  const proof = useRecentProof();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm(passwordChangeSchema, { defaultValues: EMPTY });
  const { field } = form;
  const hasPassword = customer.hasPassword;

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    const body = hasPassword
      ? values
      : { password: values.password, passwordConfirmation: values.passwordConfirmation };
    const error = callError(await proof.withProof(() => change({ locale, body })));
    if (!error) {
      form.reset(EMPTY);
      notice(t`Changes are saved`, t`Your password is changed.`);
      return;
    }
    if (error.code === 'current_password_incorrect') {
      form.setError(
        'currentPassword',
        { type: 'server', message: error.code },
        { shouldFocus: true },
      );
      return;
    }
    setFailure(formFailureText(locale, error, form.applyServerErrors));
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
      <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
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
          <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Saving`}>
            {hasPassword ? <Trans>Change password</Trans> : <Trans>Set password</Trans>}
          </Button>
        </div>
      </form>
      {proof.dialog}
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

import { Trans, useLingui } from '@lingui/react/macro';
import { useGetMeQuery } from '../../../app/customer-api';
import { AccountLayout } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { ContactsSection } from '../components/contacts-section';
import { ProfileForm } from '../components/profile-form';

export function Component() {
  const { t } = useLingui();
  const { currentData: customer, isError, refetch } = useGetMeQuery();
  return (
    <AccountLayout
      title={t`My account`}
      intro={<Trans>Your name, date of birth, languages and how we keep in touch.</Trans>}
    >
      {customer ? (
        <>
          {/* Keyed by customer: a session change shows the new customer's values. */}
          <ProfileForm key={customer.id} customer={customer} />
          <ContactsSection customer={customer} kind="email" />
          <ContactsSection customer={customer} kind="phone" />
        </>
      ) : (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      )}
    </AccountLayout>
  );
}

import type { ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGetMeQuery } from '../../../kernel/customer-api';
import { AccountLayout } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { ContactsSection } from '../components/contacts-section';
import { contactsAction } from '../components/contacts-action';
import { isContactIntent } from '../components/contact-forms';
import { PROFILE_INTENT, ProfileForm, profileAction } from '../components/profile-form';
import { RemindersSection, remindersAction } from '../components/reminders-section';

/**
 * The account page's form posts, told apart by their `intent`: the profile, the e-mails and
 * phones, the reminder setting.
 */
export async function action(args: ActionFunctionArgs) {
  const intent = (await args.request.clone().formData()).get('intent');
  if (intent === PROFILE_INTENT) return profileAction(args);
  return isContactIntent(intent) ? contactsAction(args) : remindersAction(args);
}

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
          <RemindersSection />
        </>
      ) : (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      )}
    </AccountLayout>
  );
}

// The allowance reminder setting on the account page (issue 31): e-mail, e-mail and texts, or off.
// A form posting to the account page's action (`remindersAction`), so it works without the scripts
// too; texts need a confirmed phone: the API's `reminders_need_phone`, told as the SDK's text.
import { useId } from 'react';
import { Form, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { REMINDER_CHANNELS, type ReminderChannel, type ReminderSetting } from '@otc/sdk';
import { Button, Notice, RadioGroup } from '@otc/ui';
import { reminderApi, useGetRemindersQuery } from '../../../kernel/allowance-reminder';
import { storeOf } from '../../../kernel/route-context';
import { AccountSection } from '../../../components/account-layout';
import { AppLink } from '../../../components/app-link';
import { apiErrorText, fieldFailureTexts } from '../../../lib/form-messages';
import { localeOfPath } from '../../../lib/locale';
import { CsrfField, formFailure, type FormFailure } from '../../../kernel/page-form';
import { useLocale } from '../../../lib/use-locale';

/** The form's `intent` on the account page's action. */
export const REMINDERS_INTENT = 'reminders';

interface RemindersSaved {
  intent: typeof REMINDERS_INTENT;
  saved: ReminderSetting;
}

function isChannel(value: unknown): value is ReminderChannel {
  return (REMINDER_CHANNELS as readonly unknown[]).includes(value);
}

/** The account page's action for the reminder form. */
export async function remindersAction(args: ActionFunctionArgs) {
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const form = await args.request.formData();
  const reminders = form.get('reminders');
  if (form.get('intent') !== REMINDERS_INTENT || !isChannel(reminders)) {
    return new Response(null, { status: 400, statusText: 'Unknown form' });
  }
  const result = await storeOf(args).dispatch(reminderApi.endpoints.setReminders.initiate({ reminders, locale }));
  if (result.error) return formFailure({ intent: REMINDERS_INTENT, reminders }, result.error);
  return { intent: REMINDERS_INTENT, saved: result.data } satisfies RemindersSaved;
}

export function RemindersSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const headingId = useId();
  const { data: setting, isError, refetch } = useGetRemindersQuery();
  const answer = useActionData<RemindersSaved | FormFailure | undefined>();
  const navigation = useNavigation();
  const failed = answer && 'error' in answer && answer.values.intent === REMINDERS_INTENT ? answer : null;
  const saved = answer && 'saved' in answer && answer.intent === REMINDERS_INTENT ? answer.saved : null;
  // Uncontrolled (a tick made before the scripts start stays): what was sent after a refusal,
  // else the saved setting.
  const value = (failed && typeof failed.values.reminders === 'string' ? failed.values.reminders : null) ?? setting?.reminders ?? 'email';
  const fieldError = failed ? (fieldFailureTexts(locale, failed.error).reminders ?? null) : null;
  const formError = failed && !fieldError ? apiErrorText(locale, failed.error) : null;
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === REMINDERS_INTENT;

  return (
    <AccountSection id={headingId} title={<Trans>Allowance reminders</Trans>}>
      <p className="text-lg">
        {setting ? (
          <Trans>
            {setting.daysBefore} days before your benefit period ends, we remind you of the allowance you have left, with
            a{' '}
            <AppLink to="/account/basket" className="font-semibold underline underline-offset-2">
              suggested basket
            </AppLink>
            .
          </Trans>
        ) : (
          <Trans>
            Before your benefit period ends, we remind you of the allowance you have left, with a{' '}
            <AppLink to="/account/basket" className="font-semibold underline underline-offset-2">
              suggested basket
            </AppLink>
            .
          </Trans>
        )}
      </p>
      {isError && !setting ? (
        <Notice
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          <Trans>Your reminder setting could not be loaded.</Trans>
        </Notice>
      ) : (
        <Form method="post" className="flex flex-col gap-4" aria-labelledby={headingId}>
          <CsrfField />
          <input type="hidden" name="intent" value={REMINDERS_INTENT} />
          <RadioGroup
            legend={<Trans>How should we remind you?</Trans>}
            name="reminders"
            key={value}
            defaultValue={value}
            error={fieldError}
            options={[
              { value: 'email', label: t`By e-mail` },
              { value: 'sms', label: t`By e-mail and text message` },
              { value: 'off', label: t`Do not remind me` },
            ]}
            hint={
              setting && !setting.canText ? (
                <Trans>Text messages need a confirmed phone number that takes texts.</Trans>
              ) : undefined
            }
          />
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <div role="status" aria-live="polite">
            {saved && !failed ? (
              <Notice tone="success" live={false}>
                <Trans>Your reminder setting is saved.</Trans>
              </Notice>
            ) : null}
          </div>
          <div>
            <Button type="submit" loading={saving} loadingLabel={t`Saving`}>
              <Trans>Save reminder setting</Trans>
            </Button>
          </div>
        </Form>
      )}
    </AccountSection>
  );
}

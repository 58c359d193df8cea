// The allowance reminder in the shop (issue 31): within the reminder window of the period's end
// (ALLOWANCE_REMINDER_DAYS, answered by the API as the reminder setting's `daysBefore`), the header
// and the cart say how much is left and until when. App-wide (the header, the cart and the account
// read it), so it lives in src/kernel. The window is the SDK's rule (`reminderWindow`); the figure is
// the header's (`spendableAllowance`).
import {
  formatPrice,
  reminderWindow,
  spendableAllowance,
  type ReminderChannel,
  type ReminderSetting,
} from '@otc/sdk';
import { api } from '../lib/api';
import { LOCALE_TAGS, type Locale } from '../lib/locale';
import { useCustomer } from './customer-api';

export const reminderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's reminder setting (and the shop's `daysBefore`): read once per session. */
    getReminders: build.query<ReminderSetting, void>({
      query: () => ({ route: 'reminderSetting' }),
      providesTags: ['Customer', 'Session'],
      keepUnusedDataFor: 60 * 60,
    }),
    setReminders: build.mutation<ReminderSetting, { reminders: ReminderChannel; locale: Locale }>({
      query: ({ reminders, locale }) => ({ route: 'updateReminderSetting', body: { reminders }, locale }),
      // The answer is the setting: the cache takes it without asking again.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(reminderApi.util.upsertQueryData('getReminders', undefined, data));
        } catch {
          // The form says why.
        }
      },
    }),
  }),
});

export const { useGetRemindersQuery, useSetRemindersMutation } = reminderApi;

/** What the strip says: "$86.40 left to spend by Dec 31 · 12 days". */
export interface AllowanceReminder {
  /** `$86.40` */
  amount: string;
  /** The period's last day, short, in the page's language ("Dec 31", "31 dic"). */
  endsOn: string;
  /** Whole days from today (UTC, as the API's sweep counts) to the period's last day. */
  days: number;
}

/** Today as YYYY-MM-DD in UTC (the API's reminder sweep counts its days the same way). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The reminder of a member's allowance on `today`, or null outside the window (or with nothing
 * to spend, or no period end known).
 */
export function allowanceReminderOf(
  customer: Parameters<typeof spendableAllowance>[0] | undefined,
  daysBefore: number | undefined,
  locale: Locale,
  today: string = todayUtc(),
): AllowanceReminder | null {
  if (!customer || daysBefore === undefined) return null;
  const allowance = spendableAllowance(customer);
  if (!allowance?.periodEndsAt) return null;
  const end = allowance.periodEndsAt.slice(0, 10);
  const window = reminderWindow(today, daysBefore);
  if (end < window.from || end > window.to) return null;
  let amount: string;
  try {
    amount = formatPrice(allowance.left);
  } catch {
    return null;
  }
  if (!/[1-9]/.test(allowance.left)) return null;
  const endDate = new Date(`${end}T00:00:00Z`);
  const endsOn = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    endDate,
  );
  const days = Math.round((endDate.getTime() - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return { amount, endsOn, days };
}

/** The signed-in member's reminder now, or null (a visitor, outside the window, still loading). */
export function useAllowanceReminder(locale: Locale): AllowanceReminder | null {
  const { customer, signedIn } = useCustomer();
  const { data: setting } = useGetRemindersQuery(undefined, { skip: !signedIn });
  return allowanceReminderOf(customer, setting?.daysBefore, locale);
}

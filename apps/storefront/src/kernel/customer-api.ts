// Who is signed in: the customer (`me`), read once per session through RTK Query and shared by
// the header (account menu, allowance), the catalog's plan filter and the profile-completion
// check. App-wide state, so it lives in src/kernel (features and components may read it).
import { formatDate, formatPrice, type Customer, type InsuranceCard } from '@otc/sdk';
import { api } from '../lib/api';
import type { Locale } from '../lib/locale';
import { useAppSelector } from './hooks';
import { selectSignedIn } from './session-slice';

export const customerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Customer, void>({
      query: () => ({ route: 'me' }),
      // `Session`: dropped or refetched when who is signed in changes (any tab).
      providesTags: ['Customer', 'Session'],
      // Read once per session; later changes invalidate `Customer`.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetMeQuery } = customerApi;

/** The signed-in customer, or undefined (a visitor, or while `me` loads). Never fetched for guests. */
export function useCustomer(): { customer: Customer | undefined; signedIn: boolean; isLoading: boolean } {
  const signedIn = useAppSelector(selectSignedIn);
  const { data, isLoading } = useGetMeQuery(undefined, { skip: !signedIn });
  return { customer: signedIn ? data : undefined, signedIn, isLoading: signedIn && isLoading };
}

/** The allowance a member can spend now: the active card's balance and period end, else the store balance. */
export interface Allowance {
  /** `$150.00` */
  amount: string;
  /** The day the period ends, in the reader's language, or null when not known. */
  endsOn: string | null;
  card: InsuranceCard | null;
}

export function allowanceOf(customer: Customer | undefined, locale: Locale): Allowance | null {
  if (!customer) return null;
  const card = customer.activeInsuranceCard ?? null;
  const raw = card ? card.balance : customer.balance;
  // No card and nothing on the store balance: nothing to spend, nothing to remind of.
  if (!card && !/[1-9]/.test(raw)) return null;
  let amount: string;
  try {
    amount = formatPrice(raw);
  } catch {
    return null;
  }
  const endsOn = card?.periodEndsAt ? formatDate(card.periodEndsAt, locale, { dateStyle: 'long' }) : null;
  return { amount, endsOn, card };
}

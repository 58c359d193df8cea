// The customer's own data: profile, e-mails, phones, addresses, cards, health plan, password,
// favorites. Every answer here is the signed-in customer's, so each one also provides the
// `Session` tag (refetched or dropped when who is signed in changes, src/app/store.ts).
//
// The customer (`me`) is the app's one query (src/kernel/customer-api.ts `useGetMeQuery`); the
// mutations here invalidate its `Customer` tag, so a change refreshes the header too.
// `locale` goes with each call (Accept-Language: texts of errors in the page's language).
import {
  isApiError,
  type ProofInput,
  type ProofStatus,
  type RouteInput,
  type RouteOutput,
} from '@otc/sdk';
import { api, toQueryError, type SdkQueryError } from '../../lib/api';
import type { Locale } from '../../lib/locale';
import { sdkOf } from '../../lib/sdk';

export type Customer = RouteOutput<'me'>;
/** The list of devices signed in, alone (the plain `Session` tag would refetch every answer of the customer). */
const SIGNED_IN_DEVICES = { type: 'Session', id: 'devices' } as const;
export type CustomerPatch = NonNullable<RouteInput<'updateCustomer'>['body']>;
export type PasswordChange = NonNullable<RouteInput<'changePassword'>['body']>;
export type AddressInput = NonNullable<RouteInput<'addAddress'>['body']>;
export type Address = RouteOutput<'addAddress'>;
export type CardInput = NonNullable<RouteInput<'addCard'>['body']>;
export type CardList = RouteOutput<'listCards'>;
export type Card = CardList['data'][number];
export type HealthPlan = RouteOutput<'listHealthPlans'>[number];
export type FavoriteList = RouteOutput<'listFavorites'>;
/** `email` or `phone`: the two kinds of contact a customer signs in with. */
export type ContactKind = 'email' | 'phone';

export type SessionList = RouteOutput<'listSessions'>;
export type AccountSession = SessionList['sessions'][number];

interface Localized {
  locale: Locale;
}

/** A failed call that may ask to wait (a 429): the usual error, plus the wait when it named one. */
export interface WaitError extends SdkQueryError {
  /** Seconds to wait before trying again (a locked password, a code asked for too soon). */
  retryAfterSeconds?: number;
}

/**
 * The wait a 429 names beside its code: `retryAfter` (the API's Retry-After in the body),
 * `seconds` (`resend_too_soon`) or `minutes` (`code_requests_slowed`), here or under `params`.
 */
function waitOf(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  type Wait = { retryAfter?: unknown; seconds?: unknown; minutes?: unknown };
  const data = (error.data ?? {}) as Wait & { params?: Wait };
  const seconds = Number(data.retryAfter ?? data.seconds ?? data.params?.seconds);
  if (Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
  const minutes = Number(data.minutes ?? data.params?.minutes);
  return Number.isFinite(minutes) && minutes > 0 ? Math.ceil(minutes * 60) : undefined;
}

/** Runs an SDK call for a `queryFn`, keeping the wait of a 429 beside the usual error. */
async function withWait<T>(call: () => Promise<T>): Promise<{ data: T } | { error: WaitError }> {
  try {
    return { data: await call() };
  } catch (error) {
    const retryAfterSeconds = waitOf(error);
    return {
      error: { ...toQueryError(error), ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
    };
  }
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateCustomer: build.mutation<Customer, Localized & { patch: CustomerPatch }>({
      query: ({ locale, patch }) => ({ route: 'updateCustomer', body: patch, locale }),
      // The interface language or the plan may change what the catalog shows.
      invalidatesTags: ['Customer'],
    }),
    changePassword: build.mutation<Customer, Localized & { body: PasswordChange }>({
      query: ({ locale, body }) => ({ route: 'changePassword', body, locale }),
      // A new password signs the other devices out (the API ends their sessions): the list of
      // devices is read again, not left showing them until a reload.
      invalidatesTags: ['Customer', SIGNED_IN_DEVICES],
    }),
    accountHealthPlans: build.query<RouteOutput<'listHealthPlans'>, Localized>({
      query: ({ locale }) => ({ route: 'listHealthPlans', locale }),
      providesTags: ['HealthPlans'],
      keepUnusedDataFor: 60 * 60,
    }),
    chooseHealthPlan: build.mutation<Customer, Localized & { code: string }>({
      query: ({ locale, code }) => ({ route: 'chooseHealthPlan', body: { code }, locale }),
      // The plan filters the catalog and decides which items are covered.
      invalidatesTags: ['Customer', 'Categories', 'Products', 'Product', 'Cart', 'Cards'],
    }),

    // --- e-mails and phones ---
    addContact: build.mutation<Customer, Localized & { kind: ContactKind; value: string }>({
      query: ({ locale, kind, value }) => ({
        route: kind === 'email' ? 'addEmail' : 'addPhone',
        body: { value },
        locale,
      }),
      invalidatesTags: ['Customer'],
    }),
    verifyContact: build.mutation<
      Customer,
      Localized & { kind: ContactKind; id: number; code: string }
    >({
      query: ({ locale, kind, id, code }) => ({
        route: kind === 'email' ? 'verifyEmail' : 'verifyPhone',
        params: { id },
        body: { code },
        locale,
      }),
      invalidatesTags: ['Customer'],
    }),
    resendContactCode: build.mutation<
      RouteOutput<'resendEmailCode'>,
      Localized & { kind: ContactKind; id: number }
    >({
      query: ({ locale, kind, id }) => ({
        route: kind === 'email' ? 'resendEmailCode' : 'resendPhoneCode',
        params: { id },
        locale,
      }),
    }),
    makeContactPrimary: build.mutation<Customer, Localized & { kind: ContactKind; id: number }>({
      query: ({ locale, kind, id }) => ({
        route: kind === 'email' ? 'makeEmailPrimary' : 'makePhonePrimary',
        params: { id },
        locale,
      }),
      invalidatesTags: ['Customer'],
    }),
    removeContact: build.mutation<Customer, Localized & { kind: ContactKind; id: number }>({
      query: ({ locale, kind, id }) => ({
        route: kind === 'email' ? 'removeEmail' : 'removePhone',
        params: { id },
        locale,
      }),
      invalidatesTags: ['Customer'],
    }),

    // --- recent proof (changes that could take the account: password, e-mails, phones) ---
    /** Whether this session counts as proven now, and how it can prove it (SDK `auth.proofStatus`). */
    proofStatus: build.query<ProofStatus, Localized>({
      queryFn: ({ locale }, queryApi) =>
        withWait(() => sdkOf(queryApi).client.auth.proofStatus({ locale, signal: queryApi.signal })),
      providesTags: ['Session'],
      // Read afresh each time the question is asked: a proof lasts minutes.
      keepUnusedDataFor: 0,
    }),
    /** Sends a one-time code to the primary contact (SDK `auth.requestProofCode`). */
    requestProofCode: build.mutation<RouteOutput<'requestProofCode'>, Localized>({
      queryFn: ({ locale }, queryApi) =>
        withWait(() => sdkOf(queryApi).client.auth.requestProofCode({ locale, signal: queryApi.signal })),
    }),
    /** Proves it is the owner with the password or the code (SDK `auth.prove`). */
    prove: build.mutation<ProofStatus, Localized & { body: ProofInput }>({
      queryFn: ({ locale, body }, queryApi) =>
        withWait(() => sdkOf(queryApi).client.auth.prove(body, { locale, signal: queryApi.signal })),
      async onQueryStarted({ locale }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(accountApi.util.upsertQueryData('proofStatus', { locale }, data));
        } catch {
          // The dialog shows the failure.
        }
      },
    }),

    // --- sessions (devices signed in) ---
    sessions: build.query<SessionList, Localized>({
      queryFn: ({ locale }, queryApi) => withWait(() => sdkOf(queryApi).client.auth.sessions({ locale, signal: queryApi.signal })),
      providesTags: ['Session', SIGNED_IN_DEVICES],
      keepUnusedDataFor: 0,
    }),
    /** Signs one other device out at once (SDK `auth.endSession`); the list drops it. */
    endSession: build.mutation<RouteOutput<'endSession'>, Localized & { id: string }>({
      queryFn: ({ locale, id }, queryApi) =>
        withWait(() => sdkOf(queryApi).client.auth.endSession(id, { locale, signal: queryApi.signal })),
      async onQueryStarted({ locale, id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            accountApi.util.updateQueryData('sessions', { locale }, (list) => {
              list.sessions = list.sessions.filter((session) => session.id !== id);
            }),
          );
        } catch {
          // The page shows the failure; the list stays as it was.
        }
      },
    }),
    /**
     * Signs out of every device, this one too (SDK `auth.signOutEverywhere`: the tokens here are
     * forgotten). The caller then follows with the store's `signedOut`.
     */
    signOutEverywhere: build.mutation<null, Localized>({
      queryFn: ({ locale }, queryApi) =>
        withWait(async () => {
          await sdkOf(queryApi).client.auth.signOutEverywhere({ locale, signal: queryApi.signal });
          return null;
        }),
    }),

    // --- addresses ---
    addresses: build.query<RouteOutput<'listAddresses'>, void>({
      query: () => ({ route: 'listAddresses' }),
      providesTags: ['Addresses', 'Session'],
    }),
    addAddress: build.mutation<Address, Localized & { body: AddressInput }>({
      query: ({ locale, body }) => ({ route: 'addAddress', body, locale }),
      invalidatesTags: ['Addresses', 'Customer'],
    }),
    updateAddress: build.mutation<Address, Localized & { id: number; body: AddressInput }>({
      query: ({ locale, id, body }) => ({ route: 'updateAddress', params: { id }, body, locale }),
      invalidatesTags: ['Addresses', 'Customer'],
    }),
    removeAddress: build.mutation<RouteOutput<'removeAddress'>, Localized & { id: number }>({
      query: ({ locale, id }) => ({ route: 'removeAddress', params: { id }, locale }),
      invalidatesTags: ['Addresses', 'Customer', 'Cart'],
    }),

    // --- cards ---
    cards: build.query<CardList, void>({
      query: () => ({ route: 'listCards' }),
      providesTags: ['Cards', 'Session'],
    }),
    addCard: build.mutation<CardList, Localized & { body: CardInput }>({
      query: ({ locale, body }) => ({ route: 'addCard', body, locale }),
      invalidatesTags: ['Cards', 'Customer'],
    }),
    makeCardActive: build.mutation<CardList, Localized & { id: number }>({
      query: ({ locale, id }) => ({ route: 'makeCardActive', params: { id }, locale }),
      invalidatesTags: ['Cards', 'Customer'],
    }),

    // --- favorites ---
    accountFavorites: build.query<FavoriteList, Localized>({
      query: ({ locale }) => ({ route: 'listFavorites', locale }),
      providesTags: ['Favorites', 'Session'],
    }),
    removeAccountFavorite: build.mutation<FavoriteList, Localized & { id: number }>({
      query: ({ locale, id }) => ({ route: 'removeFavorite', params: { id }, locale }),
      invalidatesTags: (_result, _error, { id }) => ['Favorites', { type: 'Product', id }],
    }),
  }),
});

export const {
  useUpdateCustomerMutation,
  useChangePasswordMutation,
  useAccountHealthPlansQuery,
  useChooseHealthPlanMutation,
  useAddContactMutation,
  useVerifyContactMutation,
  useResendContactCodeMutation,
  useMakeContactPrimaryMutation,
  useRemoveContactMutation,
  useProofStatusQuery,
  useRequestProofCodeMutation,
  useProveMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useSignOutEverywhereMutation,
  useAddressesQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useRemoveAddressMutation,
  useCardsQuery,
  useAddCardMutation,
  useMakeCardActiveMutation,
  useAccountFavoritesQuery,
  useRemoveAccountFavoriteMutation,
} = accountApi;

// The customer's own data: profile, e-mails, phones, addresses, cards, health plan, password,
// favorites. Every answer here is the signed-in customer's, so each one also provides the
// `Session` tag (refetched or dropped when who is signed in changes, src/app/store.ts).
//
// The customer (`me`) is the app's one query (src/app/customer-api.ts `useGetMeQuery`); the
// mutations here invalidate its `Customer` tag, so a change refreshes the header too.
// `locale` goes with each call (Accept-Language: texts of errors in the page's language).
import type { RouteInput, RouteOutput } from '@otc/sdk';
import { api } from '../../lib/api';
import type { Locale } from '../../lib/locale';

export type Customer = RouteOutput<'me'>;
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

interface Localized {
  locale: Locale;
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
      invalidatesTags: ['Customer'],
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

// Sign-in, registration, recovery and profile completion: the RTK Query endpoints of the auth
// pages. Every argument carries the page's `locale`, which goes with the call (Accept-Language),
// so the API's texts come back in the page's language. No language is set on the shared client.
import {
  isApiError,
  type CodeSent,
  type Customer,
  type CustomerPatch,
  type Locale,
  type RouteInput,
  type RouteName,
  type SignInAnswer,
} from '@otc/sdk';
import { api, toQueryError, type SdkQueryError } from '../../lib/api';
import { sdkOf } from '../../lib/sdk';

/** A failed code request: the usual error, plus how long to wait when it came too soon. */
export interface CodeRequestError extends SdkQueryError {
  /** `resend_too_soon`: seconds until another code may be asked for. */
  retryAfterSeconds?: number;
}

export type CodePurpose = 'login' | 'register' | 'recovery';

const CODE_ROUTES = {
  login: 'requestCode',
  register: 'registerCode',
  recovery: 'recoveryCode',
} as const satisfies Record<CodePurpose, RouteName>;

/** The `seconds` a 429 `resend_too_soon` names (the API puts it beside `code`). */
function secondsOf(error: unknown): number | undefined {
  if (!isApiError(error, 'resend_too_soon')) return undefined;
  const data = error.data as { seconds?: unknown; params?: { seconds?: unknown } } | undefined;
  const seconds = Number(data?.seconds ?? data?.params?.seconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export interface CodeRequestArgs {
  purpose: CodePurpose;
  login: string;
  locale: Locale;
}

export interface RegisterArgs {
  login: string;
  code: string;
  password?: string;
  locale: Locale;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sends a one-time code (sign-in, registration or recovery) to an e-mail or phone. */
    requestAuthCode: build.mutation<CodeSent, CodeRequestArgs>({
      // Through the SDK client like every call; the error keeps the wait of a `resend_too_soon`.
      queryFn: async ({ purpose, login, locale }, queryApi) => {
        const { signal } = queryApi;
        const { client } = sdkOf(queryApi);
        try {
          const input: RouteInput<'requestCode'> = { body: { login } };
          const data = await client.call(CODE_ROUTES[purpose], input, { locale, signal });
          return { data };
        } catch (error) {
          const retryAfterSeconds = secondsOf(error);
          const failure: CodeRequestError = { ...toQueryError(error), ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
          return { error: failure };
        }
      },
    }),
    verifyLoginCode: build.mutation<SignInAnswer, { login: string; code: string; locale: Locale }>({
      query: ({ login, code, locale }) => ({ route: 'verifyCode', body: { login, code }, locale }),
    }),
    passwordLogin: build.mutation<SignInAnswer, { username: string; password: string; locale: Locale }>({
      query: ({ username, password, locale }) => ({ route: 'login', body: { username, password }, locale }),
    }),
    register: build.mutation<SignInAnswer, RegisterArgs>({
      query: ({ login, code, password, locale }) => ({
        route: 'register',
        body: { login, code, ...(password ? { password } : {}), interfaceLanguage: locale },
        locale,
      }),
    }),
    recoverAccount: build.mutation<
      SignInAnswer,
      { login: string; code: string; password: string; passwordConfirmation: string; locale: Locale }
    >({
      query: ({ locale, ...body }) => ({ route: 'recover', body, locale }),
    }),
    /** The forced profile completion: only the missing fields (customer PATCH). */
    completeProfile: build.mutation<Customer, { patch: CustomerPatch; locale: Locale }>({
      query: ({ patch, locale }) => ({ route: 'updateCustomer', body: patch, locale }),
      invalidatesTags: ['Customer'],
    }),
  }),
});

export const {
  useRequestAuthCodeMutation,
  useVerifyLoginCodeMutation,
  usePasswordLoginMutation,
  useRegisterMutation,
  useRecoverAccountMutation,
  useCompleteProfileMutation,
} = authApi;

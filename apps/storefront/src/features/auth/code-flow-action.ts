// The posts of the one-time-code flows (/login, /login/phone, /sign-up, /login-recovery): ask for a
// code, ask again, type it. The same action runs on the server for a form sent without the scripts
// (a refusal is drawn in the page; a code sent leads to the code step's own address, a GET, so a
// reload asks nothing again) and here with them; the page draws whatever it answers
// (`CodeFlowAnswer`).
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { codeRequestSchema } from '@otc/sdk';
import { storeOf } from '../../kernel/route-context';
import { settingsApi } from '../../kernel/settings-api';
import type { SdkQueryError } from '../../lib/api';
import { localeOfPath, localizePath, stripLocale, type Locale } from '../../lib/locale';
import { onServer } from '../../lib/on-server';
import { formFailure, textFields } from '../../kernel/page-form';
import { authApi, type CodePurpose, type CodeRequestError } from './auth-api';
import { finishSignIn } from './use-sign-in-flow';

/** The code went out: the page shows step 2. */
export interface SentCode {
  purpose: CodePurpose;
  login: string;
  channel: 'email' | 'sms';
  /** Epoch ms after which another code may be asked for (0: now; null: not known, a step drawn from its address). */
  resendAt: number | null;
  /** A sign-up that chose a password for next time: step 2 asks for it. */
  withPassword: boolean;
}

/** What the page offers after a refusal: register a login with no account, or sign in with a known one. */
export interface CodeOffer {
  purpose: CodePurpose;
  login: string;
}

export type CodeFlowAnswer =
  | { step: 'code'; sent: SentCode; values?: undefined; error?: SdkQueryError; resendFailed?: boolean }
  | { step: 'request'; values: { login?: string }; error: SdkQueryError; offer: CodeOffer | null };

/** The hidden fields the flow's forms post (besides `login`, `code` and the passwords). */
export const CODE_FLOW_FIELDS = {
  intent: 'intent',
  purpose: 'purpose',
  resendAt: 'resend-at',
  withPassword: 'with-password',
  /** The sign-up's radio: how the member signs in next time. */
  signInWay: 'sign-in-way',
} as const;

const PURPOSES: readonly CodePurpose[] = ['login', 'register', 'recovery'];

export function channelOf(login: string): 'email' | 'sms' {
  return login.includes('@') ? 'email' : 'sms';
}

/** The page of each flow, where its code step lives. */
const PURPOSE_PAGES: Record<CodePurpose, string> = { login: '/login', register: '/sign-up', recovery: '/login-recovery' };

/**
 * The code step's address parameters: `step` (`code`, or `code-password` for a sign-up that chose
 * a password; `new-code…` after "Send a new code", which the page says) and `login`, the e-mail or
 * phone the code went to (as `/login?changed=email&login=…` carries one already). Never the code
 * or a password.
 */
export const CODE_STEP_PARAMS = { step: 'step', login: 'login' } as const;
const CODE_STEPS = {
  code: { withPassword: false, again: false },
  'code-password': { withPassword: true, again: false },
  'new-code': { withPassword: false, again: true },
  'new-code-password': { withPassword: true, again: true },
} as const;
type CodeStepName = keyof typeof CODE_STEPS;
/** Step 1 with the phone's tab (/sign-up and /login-recovery; /login has /login/phone). */
export const STEP_PHONE = 'phone';

function purposeOfPage(pathname: string): CodePurpose | undefined {
  const path = stripLocale(pathname);
  if (path === '/login/phone') return 'login';
  return PURPOSES.find((purpose) => PURPOSE_PAGES[purpose] === path);
}

/**
 * Where a code sent without the scripts leads: the code step of its flow's page (the page posted
 * from when it is that flow's: /login/phone stays), its `redirect` kept.
 */
export function codeStepHref(address: URL, locale: Locale, sent: SentCode, again = false): string {
  const pathname = purposeOfPage(address.pathname) === sent.purpose ? address.pathname : localizePath(PURPOSE_PAGES[sent.purpose], locale);
  const query = new URLSearchParams();
  const after = address.searchParams.get('redirect');
  if (after) query.set('redirect', after);
  const step: CodeStepName = `${again ? 'new-code' : 'code'}${sent.withPassword ? '-password' : ''}`;
  query.set(CODE_STEP_PARAMS.step, step);
  query.set(CODE_STEP_PARAMS.login, sent.login);
  return `${pathname}?${query.toString()}`;
}

/**
 * The code step an address names (`?step=code&login=…`), for the page's flow, and whether it
 * follows a new code; null otherwise.
 */
export function codeStepOfAddress(search: URLSearchParams, purpose: CodePurpose): (SentCode & { again: boolean }) | null {
  const name = search.get(CODE_STEP_PARAMS.step) ?? '';
  const step = Object.hasOwn(CODE_STEPS, name) ? CODE_STEPS[name as CodeStepName] : null;
  if (!step) return null;
  const login = (search.get(CODE_STEP_PARAMS.login) ?? '').trim();
  if (!codeRequestSchema.safeParse({ login }).success) return null;
  const withPassword = purpose === 'register' && step.withPassword;
  return { purpose, login, channel: channelOf(login), resendAt: null, withPassword, again: step.again };
}

export async function codeFlowAction(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const address = new URL(args.request.url);
  const locale = localeOfPath(address.pathname);
  const f = CODE_FLOW_FIELDS;
  const posted = textFields(await args.request.formData(), [
    f.intent,
    f.purpose,
    f.resendAt,
    f.withPassword,
    f.signInWay,
    'login',
    'code',
    'password',
    'passwordConfirmation',
  ] as const);
  const purpose = PURPOSES.find((name) => name === posted.purpose);
  const login = (posted.login ?? '').trim();
  if (!purpose) return data({ message: 'Unknown code flow' }, { status: 400 });
  const withPassword =
    purpose === 'register' && (posted[f.signInWay] === 'password' || posted[f.withPassword] === '1');
  const sentOf = (resendAt: number | null): SentCode => ({ purpose, login, channel: channelOf(login), resendAt, withPassword });
  /** Step 2 once a code is out: here the page draws it; a form sent without the scripts goes to its address. */
  const codeStep = (sent: SentCode, again = false) =>
    onServer ? redirect(codeStepHref(address, locale, sent, again)) : ({ step: 'code' as const, sent } satisfies CodeFlowAnswer);

  if (posted.intent === 'verify') {
    const code = posted.code ?? '';
    const password = posted.password ?? '';
    const result =
      purpose === 'login'
        ? await store.dispatch(authApi.endpoints.verifyLoginCode.initiate({ login, code, locale }))
        : purpose === 'register'
          ? await store.dispatch(
              authApi.endpoints.register.initiate({ login, code, ...(withPassword && password ? { password } : {}), locale }),
            )
          : await store.dispatch(
              authApi.endpoints.recoverAccount.initiate({
                login,
                code,
                password,
                passwordConfirmation: posted.passwordConfirmation ?? '',
                locale,
              }),
            );
    if (result.error) {
      // Still at step 2, with the wait the form carried (nothing typed there is sent back: a code
      // is used once, a password never).
      const resendAt = posted[f.resendAt] ? Number(posted[f.resendAt]) : null;
      return formFailure({}, result.error, { step: 'code' as const, sent: sentOf(resendAt === null || Number.isFinite(resendAt) ? resendAt : 0) });
    }
    return redirect(await finishSignIn(store, result.data, address, locale));
  }

  // `request` (step 1, or an offer's button) and `resend` (step 2).
  const result = await store.dispatch(authApi.endpoints.requestAuthCode.initiate({ purpose, login, locale }));
  if (result.error) {
    const error = result.error as CodeRequestError;
    if (error.code === 'resend_too_soon' && error.retryAfterSeconds) {
      const sent = sentOf(Date.now() + error.retryAfterSeconds * 1000);
      // "Send a new code" pressed too early (without the scripts no countdown hides it): the
      // step says how long is left.
      if (posted.intent === 'resend') return formFailure({}, error, { step: 'code' as const, sent, resendFailed: true });
      // A code went out moments ago and is still good: type that one, or wait for a new one.
      return codeStep(sent);
    }
    if (posted.intent === 'resend') {
      return formFailure({}, error, { step: 'code' as const, sent: sentOf(0), resendFailed: true });
    }
    const offer: CodeOffer | null =
      error.code === 'account_not_found' && purpose !== 'register'
        ? { purpose: 'register', login }
        : error.code === 'account_exists' && purpose === 'register'
          ? { purpose: 'login', login }
          : null;
    return formFailure({ login }, error, { step: 'request' as const, offer });
  }
  const settings = await store.dispatch(settingsApi.endpoints.getSettings.initiate(undefined, { subscribe: false }));
  const seconds = settings.data?.codeResendSeconds ?? result.data.resendIn;
  return codeStep(sentOf(Date.now() + seconds * 1000), posted.intent === 'resend');
}

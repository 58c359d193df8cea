/**
 * The test shop's sign-in (as the API answers it): one-time codes sent to the outbox, sign-in by
 * code or password, registration, recovery, the token pair and its rotation, sessions, and the
 * recent proof some account changes ask for. A sign-in sent with `X-Auth-Mode: session` starts a
 * web session instead (its cookie, the guest cart merged: web-session.ts). Tokens are unsigned (`alg: none`): the kit is a test
 * double, it does not hash or sign.
 */
import {
  DEFAULT_CODE_RESEND_SECONDS,
  PROOF_VALID_MINUTES,
  WEB_SESSION_COOKIES,
  type Locale,
} from '../constants/index.js';
import type { RouteOutput } from '../contract/index.js';
import type { CodeSent, DraftMergeAnswer, SignInAnswer } from '../schemas/index.js';
import { loginKind } from '../validation/validate-login.js';
import { invalid, issue, TestShopError } from './errors.js';
import type { RouteImpls, ShopCore } from './routes.js';
import {
  clearCookie,
  csrfTokenOf,
  mergeGuestCart,
  sendSessionCookie,
  type TestWebExchange,
} from './web-session.js';
import {
  ACCESS_TOKEN_MINUTES,
  CODE_ATTEMPTS,
  CODE_VALID_MINUTES,
  customerByLogin,
  loginTaken,
  newId,
  normalizeLogin,
  primaryContact,
  signInProofUntil,
  type CodePurpose,
  type TestCustomer,
  type TestSession,
} from './state.js';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return [...data].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function uuid(): string {
  const h = randomHex(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const CODE_SUBJECTS: Record<CodePurpose, string> = {
  login: 'Your sign-in code',
  register: 'Your registration code',
  recovery: 'Your account recovery code',
  'verify-email': 'Verify your e-mail',
  'verify-phone': 'Verify your phone',
  proof: 'Confirm it is you',
};

function channelOf(to: string): 'email' | 'sms' {
  return loginKind(to) === 'phone' ? 'sms' : 'email';
}

/** Sends a one-time code to `to` (the outbox keeps it); 429 `resend_too_soon` within the wait. */
export function sendCode(shop: ShopCore, to: string, purpose: CodePurpose): CodeSent {
  const { state } = shop;
  const now = shop.now();
  const wait = state.settings.codeResendSeconds ?? DEFAULT_CODE_RESEND_SECONDS;
  const last = state.codes.filter((c) => c.to === to && c.purpose === purpose).at(-1);
  if (last && !last.used && last.attempts < CODE_ATTEMPTS && Date.parse(last.expiresAt) > now.getTime()) {
    const left = Math.ceil((Date.parse(last.sentAt) + wait * 1000 - now.getTime()) / 1000);
    if (left > 0) {
      throw new TestShopError('resend_too_soon', {
        params: { seconds: left },
        extra: { seconds: left, retryAfter: left },
      });
    }
  }
  const code = shop.makeCode();
  state.codes.push({
    to,
    purpose,
    code,
    sentAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CODE_VALID_MINUTES * 60_000).toISOString(),
    attempts: 0,
    used: false,
  });
  const channel = channelOf(to);
  state.outbox.push({
    id: newId(state),
    to,
    channel,
    subject: CODE_SUBJECTS[purpose],
    text: `Your code is ${code}. It expires in ${CODE_VALID_MINUTES} minutes.`,
    code,
    createdAt: now.toISOString(),
  });
  return { channel, resendIn: wait };
}

/** Spends the code of `to` for `purpose`; 422 `invalid_code`, 429 after too many tries. */
export function useCode(shop: ShopCore, to: string, purpose: CodePurpose, code: string, field = 'code'): void {
  const now = shop.now().getTime();
  const last = shop.state.codes.filter((c) => c.to === to && c.purpose === purpose).at(-1);
  const wrong = () => new TestShopError('invalid_code', { fields: { [field]: [issue('invalid_code')] } });
  if (!last || last.used || Date.parse(last.expiresAt) <= now) throw wrong();
  if (last.attempts >= CODE_ATTEMPTS) {
    throw new TestShopError('code_attempts_exceeded', { extra: { retryAfter: 1 } });
  }
  if (last.code !== code.trim()) {
    last.attempts += 1;
    if (last.attempts >= CODE_ATTEMPTS) {
      throw new TestShopError('code_attempts_exceeded', { extra: { retryAfter: 1 } });
    }
    throw wrong();
  }
  last.used = true;
}

function accessToken(shop: ShopCore, customer: TestCustomer, session: TestSession): string {
  const expiresAt = shop.now().getTime() + ACCESS_TOKEN_MINUTES * 60_000;
  const header = base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      sub: String(customer.id),
      username: primaryContact(customer).to,
      sid: session.id,
      exp: Math.floor(expiresAt / 1000),
      jti: randomHex(8),
    }),
  );
  const token = `${header}.${payload}.test-shop`;
  shop.state.accessTokens[token] = { sessionId: session.id, expiresAt };
  return token;
}

/** A new session (signed in now) and its token pair. */
export function signIn(shop: ShopCore, customer: TestCustomer, device: string | null = null) {
  const session = startSession(shop, customer, device);
  return { token: accessToken(shop, customer, session), refresh_token: session.refreshToken };
}

/** A new session of the customer, signed in now. */
function startSession(shop: ShopCore, customer: TestCustomer, device: string | null): TestSession {
  const now = shop.now().toISOString();
  const session: TestSession = {
    id: uuid(),
    customerId: customer.id,
    refreshToken: randomHex(32),
    spentRefreshTokens: [],
    createdAt: now,
    lastUsedAt: now,
    device,
    provenUntil: signInProofUntil(shop.now()),
    ended: false,
  };
  shop.state.sessions.push(session);
  return session;
}

/**
 * A sign-in's answer: a token pair, or when asked for a web session (`X-Auth-Mode: session`) the
 * session's cookie set, its CSRF token, and the guest's server cart the request carried merged
 * into the member's draft (its cookie cleared). The browser's earlier web session, whose cookie is
 * replaced, ends. A token sign-in leaves a guest cart and its cookie alone.
 */
function signInAnswer(
  { shop, request, web, locale }: { shop: ShopCore; request: Request; web: TestWebExchange; locale: Locale },
  customer: TestCustomer,
): SignInAnswer {
  if (!web.wantsSession) return signIn(shop, customer, deviceOf(request));
  const session = startSession(shop, customer, deviceOf(request));
  const csrf = sendSessionCookie(web, session);
  if (web.session) web.session.ended = true;
  let merge: DraftMergeAnswer | null = null;
  if (web.cart) {
    merge = mergeGuestCart(shop, web.cart, customer, locale);
    clearCookie(web, WEB_SESSION_COOKIES.cart);
  }
  return { session: 'cookie', csrf_token: csrf, merge };
}

export function endSessions(shop: ShopCore, customerId: number, keep?: string): void {
  for (const s of shop.state.sessions) {
    if (s.customerId === customerId && s.id !== keep) s.ended = true;
  }
}

/** The session of a bearer token, when it is valid now. */
export function sessionOfToken(shop: ShopCore, token: string): TestSession | null {
  const issued = shop.state.accessTokens[token];
  if (!issued || issued.expiresAt <= shop.now().getTime()) return null;
  const session = shop.state.sessions.find((s) => s.id === issued.sessionId && !s.ended);
  if (!session) return null;
  if (!shop.state.customers.some((c) => c.id === session.customerId)) return null;
  return session;
}

function deviceOf(request: Request): string | null {
  const agent = request.headers.get('user-agent') ?? '';
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return browser && os ? `${browser} · ${os}` : (browser ?? os);
}

function maskContact(to: string): string {
  if (to.includes('@')) {
    const [name = '', domain = ''] = to.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return `***-***-${to.slice(-4)}`;
}

function proofStatus(shop: ShopCore, customer: TestCustomer, session: TestSession) {
  const proven = session.provenUntil && Date.parse(session.provenUntil) > shop.now().getTime();
  const contact = primaryContact(customer);
  return {
    provenUntil: proven ? session.provenUntil : null,
    methods: customer.password !== null ? (['password', 'code'] as const) : (['code'] as const),
    codeChannel: contact.channel,
    codeTo: maskContact(contact.to),
  } as RouteOutput<'proofStatus'>;
}

export function requireProof(shop: ShopCore, session: TestSession): void {
  if (!session.provenUntil || Date.parse(session.provenUntil) <= shop.now().getTime()) {
    throw new TestShopError('recent_proof_required');
  }
}

export const AUTH_ROUTES: RouteImpls = {
  requestCode: ({ shop, body }) => {
    const customer = customerByLogin(shop.state, body.login);
    if (!customer) throw new TestShopError('account_not_found');
    return sendCode(shop, normalizeLogin(body.login), 'login');
  },
  verifyCode: (ctx) => {
    const { shop, body } = ctx;
    const customer = customerByLogin(shop.state, body.login);
    if (!customer) throw new TestShopError('account_not_found');
    useCode(shop, normalizeLogin(body.login), 'login', body.code);
    return signInAnswer(ctx, customer);
  },
  login: (ctx) => {
    const { shop, body } = ctx;
    const customer = customerByLogin(shop.state, body.username);
    if (!customer || customer.password === null || customer.password !== body.password) {
      throw new TestShopError('invalid_credentials');
    }
    return signInAnswer(ctx, customer);
  },
  logout: ({ shop, body, web }) => {
    const session = shop.state.sessions.find((s) => s.refreshToken === body.refresh_token);
    if (session) session.ended = true;
    // The web session of the cookie ends (and the cookie goes, valid or not).
    if (web.session) web.session.ended = true;
    if (web.cookies.has(WEB_SESSION_COOKIES.session)) clearCookie(web, WEB_SESSION_COOKIES.session);
    return { ok: true };
  },
  // The CSRF token of the request's web session or guest cart cookie; null without one.
  csrfToken: ({ web }) => ({
    csrf_token: web.session
      ? csrfTokenOf({ sessionId: web.session.id })
      : web.cart
        ? csrfTokenOf({ cartOwnerId: web.cart.ownerId })
        : null,
  }),
  refreshToken: ({ shop, body }) => {
    const { state } = shop;
    const spent = state.sessions.find((s) => s.spentRefreshTokens.includes(body.refresh_token));
    if (spent) {
      // Reuse of a rotated token: the whole family (session) ends.
      spent.ended = true;
      throw new TestShopError('invalid_refresh_token');
    }
    const session = state.sessions.find((s) => s.refreshToken === body.refresh_token && !s.ended);
    const customer = session && state.customers.find((c) => c.id === session.customerId);
    if (!session || !customer) throw new TestShopError('invalid_refresh_token');
    session.spentRefreshTokens.push(session.refreshToken);
    session.refreshToken = randomHex(32);
    session.lastUsedAt = shop.now().toISOString();
    return { token: accessToken(shop, customer, session), refresh_token: session.refreshToken };
  },
  registerCode: ({ shop, body }) => {
    if (loginTaken(shop.state, body.login)) throw new TestShopError('account_exists');
    return sendCode(shop, normalizeLogin(body.login), 'register');
  },
  register: (ctx) => {
    const { shop, body } = ctx;
    const { state } = shop;
    if (loginTaken(state, body.login)) throw new TestShopError('account_exists');
    const login = normalizeLogin(body.login);
    useCode(shop, login, 'register', body.code);
    const email = loginKind(login) === 'email';
    const customer: TestCustomer = {
      id: newId(state),
      password: body.password ? body.password : null,
      passwordUpdatedAt: body.password ? shop.now().toISOString() : null,
      firstName: body.firstName || null,
      middleName: null,
      lastName: body.lastName || null,
      organization: null,
      gender: null,
      birthdate: null,
      interfaceLanguage: body.interfaceLanguage ?? 'en',
      preferredCommunicationLanguage: null,
      preferredCommunicationMethod: null,
      isMarketingEnabled: false,
      sendNotificationByEmail: true,
      sendNotificationByPhone: false,
      emails: email
        ? [{ id: newId(state), address: login, reg: true, verified: true, receiveMarketingMailing: false }]
        : [],
      phones: email
        ? []
        : [
            {
              id: newId(state),
              number: login,
              reg: true,
              verified: true,
              receiveSms: true,
              allowMarketingCalls: false,
            },
          ],
      addresses: [],
      cards: [],
      balanceCents: 0,
      plan: null,
      favorites: [],
    };
    state.customers.push(customer);
    return signInAnswer(ctx, customer);
  },
  recoveryCode: ({ shop, body }) => {
    if (!customerByLogin(shop.state, body.login)) throw new TestShopError('account_not_found');
    return sendCode(shop, normalizeLogin(body.login), 'recovery');
  },
  recover: (ctx) => {
    const { shop, body } = ctx;
    const customer = customerByLogin(shop.state, body.login);
    if (!customer) throw new TestShopError('account_not_found');
    useCode(shop, normalizeLogin(body.login), 'recovery', body.code);
    customer.password = body.password;
    customer.passwordUpdatedAt = shop.now().toISOString();
    endSessions(shop, customer.id);
    return signInAnswer(ctx, customer);
  },
  listSessions: ({ shop, customer, session }) => ({
    sessions: shop.state.sessions
      .filter((s) => s.customerId === customer.id && !s.ended)
      .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))
      .slice(0, 50)
      .map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        current: s.id === session.id,
        device: s.device,
      })),
  }),
  endAllSessions: ({ shop, customer }) => {
    endSessions(shop, customer.id);
    return { ok: true };
  },
  endSession: ({ shop, customer, params }) => {
    const found = shop.state.sessions.find((s) => s.id === params.id && s.customerId === customer.id && !s.ended);
    if (!found) throw new TestShopError('not_found');
    found.ended = true;
    return { ok: true };
  },
  proofStatus: ({ shop, customer, session }) => proofStatus(shop, customer, session),
  requestProofCode: ({ shop, customer }) => sendCode(shop, primaryContact(customer).to, 'proof'),
  prove: ({ shop, customer, session, body }) => {
    if (body.password !== undefined && body.password !== '') {
      if (customer.password === null || body.password !== customer.password) {
        throw invalid({ password: [issue('current_password_incorrect')] });
      }
    } else if (body.code) {
      useCode(shop, primaryContact(customer).to, 'proof', body.code);
    } else {
      throw invalid({ password: [issue('required')], code: [issue('required')] });
    }
    session.provenUntil = new Date(shop.now().getTime() + PROOF_VALID_MINUTES * 60_000).toISOString();
    return proofStatus(shop, customer, session);
  },
};

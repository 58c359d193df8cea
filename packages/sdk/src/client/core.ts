import { CONTRACT_VERSION_HEADER, STORAGE_KEYS, type Locale } from '../constants/index.js';
import {
  buildPath,
  buildQuery,
  contract,
  type HttpMethod,
  type RouteDef,
  type RouteInput,
  type RouteName,
  type RouteOutput,
} from '../contract/index.js';
import {
  ApiError,
  MalformedAnswerError,
  NetworkError,
  NoRefreshTokenError,
  RETRYABLE_STATUSES,
  SessionEndedError,
  TimeoutError,
  errorFromAnswer,
} from '../errors/errors.js';
import type { TokenPair } from '../schemas/auth.js';
import type { DraftMergeAnswer } from '../schemas/order.js';
import {
  AUTH_MODE_HEADER,
  CSRF_HEADER,
  isWebSession,
  signInAnswerSchema,
  type SignInAnswer,
  type WebSession,
} from '../schemas/session.js';
import {
  createAsyncTokenStore,
  createMemoryStorage,
  createTokenStore,
  isTokenStore,
  parseTokenPair,
  type AsyncKeyValueStorage,
  type AsyncTokenStore,
  type KeyValueStorage,
  type TokenStore,
} from '../storage/storage.js';
import { isTokenExpired } from './jwt.js';
import {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  backoffDelay,
  isRetriedRoute,
  parseRetryAfter,
  sleep as sleepFor,
  type RetryOptions,
} from './retry.js';

/** Name of the Web Lock every tab takes to refresh the session. */
export const REFRESH_LOCK_NAME = 'otc-token-refresh';
/** A token this close to its `exp` (seconds) is refreshed before the call. */
export const DEFAULT_EXPIRY_SKEW_SECONDS = 10;
/** How long a refresh lease in storage holds off other clients (no Web Locks). */
export const REFRESH_LEASE_MS = 15_000;
const LEASE_POLL_MS = 25;

/** What the SDK uses of `navigator.locks`. */
export interface LockManagerLike {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** What `onRequest` sees before each try of a request; it may change `headers`. */
export interface RequestContext {
  /** The contract name of the call, e.g. `getOrder`. */
  readonly route: string;
  readonly method: HttpMethod;
  readonly url: string;
  /**
   * The headers about to be sent: add or change any (a correlation id, a trace header). The
   * same object on every try of one request, so a header set on the first try stays.
   */
  headers: Record<string, string>;
  /** 1 for the first try, 2 for the first retry, ... */
  readonly attempt: number;
  readonly locale: Locale | undefined;
}

/** What `onResponse` sees after each try: the answer's status and headers, or the failure. */
export interface ResponseContext {
  readonly route: string;
  readonly method: HttpMethod;
  readonly url: string;
  readonly attempt: number;
  /** The headers that were sent (after `onRequest`). */
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** The answer's HTTP status; 0 when no answer arrived (network failure, timeout). */
  readonly status: number;
  /** The answer's headers; undefined when no answer arrived. */
  readonly headers: Headers | undefined;
  /** From sending to the answer's body read, by the client's clock (`now`). */
  readonly durationMs: number;
  /** Why no answer arrived: a {@link NetworkError} or {@link TimeoutError}; undefined otherwise. */
  readonly error: ApiError | undefined;
  /** Whether the client tries the request again (after a wait). */
  readonly retrying: boolean;
}

/**
 * How the client holds the session (docs/web-session.md): `tokens` (the default: other teams'
 * apps; a token pair in the storage port, refreshed under the refresh lock) or `session` (the
 * same-origin web shop: an HttpOnly cookie the browser carries, nothing stored by the SDK).
 */
export type AuthMode = 'tokens' | 'session';

/** What a sign-in answers in each mode: a token pair, or the web session the cookie holds. */
export type SignInAnswerOf<M extends AuthMode> = M extends 'session' ? WebSession : TokenPair;

/** The options of both modes. */
export interface BaseClientOptions {
  /** Origin (and optional prefix) of the API, e.g. `https://shop.example` or `''` for same origin. */
  baseUrl: string;
  /**
   * The `fetch` to send with (default: the global one, looked up at each call): a server-side
   * fetch with its own agent, a test double, an instrumented fetch.
   */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Called once when a session ends (tokens: the refresh token refused with a 401, or still 401
   * after the retry; session: any 401 of an authenticated call). Never for a guest who was not
   * signed in: a guest's 401 just throws {@link SessionEndedError}. A refresh that is busy (429),
   * fails on the server (5xx) or gets no answer keeps the session.
   */
  onSessionEnd?: (() => void) | undefined;
  /** Sent with order creation and quantity changes; a function is read at each call. */
  agentId?: string | null | (() => string | null | undefined) | undefined;
  /**
   * The default `Accept-Language` of calls that pass no `locale` option, and the language of the
   * client's own errors (network, timeout, session ended). Never changes.
   */
  locale?: Locale | undefined;
  /**
   * The clock in milliseconds (default `Date.now`): token expiry, the refresh lease, an HTTP-date
   * `Retry-After`, `durationMs`. For tests and for a server whose clock is corrected.
   */
  now?: (() => number) | undefined;
  /**
   * Retries of a try that got no answer, timed out, or was answered 429, 502, 503 or 504, for the
   * calls that may be sent twice (`isRetriedRoute`; never `pay`): exponential backoff with full
   * jitter, at least the answer's `Retry-After`. Default `{ retries: 2, baseDelayMs: 300,
   * maxDelayMs: 5000 }`; `false` turns retries off.
   */
  retry?: RetryOptions | false | undefined;
  /** How long one try waits for its answer, in ms (default 30000); `false` waits for ever. */
  timeoutMs?: number | false | undefined;
  /** Called before each try; may add headers (a correlation id). An error it throws fails the call. */
  onRequest?: ((context: RequestContext) => void | Promise<void>) | undefined;
  /** Called after each try (logging, metrics). An error it throws is ignored. */
  onResponse?: ((context: ResponseContext) => void | Promise<void>) | undefined;
}

/** `tokens` mode (the default): today's client for other teams' apps. */
export interface TokensClientOptions extends BaseClientOptions {
  authMode?: 'tokens' | undefined;
  /**
   * Where the session tokens live: a key-value port (stored under `session-tokens`) or a token
   * store, synchronous (`localStorage`, memory) or asynchronous (React Native's AsyncStorage
   * through `createAsyncStorage`): an asynchronous one is read once before the first call, then
   * kept in memory by this client, its writes made in order.
   */
  tokens: KeyValueStorage | TokenStore | AsyncKeyValueStorage | AsyncTokenStore;
  /**
   * Web Locks to share the refresh between tabs; defaults to `navigator.locks`, `null` turns it
   * off (then a short lease in the token storage keeps two clients from spending one refresh
   * token twice).
   */
  locks?: LockManagerLike | null | undefined;
  /** A token this close to its `exp` (seconds) is refreshed before the call (default 10). */
  expirySkewSeconds?: number | undefined;
}

/**
 * `session` mode: the same-origin web shop. Every call is sent with `credentials: 'same-origin'`
 * and `X-Auth-Mode: session`, never an `Authorization` header; nothing is stored and nothing is
 * refreshed (the session is the API's HttpOnly cookie). Writes carry the CSRF token.
 */
export interface SessionClientOptions extends BaseClientOptions {
  authMode: 'session';
  /** Whether the visitor is signed in now (the server-drawn page knows); default false. */
  signedIn?: boolean | undefined;
  /**
   * The CSRF token of the visitor's cookie when the page knows it (null: no cookie, so none);
   * left out, it is fetched (`csrfToken`) before the first write.
   */
  csrfToken?: string | null | undefined;
}

export type ClientOptions = TokensClientOptions | SessionClientOptions;

/** Options of one call. */
export interface CallOptions {
  /**
   * `Accept-Language` of this call (and of its retry after a token refresh); defaults to the
   * client's `locale`. There is no shared, changeable locale on the client.
   */
  locale?: Locale | undefined;
  /** Cancels the call; the abort error is thrown as is (not a {@link NetworkError}). */
  signal?: AbortSignal | undefined;
}

/**
 * The arguments of `call(name, input?, options?)`: the input is optional when nothing in it is
 * required.
 */
export type CallArgs<N extends RouteName> =
  Partial<RouteInput<N>> extends RouteInput<N>
    ? [input?: RouteInput<N>, options?: CallOptions]
    : [input: RouteInput<N>, options?: CallOptions];

export interface ClientCore<M extends AuthMode = AuthMode> {
  /** How this client holds the session (`createClient({ authMode })`). */
  readonly authMode: M;
  /**
   * One typed call of the contract table. In session mode a sign-in row's answer starts the
   * in-memory session (signed in, its CSRF token, its cart merge) whoever made the call.
   */
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteOutput<N>>;
  /**
   * Takes a sign-in's answer: tokens mode stores the token pair; session mode keeps the web
   * session's state in memory. An answer of the other mode throws a `TypeError`. Resolves once
   * the pair is stored (at once for a synchronous store).
   */
  signIn(answer: SignInAnswer): Promise<void>;
  /**
   * Signs out: tokens mode revokes the refresh token (best effort) and clears the tokens; session
   * mode asks `logout` to end the cookie's session (best effort) and forgets it.
   */
  signOut(): Promise<void>;
  /**
   * Resolves once the stored session is read: an asynchronous token store (React Native) is read
   * once when the client is created; await this before `isSignedIn()` at an app's start. At once
   * otherwise.
   */
  ready(): Promise<void>;
  /** Tokens: whether a token pair is stored. Session: the in-memory flag. */
  isSignedIn(): boolean;
  /** The stored token pair, if any (always null in session mode). */
  tokens(): TokenPair | null;
  /**
   * Session mode: the CSRF token known now (for a form's `_csrf` field), null when none is known.
   * Always null in tokens mode.
   */
  csrfToken(): string | null;
  /**
   * Session mode: what the last sign-in answer's `merge` said of the guest's server cart, once
   * (then null); the cart facade's `mergeAtSignIn` reports it. Always null in tokens mode.
   */
  takeSignInMerge(): DraftMergeAnswer | null;
  /** The default locale given to `createClient` (calls may pass their own). */
  readonly defaultLocale: Locale | undefined;
  /** The agent id to send with order calls, if any. */
  agentId(): string | undefined;
  /**
   * The contract version the API said it speaks (its `X-Contract-Version` answer header), as
   * last seen; null before any answer carried it. Compare its major with `CONTRACT_VERSION`.
   */
  contractVersion(): string | null;
}

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

interface Lease {
  rt: string;
  until: number;
}

/** An answer with its body read. */
interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  /** The answer's `Retry-After`, in ms. */
  retryAfterMs: number | undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error as { name?: unknown } | null)?.name === 'AbortError';
}

function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** A token store of either kind, as the client holds it. */
type AnyTokenStore = TokenStore | AsyncTokenStore;

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The client's token store, and its first read: a promise tells an asynchronous store (a raw
 * port is asked once to find out which kind it is).
 */
function openTokenStore(tokens: TokensClientOptions['tokens']): {
  store: AnyTokenStore;
  first: TokenPair | null | Promise<TokenPair | null>;
} {
  if (isTokenStore<AnyTokenStore>(tokens)) return { store: tokens, first: tokens.read() };
  const text = tokens.get(STORAGE_KEYS.tokens);
  if (isPromise(text)) {
    return {
      store: createAsyncTokenStore(tokens as AsyncKeyValueStorage),
      first: text.then(parseTokenPair),
    };
  }
  return { store: createTokenStore(tokens as KeyValueStorage), first: parseTokenPair(text) };
}

/** Session mode keeps no token: nothing is found, and a pair is refused rather than kept. */
const NO_TOKEN_STORE: TokenStore = {
  read: () => null,
  write: () => {
    throw new TypeError('A session-mode client keeps no tokens: its session is the cookie');
  },
  clear: () => undefined,
};

/** Methods that change nothing: they carry no CSRF token. */
const SAFE_METHODS: readonly HttpMethod[] = ['GET'];

/** The sign-in rows: their answer is a token pair or a web session. */
function isSignInRoute(route: RouteDef): boolean {
  return route.response === signInAnswerSchema;
}

export function createClientCore(options: SessionClientOptions): ClientCore<'session'>;
export function createClientCore(options: TokensClientOptions): ClientCore<'tokens'>;
export function createClientCore(options: ClientOptions): ClientCore;
export function createClientCore(options: ClientOptions): ClientCore {
  const tokensOptions = options.authMode === 'session' ? undefined : options;
  const sessionOptions = options.authMode === 'session' ? options : undefined;
  // Which kind of store `tokens` is shows at its first read (a promise: asynchronous), made
  // when the client first needs the pair, so a client that is never used never touches it.
  let store: AnyTokenStore = NO_TOKEN_STORE;
  let storeKind: 'unread' | 'sync' | 'async' = tokensOptions ? 'unread' : 'sync';
  // An asynchronous store is read once into `known`; this client then answers from memory and
  // writes in order (`writes`), so one client per asynchronous store (README: React Native).
  let known: TokenPair | null = null;
  let changedBeforeLoad = false;
  let loaded: Promise<void> = Promise.resolve();
  let writes: Promise<void> = Promise.resolve();
  const leaseKey = `${STORAGE_KEYS.tokens}:refreshing`;
  const ownLease = createMemoryStorage();
  const doFetch: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const skew = tokensOptions?.expirySkewSeconds ?? DEFAULT_EXPIRY_SKEW_SECONDS;
  const defaultLocale = options.locale;
  // Field by field: a spread would let an explicit `undefined` replace a default.
  const retry =
    options.retry === false
      ? null
      : {
          retries: options.retry?.retries ?? DEFAULT_RETRY.retries,
          baseDelayMs: options.retry?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
          maxDelayMs: options.retry?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
        };
  const timeoutMs = options.timeoutMs === false ? 0 : (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let inflight: Promise<TokenPair> | null = null;
  let endNotified = false;
  let contractVersion: string | null = null;
  // Session mode's state, in memory only: the cookie is the session, these only mirror it.
  let webSignedIn = sessionOptions?.signedIn ?? false;
  /** The CSRF token: undefined until known, null when the visitor has no cookie to guard. */
  let csrf: string | null | undefined = sessionOptions?.csrfToken;
  let csrfInflight: Promise<void> | null = null;
  let signInMerge: DraftMergeAnswer | null = null;

  /** The stored pair: read through a synchronous store (tabs share it), from memory otherwise. */
  function readPair(): TokenPair | null | Promise<TokenPair | null> {
    if (storeKind === 'sync') return (store as TokenStore).read();
    if (storeKind === 'async') return loaded.then(() => known);
    const opened = openTokenStore((tokensOptions as TokensClientOptions).tokens);
    store = opened.store;
    if (!isPromise(opened.first)) {
      storeKind = 'sync';
      return opened.first;
    }
    storeKind = 'async';
    loaded = opened.first.then(
      (pair) => {
        // A sign-in while the store was being read wins over what it held.
        if (!changedBeforeLoad) known = pair;
      },
      () => undefined, // unreadable: signed out
    );
    return loaded.then(() => known);
  }

  /** The pair now, without waiting (an asynchronous store's copy in memory). */
  function currentPair(): TokenPair | null {
    const read = readPair();
    return isPromise(read) ? known : read;
  }

  /** Where the refresh lease lives: the shared synchronous port when known, else this client. */
  function leaseStorage(): KeyValueStorage {
    return ('storage' in store ? store.storage : undefined) ?? ownLease;
  }

  /**
   * Stores a pair (null clears it). An asynchronous store's writes are chained, so a clear never
   * lands before the write it follows; one that fails leaves the pair in memory only.
   */
  function storePair(pair: TokenPair | null): Promise<void> {
    if (storeKind === 'unread') void readPair();
    if (storeKind === 'sync') {
      if (pair) (store as TokenStore).write(pair);
      else store.clear();
      return Promise.resolve();
    }
    known = pair;
    changedBeforeLoad = true;
    writes = writes.then(() => (pair ? store.write(pair) : store.clear())).catch(() => undefined);
    return writes;
  }

  function resolveLocks(): LockManagerLike | undefined {
    if (tokensOptions?.locks !== undefined) return tokensOptions?.locks ?? undefined;
    const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
    return nav?.locks ?? undefined;
  }

  function agentId(): string | undefined {
    const value = typeof options.agentId === 'function' ? options.agentId() : options.agentId;
    return value ? value : undefined;
  }

  /** Clears the tokens; tells `onSessionEnd` only when there was a session to end. */
  function endSession(hadSession: boolean): void {
    void storePair(null);
    if (hadSession && !endNotified) {
      endNotified = true;
      options.onSessionEnd?.();
    }
  }

  /**
   * One try: fetch and read the body, within `timeoutMs`. The caller's abort is thrown as is; no
   * answer is a NetworkError (a TimeoutError when the time ran out).
   */
  async function tryOnce(
    name: string,
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    locale: Locale | undefined,
  ): Promise<Answer> {
    const controller = timeoutMs > 0 || signal ? new AbortController() : undefined;
    let timedOut = false;
    const onAbort = () => controller?.abort(signal?.reason);
    if (signal?.aborted) throw signal.reason;
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller?.abort();
          }, timeoutMs)
        : undefined;
    try {
      const res = await doFetch(url, controller ? { ...init, signal: controller.signal } : init);
      const text = await res.text().catch((error: unknown) => {
        if (timedOut || signal?.aborted) throw error;
        return '';
      });
      return {
        status: res.status,
        ok: res.ok,
        headers: res.headers,
        text,
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), now()),
      };
    } catch (error) {
      if (timedOut && !signal?.aborted) throw new TimeoutError(name, timeoutMs, locale);
      if (isAbort(error, signal)) throw error;
      throw new NetworkError(name, error, locale);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Sends a call: each try goes through `onRequest` and `onResponse`; a try that got no answer,
   * timed out, or was answered 429/502/503/504 is tried again after a backoff when the row may
   * be sent twice (`isRetriedRoute`) and retries are left.
   */
  async function send(
    name: string,
    route: RouteDef,
    input: LooseInput,
    token: string | undefined,
    callOptions: CallOptions = {},
  ): Promise<Answer> {
    const locale = callOptions.locale ?? defaultLocale;
    const url = `${baseUrl}${buildPath(route.path, input.params)}${route.query ? buildQuery(input.query) : ''}`;
    const body = route.body && input.body !== undefined ? JSON.stringify(input.body) : undefined;
    const retries = retry && isRetriedRoute(name, route.method) ? retry.retries : 0;
    // One headers object for every try of this request: what `onRequest` set on the first try
    // (a correlation id) is there on the next.
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (locale) headers['Accept-Language'] = locale;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (sessionOptions) {
      headers[AUTH_MODE_HEADER] = 'session';
      if (csrf && !SAFE_METHODS.includes(route.method)) headers[CSRF_HEADER] = csrf;
    }
    for (let attempt = 0; ; attempt += 1) {
      const context: RequestContext = {
        route: name,
        method: route.method,
        url,
        headers,
        attempt: attempt + 1,
        locale,
      };
      await options.onRequest?.(context);
      const init: RequestInit = { method: route.method, headers: { ...context.headers } };
      if (body !== undefined) init.body = body;
      // The session and cart cookies go with same-origin calls only (HttpOnly: never read here).
      if (sessionOptions) init.credentials = 'same-origin';
      const started = now();
      let answer: Answer | undefined;
      let failure: ApiError | undefined;
      try {
        answer = await tryOnce(name, url, init, callOptions.signal, locale);
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        failure = error;
      }
      const version = answer?.headers.get(CONTRACT_VERSION_HEADER);
      if (version) contractVersion = version;
      // The API sends a new CSRF token whenever it sets a session or cart cookie.
      const csrfAnswered = sessionOptions ? answer?.headers.get(CSRF_HEADER) : undefined;
      if (csrfAnswered) csrf = csrfAnswered;
      let wait: number | undefined;
      if (
        retry &&
        attempt < retries &&
        (failure || RETRYABLE_STATUSES.includes(answer?.status ?? 0))
      ) {
        const asked = answer?.retryAfterMs;
        // Asked to wait longer than we would: the caller decides, with `retryAfterMs`.
        if (asked === undefined || asked <= retry.maxDelayMs)
          wait = backoffDelay(attempt, retry, asked);
      }
      try {
        await options.onResponse?.({
          route: name,
          method: route.method,
          url,
          attempt: attempt + 1,
          requestHeaders: { ...context.headers },
          status: answer?.status ?? 0,
          headers: answer?.headers,
          durationMs: now() - started,
          error: failure,
          retrying: wait !== undefined,
        });
      } catch {
        // A logging hook never turns an answered call into a failure.
      }
      if (wait === undefined) {
        if (answer) return answer;
        throw failure;
      }
      await sleepFor(wait, callOptions.signal);
    }
  }

  /** The error of a non-2xx answer, in the call's language. */
  function failureOf(name: string, answer: Answer, locale: Locale | undefined): ApiError {
    return errorFromAnswer(answer.status, answer.text, name, {
      locale: locale ?? defaultLocale,
      retryAfterMs: answer.retryAfterMs,
    });
  }

  function readAnswer(
    name: string,
    route: RouteDef,
    answer: Answer,
    locale: Locale | undefined,
  ): unknown {
    const { text } = answer;
    if (!answer.ok) throw failureOf(name, answer, locale);
    const malformed = { status: answer.status, locale: locale ?? defaultLocale };
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new MalformedAnswerError(name, 'the answer is not JSON', undefined, malformed);
    }
    const parsed = route.response.safeParse(json);
    if (!parsed.success) {
      throw new MalformedAnswerError(
        name,
        describeIssues(parsed.error.issues),
        parsed.error.issues,
        malformed,
      );
    }
    return parsed.data;
  }

  function readLease(): Lease | null {
    const text = leaseStorage().get(leaseKey);
    if (!text) return null;
    try {
      const lease = JSON.parse(text) as Partial<Lease>;
      return typeof lease.rt === 'string' && typeof lease.until === 'number'
        ? { rt: lease.rt, until: lease.until }
        : null;
    } catch {
      return null;
    }
  }

  async function spend(refreshToken: string, locale: Locale | undefined): Promise<TokenPair> {
    const answer = await send(
      'refreshToken',
      contract.refreshToken,
      { body: { refresh_token: refreshToken } },
      undefined,
      { locale },
    );
    const pair = readAnswer('refreshToken', contract.refreshToken, answer, locale) as TokenPair;
    await storePair(pair);
    return pair;
  }

  /**
   * Rereads the stored pair: when another tab or client already rotated the refresh token the
   * caller saw, that pair is used; otherwise the stored refresh token is spent once.
   */
  async function refreshOnce(
    seen: string | undefined,
    route: string,
    useLease: boolean,
    locale: Locale | undefined,
  ): Promise<TokenPair> {
    for (;;) {
      const stored = await readPair();
      if (!stored) throw new NoRefreshTokenError(route, locale ?? defaultLocale);
      if (stored.refresh_token !== seen) return stored;
      if (!useLease) return spend(stored.refresh_token, locale);
      const lease = readLease();
      if (lease && lease.rt === stored.refresh_token && lease.until > now()) {
        // Another client sharing this storage is spending this refresh token: wait for its pair.
        await sleep(LEASE_POLL_MS);
        continue;
      }
      leaseStorage().set(
        leaseKey,
        JSON.stringify({ rt: stored.refresh_token, until: now() + REFRESH_LEASE_MS }),
      );
      try {
        return await spend(stored.refresh_token, locale);
      } finally {
        if (readLease()?.rt === stored.refresh_token) leaseStorage().remove(leaseKey);
      }
    }
  }

  async function runRefresh(
    seen: string | undefined,
    route: string,
    locale: Locale | undefined,
  ): Promise<TokenPair> {
    const locks = resolveLocks();
    try {
      const pair = locks
        ? await locks.request(REFRESH_LOCK_NAME, () => refreshOnce(seen, route, false, locale))
        : await refreshOnce(seen, route, true, locale);
      endNotified = false;
      return pair;
    } catch (error) {
      // A session existed when the caller held a refresh token or one is stored now.
      const hadSession = seen !== undefined || (await readPair()) !== null;
      if (error instanceof SessionEndedError) {
        endSession(hadSession);
        throw error;
      }
      // Only a refused refresh token (401 `invalid_refresh_token`) ends the session. Busy (429),
      // a server or gateway failure, no answer, a malformed answer: the tokens are kept (the
      // refresh may succeed later) and that error is thrown (`retryable`, `retryAfterMs`).
      if (error instanceof ApiError && error.status === 401) {
        endSession(hadSession);
        throw new SessionEndedError(undefined, route, {
          cause: error,
          locale: locale ?? defaultLocale,
        });
      }
      throw error;
    }
  }

  /** Single flight: every concurrent caller shares one refresh. */
  function refresh(
    seen: string | undefined,
    route: string,
    locale: Locale | undefined,
  ): Promise<TokenPair> {
    inflight ??= runRefresh(seen, route, locale).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  /** Session mode: the in-memory session a sign-in answer started. */
  function startWebSession(answer: WebSession): void {
    webSignedIn = true;
    csrf = answer.csrf_token;
    signInMerge = answer.merge;
    endNotified = false;
  }

  /** Session mode: forgets the session; tells `onSessionEnd` only when there was one. */
  function endWebSession(notify: boolean): void {
    const hadSession = webSignedIn;
    webSignedIn = false;
    // The token was bound to the ended session; the next write asks for the visitor's new one.
    csrf = undefined;
    signInMerge = null;
    if (notify && hadSession && !endNotified) {
      endNotified = true;
      options.onSessionEnd?.();
    }
  }

  /** Session mode: asks the CSRF token of the visitor's cookie (one request for every caller). */
  function fetchCsrfToken(locale: Locale | undefined): Promise<void> {
    csrfInflight ??= (async () => {
      const answer = await send('csrfToken', contract.csrfToken, {}, undefined, { locale });
      const { csrf_token } = readAnswer('csrfToken', contract.csrfToken, answer, locale) as {
        csrf_token: string | null;
      };
      // null: no cookie yet, so the write needs no token (its answer brings the first one).
      csrf = csrf_token;
    })().finally(() => {
      csrfInflight = null;
    });
    return csrfInflight;
  }

  function isCsrfRefusal(name: string, answer: Answer, locale: Locale | undefined): boolean {
    return answer.status === 403 && failureOf(name, answer, locale).code === 'csrf_token_invalid';
  }

  /**
   * Session mode's call: the cookie is the session, so there is nothing to refresh. A write
   * carries the CSRF token (asked first when unknown); a 401 of an authenticated row ends the
   * session.
   */
  async function callWithCookie(
    name: RouteName,
    route: RouteDef,
    input: LooseInput,
    callOptions: CallOptions,
  ): Promise<unknown> {
    const locale = callOptions.locale ?? defaultLocale;
    const write = !SAFE_METHODS.includes(route.method);
    if (write && csrf === undefined) await fetchCsrfToken(locale);
    let answer = await send(name, route, input, undefined, callOptions);
    if (write && isCsrfRefusal(name, answer, locale)) {
      // The API refuses a write with a wrong or missing token before it changes anything, so
      // sending it once more is safe even for a row the retries never repeat (`addToDraft`,
      // `mergeIntoDraft`): one fresh token, one more try, and a second refusal is thrown.
      await fetchCsrfToken(locale);
      answer = await send(name, route, input, undefined, callOptions);
    }
    if (answer.status === 401 && route.auth) {
      const cause = failureOf(name, answer, locale);
      endWebSession(true);
      throw new SessionEndedError(undefined, name, { cause, locale });
    }
    const data = readAnswer(name, route, answer, locale);
    if (isSignInRoute(route)) {
      if (!isWebSession(data as SignInAnswer)) {
        // An API that does not know the header answered a token pair: it is not kept (nothing
        // is stored in this mode), so nobody would be signed in.
        throw new MalformedAnswerError(
          name,
          `a token pair answered a sign-in asked for a web session (${AUTH_MODE_HEADER}: session)`,
          undefined,
          { status: answer.status, locale },
        );
      }
      startWebSession(data as WebSession);
    }
    return data;
  }

  async function call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteOutput<N>> {
    const route: RouteDef = contract[name];
    const input = (args[0] ?? {}) as LooseInput;
    // Captured once: the retry after a refresh goes out with this call's own locale.
    const callOptions: CallOptions = args[1] ?? {};
    if (sessionOptions) {
      return (await callWithCookie(name, route, input, callOptions)) as RouteOutput<N>;
    }
    const locale = callOptions.locale ?? defaultLocale;
    // A synchronous store is read without a wait, as before asynchronous stores existed.
    const read = readPair();
    let pair = isPromise(read) ? await read : read;
    if (pair && isTokenExpired(pair.token, now(), skew)) {
      try {
        pair = await refresh(pair.refresh_token, name, locale);
      } catch (error) {
        // A public call goes on as a guest when the session could not be renewed.
        if (route.auth || !(error instanceof SessionEndedError)) throw error;
        pair = null;
      }
    }
    let answer = await send(name, route, input, pair?.token, callOptions);
    // A cart row (readCart: `auth` false, `guestCart`) answers a token it refuses with a 401 too,
    // as an authenticated row does: renewed and sent again, not thrown at a signed-in member.
    if (answer.status === 401 && (route.auth || (route.guestCart && pair))) {
      const fresh = await refresh(pair?.refresh_token, name, locale);
      answer = await send(name, route, input, fresh.token, callOptions);
      if (answer.status === 401) {
        const cause = failureOf(name, answer, locale);
        endSession(true);
        throw new SessionEndedError(undefined, name, { cause, locale });
      }
    }
    return readAnswer(name, route, answer, locale) as RouteOutput<N>;
  }

  if (sessionOptions) {
    return {
      authMode: 'session',
      call,
      signIn(answer) {
        if (!isWebSession(answer)) {
          throw new TypeError('A session-mode client keeps no tokens: its session is the cookie');
        }
        startWebSession(answer);
        return Promise.resolve();
      },
      ready: () => Promise.resolve(),
      async signOut() {
        try {
          // No refresh token: the API ends the session of the cookie and clears it.
          if (webSignedIn) await call('logout', { body: {} });
        } catch {
          // Signing out here matters more than the call; the cookie's session ends on the server
          // at its expiry, or from the sessions list.
        } finally {
          endWebSession(false);
        }
      },
      isSignedIn: () => webSignedIn,
      tokens: () => null,
      csrfToken: () => csrf ?? null,
      takeSignInMerge() {
        const merge = signInMerge;
        signInMerge = null;
        return merge;
      },
      defaultLocale,
      agentId,
      contractVersion: () => contractVersion,
    };
  }

  return {
    authMode: 'tokens',
    call,
    signIn(answer) {
      if (isWebSession(answer)) {
        throw new TypeError('A tokens-mode client takes a token pair, not a web session');
      }
      endNotified = false;
      return storePair(answer);
    },
    ready() {
      void readPair();
      return loaded;
    },
    async signOut() {
      const pair = await readPair();
      try {
        if (pair) {
          const answer = await send(
            'logout',
            contract.logout,
            { body: { refresh_token: pair.refresh_token } },
            pair.token,
          );
          readAnswer('logout', contract.logout, answer, defaultLocale);
        }
      } catch {
        // Signing out locally matters more than the revoke call.
      } finally {
        await storePair(null);
      }
    },
    isSignedIn: () => currentPair() !== null,
    tokens: () => currentPair(),
    csrfToken: () => null,
    takeSignInMerge: () => null,
    defaultLocale,
    agentId,
    contractVersion: () => contractVersion,
  };
}

import { STORAGE_KEYS, type Locale } from '../constants/index.js';
import {
  buildPath,
  buildQuery,
  contract,
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
  SessionEndedError,
  errorFromAnswer,
} from '../errors/errors.js';
import type { TokenPair } from '../schemas/auth.js';
import {
  createMemoryStorage,
  createTokenStore,
  isTokenStore,
  type KeyValueStorage,
  type TokenStore,
} from '../storage/storage.js';
import { isTokenExpired } from './jwt.js';

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

export interface ClientOptions {
  /** Origin (and optional prefix) of the API, e.g. `https://shop.example` or `''` for same origin. */
  baseUrl: string;
  /** Where the session tokens live: a key-value port (stored under `session-tokens`) or a token store. */
  tokens: KeyValueStorage | TokenStore;
  fetch?: typeof globalThis.fetch;
  /**
   * Called once when a session ends (refresh refused, or still 401 after the retry). Never for
   * a guest who was not signed in: a guest's 401 just throws {@link SessionEndedError}.
   */
  onSessionEnd?: () => void;
  /** Sent with order creation and quantity changes; a function is read at each call. */
  agentId?: string | null | (() => string | null | undefined);
  /** The default `Accept-Language` of calls that pass no `locale` option. Never changes. */
  locale?: Locale;
  /** Web Locks to share the refresh between tabs; defaults to `navigator.locks`, `null` turns it off. */
  locks?: LockManagerLike | null;
  expirySkewSeconds?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

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

export interface ClientCore {
  /** One typed call of the contract table. */
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteOutput<N>>;
  /** Stores a token pair from a sign-in. */
  signIn(pair: TokenPair): void;
  /** Revokes the refresh token (best effort) and clears the tokens. */
  signOut(): Promise<void>;
  isSignedIn(): boolean;
  /** The stored token pair, if any. */
  tokens(): TokenPair | null;
  /** The default locale given to `createClient` (calls may pass their own). */
  readonly defaultLocale: Locale | undefined;
  /** The agent id to send with order calls, if any. */
  agentId(): string | undefined;
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

export function createClientCore(options: ClientOptions): ClientCore {
  const store = isTokenStore(options.tokens) ? options.tokens : createTokenStore(options.tokens);
  const leaseKey = `${STORAGE_KEYS.tokens}:refreshing`;
  // Where the refresh lease lives: the shared port when known, else this client only.
  const leaseStorage: KeyValueStorage = store.storage ?? createMemoryStorage();
  const doFetch: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const skew = options.expirySkewSeconds ?? DEFAULT_EXPIRY_SKEW_SECONDS;
  const defaultLocale = options.locale;
  let inflight: Promise<TokenPair> | null = null;
  let endNotified = false;

  function resolveLocks(): LockManagerLike | undefined {
    if (options.locks !== undefined) return options.locks ?? undefined;
    const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
    return nav?.locks ?? undefined;
  }

  function agentId(): string | undefined {
    const value = typeof options.agentId === 'function' ? options.agentId() : options.agentId;
    return value ? value : undefined;
  }

  /** Clears the tokens; tells `onSessionEnd` only when there was a session to end. */
  function endSession(hadSession: boolean): void {
    store.clear();
    if (hadSession && !endNotified) {
      endNotified = true;
      options.onSessionEnd?.();
    }
  }

  async function send(
    name: string,
    route: RouteDef,
    input: LooseInput,
    token: string | undefined,
    callOptions: CallOptions = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const locale = callOptions.locale ?? defaultLocale;
    if (locale) headers['Accept-Language'] = locale;
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method: route.method, headers };
    if (callOptions.signal) init.signal = callOptions.signal;
    if (route.body && input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(input.body);
    }
    const url = `${baseUrl}${buildPath(route.path, input.params)}${route.query ? buildQuery(input.query) : ''}`;
    try {
      return await doFetch(url, init);
    } catch (error) {
      if (
        callOptions.signal?.aborted ||
        (error as { name?: unknown } | null)?.name === 'AbortError'
      ) {
        throw error;
      }
      throw new NetworkError(name, error);
    }
  }

  async function readAnswer(name: string, route: RouteDef, res: Response): Promise<unknown> {
    const text = await res.text().catch(() => '');
    if (!res.ok) throw errorFromAnswer(res.status, text, name);
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new MalformedAnswerError(name, 'the answer is not JSON');
    }
    const parsed = route.response.safeParse(json);
    if (!parsed.success) {
      throw new MalformedAnswerError(
        name,
        describeIssues(parsed.error.issues),
        parsed.error.issues,
      );
    }
    return parsed.data;
  }

  function readLease(): Lease | null {
    const text = leaseStorage.get(leaseKey);
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

  async function spend(refreshToken: string): Promise<TokenPair> {
    const res = await send(
      'refreshToken',
      contract.refreshToken,
      { body: { refresh_token: refreshToken } },
      undefined,
    );
    const pair = (await readAnswer('refreshToken', contract.refreshToken, res)) as TokenPair;
    store.write(pair);
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
  ): Promise<TokenPair> {
    for (;;) {
      const stored = store.read();
      if (!stored) throw new NoRefreshTokenError(route);
      if (stored.refresh_token !== seen) return stored;
      if (!useLease) return spend(stored.refresh_token);
      const lease = readLease();
      if (lease && lease.rt === stored.refresh_token && lease.until > now()) {
        // Another client sharing this storage is spending this refresh token: wait for its pair.
        await sleep(LEASE_POLL_MS);
        continue;
      }
      leaseStorage.set(
        leaseKey,
        JSON.stringify({ rt: stored.refresh_token, until: now() + REFRESH_LEASE_MS }),
      );
      try {
        return await spend(stored.refresh_token);
      } finally {
        if (readLease()?.rt === stored.refresh_token) leaseStorage.remove(leaseKey);
      }
    }
  }

  async function runRefresh(seen: string | undefined, route: string): Promise<TokenPair> {
    const locks = resolveLocks();
    try {
      const pair = locks
        ? await locks.request(REFRESH_LOCK_NAME, () => refreshOnce(seen, route, false))
        : await refreshOnce(seen, route, true);
      endNotified = false;
      return pair;
    } catch (error) {
      // A session existed when the caller held a refresh token or one is stored now.
      const hadSession = seen !== undefined || store.read() !== null;
      if (error instanceof SessionEndedError) {
        endSession(hadSession);
        throw error;
      }
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        endSession(hadSession);
        throw new SessionEndedError('The session could not be refreshed', route, { cause: error });
      }
      // Network failures and 5xx keep the session: the refresh may succeed later.
      throw error;
    }
  }

  /** Single flight: every concurrent caller shares one refresh. */
  function refresh(seen: string | undefined, route: string): Promise<TokenPair> {
    inflight ??= runRefresh(seen, route).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteOutput<N>> {
    const route: RouteDef = contract[name];
    const input = (args[0] ?? {}) as LooseInput;
    // Captured once: the retry after a refresh goes out with this call's own locale.
    const callOptions: CallOptions = args[1] ?? {};
    let pair = store.read();
    if (pair && isTokenExpired(pair.token, now(), skew)) {
      try {
        pair = await refresh(pair.refresh_token, name);
      } catch (error) {
        // A public call goes on as a guest when the session could not be renewed.
        if (route.auth || !(error instanceof SessionEndedError)) throw error;
        pair = null;
      }
    }
    let res = await send(name, route, input, pair?.token, callOptions);
    if (res.status === 401 && route.auth) {
      const fresh = await refresh(pair?.refresh_token, name);
      res = await send(name, route, input, fresh.token, callOptions);
      if (res.status === 401) {
        const cause = errorFromAnswer(401, await res.text().catch(() => ''), name);
        endSession(true);
        throw new SessionEndedError('Still unauthorized after refreshing the session', name, {
          cause,
        });
      }
    }
    return (await readAnswer(name, route, res)) as RouteOutput<N>;
  }

  return {
    call,
    signIn(pair) {
      store.write(pair);
      endNotified = false;
    },
    async signOut() {
      const pair = store.read();
      try {
        if (pair) {
          const res = await send(
            'logout',
            contract.logout,
            { body: { refresh_token: pair.refresh_token } },
            pair.token,
          );
          await readAnswer('logout', contract.logout, res);
        }
      } catch {
        // Signing out locally matters more than the revoke call.
      } finally {
        store.clear();
      }
    },
    isSignedIn: () => store.read() !== null,
    tokens: () => store.read(),
    defaultLocale,
    agentId,
  };
}

export { createClient, type Client } from './create-client.js';
export {
  createClientCore,
  DEFAULT_EXPIRY_SKEW_SECONDS,
  REFRESH_LEASE_MS,
  REFRESH_LOCK_NAME,
  type AuthMode,
  type BaseClientOptions,
  type CallArgs,
  type ClientCore,
  type CallOptions,
  type ClientOptions,
  type LockManagerLike,
  type RequestContext,
  type ResponseContext,
  type SessionClientOptions,
  type SignInAnswerOf,
  type TokensClientOptions,
} from './core.js';
export {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  NOT_RETRIED_ROUTES,
  RETRIED_ROUTES,
  backoffDelay,
  isRetriedRoute,
  parseRetryAfter,
  type RetryOptions,
} from './retry.js';
export { isTokenExpired, readTokenExpiry } from './jwt.js';

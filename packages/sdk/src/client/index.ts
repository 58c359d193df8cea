export { createClient, type Client } from './create-client.js';
export {
  createClientCore,
  DEFAULT_EXPIRY_SKEW_SECONDS,
  REFRESH_LEASE_MS,
  REFRESH_LOCK_NAME,
  type CallArgs,
  type ClientCore,
  type CallOptions,
  type ClientOptions,
  type LockManagerLike,
} from './core.js';
export { isTokenExpired, readTokenExpiry } from './jwt.js';

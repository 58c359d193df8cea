/**
 * When the client tries a request again by itself, and how long it waits first. Decided per
 * contract row here, in the client (the contract itself says nothing of retries): a request is
 * tried again only when sending it twice leaves the shop as sending it once.
 *
 * Session mode's one resend after a 403 `csrf_token_invalid` (core.ts) is not a retry of this
 * module: the API refuses such a write before changing anything, so it is safe for every row,
 * and it happens once, with a freshly asked token, whatever the row's retries say.
 */
import type { HttpMethod, RouteName } from '../contract/index.js';

/** The client's retry settings (`createClient({ retry })`); `false` turns retries off. */
export interface RetryOptions {
  /** Tries after the first (default 2). */
  retries?: number | undefined;
  /** The first wait, doubled at each try (default 300 ms). */
  baseDelayMs?: number | undefined;
  /**
   * The longest wait (default 5000 ms). A `Retry-After` longer than this is not waited for: the
   * error is thrown at once, with its `retryAfterMs`.
   */
  maxDelayMs?: number | undefined;
}

export const DEFAULT_RETRY: Readonly<Record<keyof RetryOptions, number>> = {
  retries: 2,
  baseDelayMs: 300,
  maxDelayMs: 5000,
};

/** How long a try may wait for its answer, by default (`createClient({ timeoutMs })`). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Rows that are not GET, PUT or DELETE but set a state (sending them twice leaves the same
 * state), so they are retried too.
 */
export const RETRIED_ROUTES: readonly RouteName[] = [
  // Rotation: a refresh token is spent once. A try that got no answer is retried with the same
  // token; had the API already rotated it, it refuses the reuse (401) as the next call would.
  'refreshToken',
  'logout',
  'prepareDraft', // the open draft, created only when there is none
  'makeEmailPrimary',
  'makePhonePrimary',
  'updateCustomer',
  'updateEmail',
  'updatePhone',
  'updateAddress',
  'makeCardActive',
  'setSkuAmount', // sets an amount (addToDraft, which adds units, is not retried)
  'recalculate',
  'updateOrder', // sets or clears the promo code
];

/** GET, PUT or DELETE rows that are never retried: a repeat would not answer as the first. */
export const NOT_RETRIED_ROUTES: readonly RouteName[] = [
  'changePassword', // a repeat after a success checks the old password again: refused
  'endAllSessions', // ends this session too: a repeat is unauthorized
];

/**
 * Whether a failed try of this row is tried again (on no answer, a timeout, 429, 502, 503 or
 * 504): GET, PUT and DELETE rows but {@link NOT_RETRIED_ROUTES}, and {@link RETRIED_ROUTES}.
 * Never `payOrder`: the pay route takes no idempotency key, so a repeat of a declined or
 * unanswered payment would charge again; the caller decides (a repeat of a paid order answers
 * the first payment).
 */
export function isRetriedRoute(name: string, method: HttpMethod): boolean {
  if ((NOT_RETRIED_ROUTES as readonly string[]).includes(name)) return false;
  if ((RETRIED_ROUTES as readonly string[]).includes(name)) return true;
  return method === 'GET' || method === 'PUT' || method === 'DELETE';
}

/**
 * A `Retry-After` value in ms: seconds (`"120"`) or an HTTP date, from `nowMs`. Undefined when
 * absent or unreadable; never negative.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * The wait before try `attempt + 1` (`attempt` counts from 0): exponential backoff with full
 * jitter, `random() * min(maxDelayMs, baseDelayMs * 2^attempt)`, but never less than what the
 * API asked (`retryAfterMs`).
 */
export function backoffDelay(
  attempt: number,
  options: Readonly<Record<keyof RetryOptions, number>>,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  const jittered = Math.floor(random() * ceiling);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

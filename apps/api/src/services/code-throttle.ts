/**
 * Increasing waits for sending one-time codes (issue 17), per scope, in `code_throttles`:
 *
 * - `login:<target>` — every code sent to one e-mail or phone, all purposes together. The first
 *   `codeLoginFreePerHour` codes of an hour go out freely (the per-purpose resend wait of
 *   codes.ts still applies); after that each further code waits twice as long as the wait before
 *   (1, 2, 4, 8 … minutes), never longer than `codeLoginMaxWaitMinutes` (15). Whoever floods a
 *   member's login can make the member wait at most that long — never a day — and every code
 *   such a flood sends goes to the member, whose newest code keeps working for 10 minutes.
 *   Refused: 429 `code_requests_slowed` `{ minutes }` with Retry-After.
 * - `client:<address>` — every code request of one client address: codes sent, requests refused
 *   by a wait of the login, and lookups that found no account (`countLookup`: a sign-in or
 *   recovery code for an unknown login, a registration code for a taken one, adding a contact
 *   another account holds), so asking "does this login exist?" costs what asking for a code
 *   costs. `codeClientFreePerHour` (20) freely, then the same doubling waits up to
 *   `codeClientMaxWaitMinutes` (60). Refused: 429 `too_many_requests` with Retry-After.
 *
 * A scope quiet for `CODE_THROTTLE_QUIET_MS` (an hour without a request once its wait has ended)
 * starts afresh; so does a scope whose hour ended without going past its free codes.
 *
 * Atomic on PostgreSQL: the scope's row is taken with one `INSERT … ON CONFLICT DO UPDATE …
 * RETURNING` (which locks it) inside the caller's transaction — codes.ts's, which also holds the
 * advisory locks of the login and the address — and written before that transaction commits, so
 * parallel requests on any number of processes each see the requests before them.
 *
 * Pruning as in sign-in-guard.ts: the write path deletes, at most once per
 * `CODE_THROTTLE_PRUNE_EVERY_MS` per process, up to `CODE_THROTTLE_PRUNE_BATCH` rows that count
 * for nothing any more (quiet), oldest first (index on `updated_at`), skipping rows in use.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { codeThrottles } from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/errors.js';

/** The window of the free codes. */
export const CODE_THROTTLE_WINDOW_MS = 60 * 60 * 1000;
/** A scope without requests for this long (after its wait ended) starts afresh, and is pruned. */
export const CODE_THROTTLE_QUIET_MS = 60 * 60 * 1000;
/** The first wait past the free codes; each further one doubles, up to the scope's maximum. */
export const CODE_THROTTLE_FIRST_WAIT_MS = 60 * 1000;
export const CODE_THROTTLE_PRUNE_EVERY_MS = 60_000;
export const CODE_THROTTLE_PRUNE_BATCH = 1000;
/** Scopes are cut to this length (a login is at most a few hundred characters). */
const SCOPE_MAX = 400;

export type CodeThrottleSettings = Pick<
  AppConfig,
  'codeLoginFreePerHour' | 'codeLoginMaxWaitMinutes' | 'codeClientFreePerHour' | 'codeClientMaxWaitMinutes'
>;

export interface ThrottlePolicy {
  /** Requests of a window that wait for nothing. */
  free: number;
  /** The longest wait. */
  maxWaitMs: number;
}

export interface ThrottleState {
  hits: number;
  windowStart: Date;
  nextAllowedAt: Date | null;
  updatedAt: Date;
}

/** Milliseconds before the scope may be served again (0: now). */
export function waitLeft(state: ThrottleState, now: Date): number {
  return state.nextAllowedAt ? Math.max(0, state.nextAllowedAt.getTime() - now.getTime()) : 0;
}

/** The wait after the `hits`th request of a window: none within the free ones, then 1, 2, 4 … min. */
export function waitAfter(hits: number, policy: ThrottlePolicy): number {
  const level = hits - policy.free + 1;
  if (level < 1) return 0;
  return Math.min(CODE_THROTTLE_FIRST_WAIT_MS * 2 ** Math.min(level - 1, 30), policy.maxWaitMs);
}

/** The state after one more request is served at `now` (the scope is not waiting). */
export function countedState(state: ThrottleState, now: Date, policy: ThrottlePolicy): ThrottleState {
  const at = now.getTime();
  const quietSince = Math.max(state.updatedAt.getTime(), state.nextAllowedAt?.getTime() ?? 0);
  const quiet = at - quietSince >= CODE_THROTTLE_QUIET_MS;
  // An hour that stayed within its free codes (the first wait at most) ends; past them, only
  // quiet resets, so a flood cannot start a fresh free hour by itself.
  const hourOver = at - state.windowStart.getTime() >= CODE_THROTTLE_WINDOW_MS && state.hits <= policy.free;
  const fresh = quiet || hourOver;
  const hits = (fresh ? 0 : state.hits) + 1;
  const wait = waitAfter(hits, policy);
  return {
    hits,
    windowStart: fresh ? now : state.windowStart,
    nextAllowedAt: wait > 0 ? new Date(at + wait) : null,
    updatedAt: now,
  };
}

export function slowedError(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError('code_requests_slowed', { params: { minutes }, extra: { retryAfter: seconds, minutes } });
}

export function clientWaitError(waitMs: number) {
  return new HttpError('too_many_requests', { extra: { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) } });
}

export const loginScope = (target: string) => `login:${target}`.slice(0, SCOPE_MAX);
export const clientScope = (address: string) => `client:${address}`.slice(0, SCOPE_MAX);

/** A scope's row, locked until the transaction ends, and the moment it was taken. */
export interface LockedScope {
  scope: string;
  state: ThrottleState;
  /**
   * Read once the row is locked, not before: a request that waited for the lock while another
   * counted must not measure that one's wait from an earlier moment (it would tell more than the
   * maximum).
   */
  now: Date;
}

export function createCodeThrottle(options: { db: Db; clock: Clock; settings: CodeThrottleSettings; log?: FastifyBaseLogger }) {
  const { db, clock, settings } = options;
  const loginPolicy: ThrottlePolicy = {
    free: settings.codeLoginFreePerHour,
    maxWaitMs: settings.codeLoginMaxWaitMinutes * 60_000,
  };
  const clientPolicy: ThrottlePolicy = {
    free: settings.codeClientFreePerHour,
    maxWaitMs: settings.codeClientMaxWaitMinutes * 60_000,
  };
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** Deletes up to a batch of rows that count for nothing any more; answers how many. */
  async function prune(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - CODE_THROTTLE_QUIET_MS);
    const expired = db
      .select({ scope: codeThrottles.scope })
      .from(codeThrottles)
      .where(
        and(
          lte(codeThrottles.updatedAt, cutoff),
          or(isNull(codeThrottles.nextAllowedAt), lte(codeThrottles.nextAllowedAt, cutoff)),
        ),
      )
      .orderBy(asc(codeThrottles.updatedAt))
      .limit(CODE_THROTTLE_PRUNE_BATCH)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(codeThrottles)
      .where(inArray(codeThrottles.scope, expired))
      .returning({ scope: codeThrottles.scope });
    return deleted.length;
  }

  /** Takes (creates or locks) a scope's row inside `tx`. */
  async function lock(tx: Tx, scope: string): Promise<LockedScope> {
    const before = clock.now();
    // Insert or lock in one statement (ON CONFLICT DO UPDATE locks the row), so a prune running
    // at the same time can neither delete the row under this request nor be missed by it.
    const [row] = await tx
      .insert(codeThrottles)
      .values({ scope, hits: 0, windowStart: before, nextAllowedAt: null, updatedAt: before })
      .onConflictDoUpdate({ target: codeThrottles.scope, set: { scope: sql`excluded.scope` } })
      .returning();
    if (!row) throw new Error('code throttle row missing');
    const now = clock.now();
    return { scope, state: row, now: now.getTime() < before.getTime() ? before : now };
  }

  /** Counts one served request on a locked scope (at the moment it was taken). */
  async function count(tx: Tx, locked: LockedScope, policy: ThrottlePolicy) {
    const next = countedState(locked.state, locked.now, policy);
    await tx.update(codeThrottles).set(next).where(eq(codeThrottles.scope, locked.scope));
    locked.state = next;
  }

  /** Counts a request of a client address in `tx`, or answers its refusal (nothing counted). */
  async function takeClient(tx: Tx, address: string): Promise<HttpError | null> {
    const locked = await lock(tx, clientScope(address));
    const wait = waitLeft(locked.state, locked.now);
    if (wait > 0) return clientWaitError(wait);
    await count(tx, locked, clientPolicy);
    return null;
  }

  /** Housekeeping before a request: at most once a minute per process; never decides anything. */
  async function maybePrune(now: Date) {
    if (now.getTime() - prunedAt < CODE_THROTTLE_PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await prune(now).catch((error: unknown) => options.log?.warn({ err: error }, 'code throttle pruning failed'));
  }

  return {
    loginPolicy,
    clientPolicy,
    prune,
    maybePrune,
    takeClient,

    /** Locks the login's row in `tx`; answers it and how long it must still wait. */
    async lockLogin(tx: Tx, target: string) {
      const locked = await lock(tx, loginScope(target));
      return { locked, waitMs: waitLeft(locked.state, locked.now) };
    },

    /** Counts a code sent to the login locked by `lockLogin` (same transaction). */
    countLogin: (tx: Tx, locked: LockedScope) => count(tx, locked, loginPolicy),

    /**
     * A code request that found no account to send to (or one it may not send to): it counts
     * toward the client address like a code sent, in a transaction of its own that commits at
     * once; 429 `too_many_requests` while the address waits (then the answer says nothing of the login).
     */
    async countLookup(address: string | null | undefined): Promise<void> {
      if (!address) return;
      await maybePrune(clock.now());
      const refusal = await db.transaction((tx) => takeClient(tx, address));
      if (refusal) throw refusal;
    },
  };
}

export type CodeThrottle = ReturnType<typeof createCodeThrottle>;

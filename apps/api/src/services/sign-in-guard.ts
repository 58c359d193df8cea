/**
 * Guessing per account, on top of the per-client rate limits (which a botnet of addresses gets
 * around): password sign-in and one-time codes. Keyed by what is guessed at (`password:<login>`,
 * `code:<target>`) whether or not the account exists, so a lock tells nothing about accounts.
 *
 * Each try is counted BEFORE it is checked (row lock), so parallel guesses cannot slip through.
 * The `GUARD_FREE_TRIES`th consecutive failure locks the key for `GUARD_FIRST_LOCK_MS`; once the
 * lock has passed, every further failure locks it again for twice as long as the last lock (up to
 * `GUARD_MAX_LOCK_MS`). While locked every try, the right one too, answers 429
 * `too_many_requests` with Retry-After. A success clears the key; a day without tries as well.
 *
 * Pruning: a row untouched for `GUARD_QUIET_RESET_MS` whose lock (if any) has ended counts for
 * nothing (the next try starts afresh), so it is deleted. No periodic job runs in the API: the
 * write path prunes, at most once per `GUARD_PRUNE_EVERY_MS` per process, up to
 * `GUARD_PRUNE_BATCH` rows oldest first (index on `updated_at`), skipping rows another try holds.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { signInGuards } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/errors.js';

export const GUARD_FREE_TRIES = 10;
export const GUARD_FIRST_LOCK_MS = 60_000;
export const GUARD_MAX_LOCK_MS = 24 * 60 * 60 * 1000;
/** A key without tries for this long starts afresh (and its row is pruned). */
export const GUARD_QUIET_RESET_MS = 24 * 60 * 60 * 1000;
/** How often (per process) a try also deletes expired rows, and how many at most each time. */
export const GUARD_PRUNE_EVERY_MS = 60_000;
export const GUARD_PRUNE_BATCH = 1000;
/** Keys are cut to this length (a login is at most a few hundred characters). */
const KEY_MAX = 400;

export function lockedError(retryAfterSeconds: number) {
  return new HttpError('too_many_requests', { extra: { retryAfter: Math.max(1, retryAfterSeconds) } });
}

export function createSignInGuard(options: { db: Db; clock: Clock; log?: FastifyBaseLogger }) {
  const { db, clock } = options;
  const cut = (key: string) => key.slice(0, KEY_MAX);
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** Deletes up to a batch of rows that count for nothing any more; answers how many. */
  async function prune(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - GUARD_QUIET_RESET_MS);
    const expired = db
      .select({ key: signInGuards.key })
      .from(signInGuards)
      .where(
        and(
          lte(signInGuards.updatedAt, cutoff),
          or(isNull(signInGuards.lockedUntil), lte(signInGuards.lockedUntil, now)),
        ),
      )
      .orderBy(asc(signInGuards.updatedAt))
      .limit(GUARD_PRUNE_BATCH)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(signInGuards)
      .where(inArray(signInGuards.key, expired))
      .returning({ key: signInGuards.key });
    return deleted.length;
  }

  return {
    /**
     * Counts a try of `key`, or answers 429 while the key is locked; `freeTries` consecutive
     * failures before the first lock (one-time codes allow more: codes.ts).
     */
    async attempt(rawKey: string, freeTries: number = GUARD_FREE_TRIES): Promise<void> {
      const key = cut(rawKey);
      const now = clock.now();
      if (now.getTime() - prunedAt >= GUARD_PRUNE_EVERY_MS) {
        prunedAt = now.getTime();
        // Housekeeping never decides a sign-in: a failure here is logged and the try goes on.
        await prune(now).catch((error: unknown) => options.log?.warn({ err: error }, 'sign-in guard pruning failed'));
      }
      const refusal = await db.transaction(async (tx) => {
        // Insert or lock in one statement (ON CONFLICT DO UPDATE locks the row), so a prune
        // running at the same time can neither delete the row under this try nor be missed.
        const [row] = await tx
          .insert(signInGuards)
          .values({ key, updatedAt: now })
          .onConflictDoUpdate({ target: signInGuards.key, set: { key: sql`excluded.key` } })
          .returning();
        if (!row) throw new Error('sign-in guard row missing');
        const lockedMs = row.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : 0;
        if (lockedMs > 0) return Math.ceil(lockedMs / 1000);
        const quiet = now.getTime() - row.updatedAt.getTime() >= GUARD_QUIET_RESET_MS;
        const failures = (quiet ? 0 : row.failures) + 1;
        let locks = quiet ? 0 : row.locks;
        let lockedUntil: Date | null = null;
        if (failures >= freeTries) {
          locks += 1;
          const ms = Math.min(GUARD_FIRST_LOCK_MS * 2 ** Math.min(locks - 1, 30), GUARD_MAX_LOCK_MS);
          lockedUntil = new Date(now.getTime() + ms);
        }
        await tx
          .update(signInGuards)
          .set({ failures, locks, lockedUntil, updatedAt: now })
          .where(eq(signInGuards.key, key));
        return null;
      });
      if (refusal !== null) throw lockedError(refusal);
    },

    /** The try of `key` was right: its failures and locks are forgotten. */
    async succeeded(rawKey: string): Promise<void> {
      await db.delete(signInGuards).where(eq(signInGuards.key, cut(rawKey)));
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

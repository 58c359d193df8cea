/**
 * Card proofs: every check of a card's security code (adding a card, paying by a typed card, the
 * guest balance check) is limited per account (`account:<customerId>`, or `client:<address>` for
 * the guest balance check) and per card number across all accounts (`card:<keyed fingerprint>`),
 * so neither one account trying many cards nor many accounts trying one card can guess a code.
 *
 * - Counted BEFORE the check: one `INSERT … ON CONFLICT DO UPDATE SET tries = tries + 1 RETURNING`
 *   over both scopes, a statement of its own that commits before the check runs (never inside the
 *   caller's transaction), so parallel requests on any number of processes each see the count of
 *   those before them and at most `CARD_PROOF_REFUSALS_PER_HOUR` checks of a scope ever run.
 * - A proven code (or a request that never reached a check) gives its count back, so only
 *   refusals accumulate; a request turned away over the limit gives its count back too, so
 *   `tries` is "refusals and checks in flight" of the hour.
 * - Past `CARD_PROOF_REFUSALS_PER_HOUR` refusals the scope is locked for the rest of the clock
 *   hour (`window_start`): 429 `too_many_requests` with Retry-After (seconds to the hour's end),
 *   the right code too.
 * - Windows older than two hours count for nothing and are deleted, at most once a minute per
 *   process (index on `window_start`).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { cardProofCounters } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/errors.js';

/** Refused checks of a card's code per scope (account, client address, card) and clock hour. */
export const CARD_PROOF_REFUSALS_PER_HOUR = 10;
export const CARD_PROOF_WINDOW_MS = 60 * 60 * 1000;
/** Windows this old are deleted (nothing reads them after their hour). */
export const CARD_PROOF_KEEP_MS = 2 * CARD_PROOF_WINDOW_MS;
export const CARD_PROOF_PRUNE_EVERY_MS = 60_000;

/** Who checks: a signed-in customer, or a guest known by the client address. */
export type CardProofSubject = { customerId: number } | { clientAddress: string };

export function subjectScope(subject: CardProofSubject): string {
  return 'customerId' in subject ? `account:${subject.customerId}` : `client:${subject.clientAddress}`;
}

export function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / CARD_PROOF_WINDOW_MS) * CARD_PROOF_WINDOW_MS);
}

export function createCardProofs(options: {
  db: Db;
  clock: Clock;
  /** Keyed fingerprint of a card number (digits only), the services' one. */
  fingerprint: (digits: string) => string;
  log?: FastifyBaseLogger;
}) {
  const { db, clock, fingerprint } = options;
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function prune(now: Date) {
    await db.delete(cardProofCounters).where(lt(cardProofCounters.windowStart, new Date(now.getTime() - CARD_PROOF_KEEP_MS)));
  }

  async function giveBack(scopes: string[], window: Date) {
    await db
      .update(cardProofCounters)
      .set({ tries: sql`greatest(${cardProofCounters.tries} - 1, 0)` })
      .where(and(inArray(cardProofCounters.scope, scopes), eq(cardProofCounters.windowStart, window)));
  }

  /** Counts one check of `digits` by `subject`; 429 (nothing counted) when a scope is spent. */
  async function take(subject: CardProofSubject, digits: string) {
    const now = clock.now();
    if (now.getTime() - prunedAt >= CARD_PROOF_PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      // Housekeeping never decides a check: a failure is logged and the check goes on.
      await prune(now).catch((error: unknown) => options.log?.warn({ err: error }, 'card proof pruning failed'));
    }
    const window = windowStart(now);
    // Sorted: two statements locking the same rows lock them in one order (no deadlock).
    const scopes = [...new Set([subjectScope(subject), `card:${fingerprint(digits)}`])].sort();
    const counted = await db
      .insert(cardProofCounters)
      .values(scopes.map((scope) => ({ scope, windowStart: window, tries: 1 })))
      .onConflictDoUpdate({
        target: [cardProofCounters.scope, cardProofCounters.windowStart],
        set: { tries: sql`${cardProofCounters.tries} + 1` },
      })
      .returning({ tries: cardProofCounters.tries });
    if (counted.some((row) => row.tries > CARD_PROOF_REFUSALS_PER_HOUR)) {
      await giveBack(scopes, window);
      const seconds = Math.ceil((window.getTime() + CARD_PROOF_WINDOW_MS - now.getTime()) / 1000);
      throw new HttpError('too_many_requests', { extra: { retryAfter: Math.max(1, seconds) } });
    }
    return { scopes, window };
  }

  return {
    /**
     * Runs `check` (one check of the security code of card number `digits`, or a step that holds
     * one) under the limits of `subject` and of the card: counted before, given back unless
     * `refused(result)`. A throw gives the count back (no code was refused: bad input, an order
     * that cannot be paid) and goes on.
     */
    async check<T>(
      subject: CardProofSubject,
      digits: string,
      check: () => Promise<T>,
      refused: (result: T) => boolean,
    ): Promise<T> {
      const taken = await take(subject, digits);
      const settle = () =>
        giveBack(taken.scopes, taken.window).catch((error: unknown) =>
          options.log?.warn({ err: error }, 'card proof count not given back'),
        );
      let result: T;
      try {
        result = await check();
      } catch (error) {
        await settle();
        throw error;
      }
      if (!refused(result)) await settle();
      return result;
    },
  };
}

export type CardProofs = ReturnType<typeof createCardProofs>;

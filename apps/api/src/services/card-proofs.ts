/**
 * Card proofs: every check of a card's security code (adding a card, paying by a typed card, the
 * guest balance check) is limited per account (`account:<customerId>`, or `client:<address>` for
 * the guest balance check) and per card number across all accounts (`card:<keyed fingerprint>`),
 * so neither one account trying many cards nor many accounts trying one card can guess a code.
 *
 * - Counted BEFORE the check: one `INSERT … ON CONFLICT DO UPDATE SET tries = tries + 1 RETURNING`
 *   over both scopes, a statement of its own that commits before the check runs (never inside the
 *   caller's transaction), so parallel requests on any number of processes each see the count of
 *   those before them and at most the limit of checks of a scope ever run.
 * - A request that never reached a check, or one turned away over a limit, gives its count back,
 *   so only refusals accumulate.
 * - The account or address: past `CARD_PROOF_REFUSALS_PER_HOUR` refusals in a clock hour
 *   (`window_start`) it is held for the rest of the hour: 429 `too_many_requests` with Retry-After.
 * - The card (issue 32, item 6), as a card issuer locks a card: its refusals in a row are one
 *   standing count (`window_start` = `CARD_STANDING_WINDOW`, never pruned while it counts), and a
 *   proven code clears it. At `CARD_CODE_REFUSALS_BEFORE_LOCK` the card's code checks are locked
 *   until the cardholder calls support (`ops card:unlock`): 403 `card_code_locked`, the right code
 *   too. Why: a security code is 3 digits; an hourly window of 10 let anyone holding a number find
 *   its code in about 50 hours. Locked after 5, a guesser finds it with a chance of 1 in 200, once.
 *   The price (anyone knowing a number can lock its code checks) is an issuer's too, and small
 *   here: a card already on the account pays without its code; adding it elsewhere waits for a call.
 * - Hourly windows older than two hours count for nothing and are deleted, at most once a minute
 *   per process (index on `window_start`), with standing counts back at 0.
 */
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { cardProofCounters } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/errors.js';

/** Refused checks of a card's code per account or client address and clock hour. */
export const CARD_PROOF_REFUSALS_PER_HOUR = 10;
export const CARD_PROOF_WINDOW_MS = 60 * 60 * 1000;
/** Refused codes of one card in a row before its code checks are locked (until support unlocks). */
export const CARD_CODE_REFUSALS_BEFORE_LOCK = 5;
/** The `window_start` of a card's standing count (it has no window: it lasts until cleared). */
export const CARD_STANDING_WINDOW = new Date(0);
/** Windows this old are deleted (nothing reads them after their hour). */
export const CARD_PROOF_KEEP_MS = 2 * CARD_PROOF_WINDOW_MS;
export const CARD_PROOF_PRUNE_EVERY_MS = 60_000;

/** Who checks: a signed-in customer, or a guest known by the client address. */
export type CardProofSubject = { customerId: number } | { clientAddress: string };

export function subjectScope(subject: CardProofSubject): string {
  return 'customerId' in subject ? `account:${subject.customerId}` : `client:${subject.clientAddress}`;
}

export function cardScope(fingerprint: string): string {
  return `card:${fingerprint}`;
}

export function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / CARD_PROOF_WINDOW_MS) * CARD_PROOF_WINDOW_MS);
}

/** One counter: a scope in its window. */
interface Counter {
  scope: string;
  windowStart: Date;
}

export function createCardProofs(options: {
  db: Db;
  clock: Clock;
  /** Keyed fingerprint of a card number (digits only), the services' one. */
  fingerprint: (digits: string) => string;
  /** Who unlocks a card's code (the lock's message names it). */
  supportPhone: string;
  log?: FastifyBaseLogger;
}) {
  const { db, clock, fingerprint } = options;
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function prune(now: Date) {
    await db
      .delete(cardProofCounters)
      .where(
        or(
          and(ne(cardProofCounters.windowStart, CARD_STANDING_WINDOW), lt(cardProofCounters.windowStart, new Date(now.getTime() - CARD_PROOF_KEEP_MS))),
          and(eq(cardProofCounters.windowStart, CARD_STANDING_WINDOW), eq(cardProofCounters.tries, 0)),
        ),
      );
  }

  async function giveBack(counters: Counter[]) {
    for (const counter of counters) {
      await db
        .update(cardProofCounters)
        .set({ tries: sql`greatest(${cardProofCounters.tries} - 1, 0)` })
        .where(and(eq(cardProofCounters.scope, counter.scope), eq(cardProofCounters.windowStart, counter.windowStart)));
    }
  }

  /** A proven code: the card's refusals in a row are over. */
  async function clearCard(card: Counter) {
    await db
      .update(cardProofCounters)
      .set({ tries: 0 })
      .where(and(eq(cardProofCounters.scope, card.scope), eq(cardProofCounters.windowStart, card.windowStart)));
  }

  /** Counts one check of `digits` by `subject`; refused (nothing counted) when a scope is spent. */
  async function take(subject: CardProofSubject, digits: string) {
    const now = clock.now();
    if (now.getTime() - prunedAt >= CARD_PROOF_PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      // Housekeeping never decides a check: a failure is logged and the check goes on.
      await prune(now).catch((error: unknown) => options.log?.warn({ err: error }, 'card proof pruning failed'));
    }
    const window = windowStart(now);
    const card: Counter = { scope: cardScope(fingerprint(digits)), windowStart: CARD_STANDING_WINDOW };
    const own: Counter = { scope: subjectScope(subject), windowStart: window };
    // Sorted: two statements locking the same rows lock them in one order (no deadlock).
    const counters = [own, card].sort((a, b) => a.scope.localeCompare(b.scope));
    const counted = await db
      .insert(cardProofCounters)
      .values(counters.map((counter) => ({ ...counter, tries: 1 })))
      .onConflictDoUpdate({
        target: [cardProofCounters.scope, cardProofCounters.windowStart],
        set: { tries: sql`${cardProofCounters.tries} + 1` },
      })
      .returning({ scope: cardProofCounters.scope, tries: cardProofCounters.tries });
    const triesOf = (scope: string) => counted.find((row) => row.scope === scope)?.tries ?? 0;
    if (triesOf(card.scope) > CARD_CODE_REFUSALS_BEFORE_LOCK) {
      await giveBack(counters);
      throw new HttpError('card_code_locked', { params: { phone: options.supportPhone } });
    }
    if (triesOf(own.scope) > CARD_PROOF_REFUSALS_PER_HOUR) {
      await giveBack(counters);
      const seconds = Math.ceil((window.getTime() + CARD_PROOF_WINDOW_MS - now.getTime()) / 1000);
      throw new HttpError('too_many_requests', { extra: { retryAfter: Math.max(1, seconds) } });
    }
    return { own, card };
  }

  return {
    /**
     * Runs `check` (one check of the security code of card number `digits`, or a step that holds
     * one) under the limits of `subject` and of the card: counted before, given back unless
     * `refused(result)` (a proven code also clears the card's refusals in a row). A throw gives
     * the count back (no code was refused: bad input, an order that cannot be paid) and goes on.
     */
    async check<T>(
      subject: CardProofSubject,
      digits: string,
      check: () => Promise<T>,
      refused: (result: T) => boolean,
    ): Promise<T> {
      const taken = await take(subject, digits);
      const settle = (work: Promise<void>) =>
        work.catch((error: unknown) => options.log?.warn({ err: error }, 'card proof count not given back'));
      let result: T;
      try {
        result = await check();
      } catch (error) {
        await settle(giveBack([taken.own, taken.card]));
        throw error;
      }
      if (!refused(result)) await settle(giveBack([taken.own]).then(() => clearCard(taken.card)));
      return result;
    },

    /** Support's unlock of a card's code checks (`ops card:unlock`): answers whether it was locked. */
    async unlock(digits: string): Promise<boolean> {
      const cleared = await db
        .delete(cardProofCounters)
        .where(and(eq(cardProofCounters.scope, cardScope(fingerprint(digits))), eq(cardProofCounters.windowStart, CARD_STANDING_WINDOW)))
        .returning({ tries: cardProofCounters.tries });
      return cleared.some((row) => row.tries >= CARD_CODE_REFUSALS_BEFORE_LOCK);
    },
  };
}

export type CardProofs = ReturnType<typeof createCardProofs>;

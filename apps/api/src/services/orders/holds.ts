/**
 * Holds: a placed, unpaid order holds its units until `payableUntil` (complete sets it to now +
 * UNPAID_ORDER_MINUTES). When the hold ends the order goes back to the customer's draft: the open
 * draft's rows are merged into it (the larger amount wins, nothing is lowered; the same merge as
 * "back to draft"), the open draft goes, its units are released and its promo code's use is given
 * back, in ONE transaction per order.
 *
 * Who sweeps: every API process on a timer (`startTimer`), and lazily `sweepFor(customer)` before
 * the customer's draft and order reads, pay and cancel, so answers never wait for the timer.
 * Several processes (or the timer and a request) may sweep at once: an order is taken with
 * `FOR UPDATE SKIP LOCKED` and its status re-checked under the lock, so each order is released
 * exactly once.
 *
 * A hold is never renewed at once (issue 32): the items of a hold that ended are remembered with
 * its end (`recordEndedHold`, `held_items`); placing them again continues that hold, and once it
 * is over they wait HOLD_COOLDOWN_MINUTES (checkout.ts).
 *
 * Locks, always in this order so two of these never wait on each other: the placed order, then
 * the customer's row (`lockCustomer`: serialises with complete, which takes the customer first and
 * then its draft), then the open draft, then products (in id order, inventory.ts).
 */
import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS } from '@otc/sdk';
import { mergeGuestCart } from '@otc/sdk/rules';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { heldItems, orderRows, orders } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { startSweepTimer } from '../../lib/sweep-timer.js';
import type { Inventory } from './inventory.js';
import { releasePromoUse } from './promotions.js';
import { lockCustomer, lockOpenDraft, recordEvent, type OrderRecord } from './records.js';

/** Orders one timer tick releases at most (the next tick goes on). */
const SWEEP_BATCH = 500;

/**
 * Remembers, per item of an unpaid order whose hold ends (expired, back to the cart, cancelled),
 * when that hold ends for its customer (`endsAt`; the later one is kept): placing those items
 * again before then continues the hold, after it they wait the cooldown (checkout.ts
 * `heldItemsWait`). In the caller's transaction, before any other rows join the order.
 */
export async function recordEndedHold(tx: DbOrTx, order: Pick<OrderRecord, 'id' | 'customerId'>, endsAt: Date) {
  const rows = await tx.select({ skuId: orderRows.skuId }).from(orderRows).where(eq(orderRows.orderId, order.id));
  if (rows.length === 0) return;
  await tx
    .insert(heldItems)
    .values(rows.map((row) => ({ customerId: order.customerId, skuId: row.skuId, holdEndsAt: endsAt })))
    .onConflictDoUpdate({
      target: [heldItems.customerId, heldItems.skuId],
      set: { holdEndsAt: sql`greatest(${heldItems.holdEndsAt}, excluded.hold_ends_at)` },
    });
}

/** A unique violation (another draft appeared meanwhile): that order is tried again. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function createHolds(deps: {
  db: Db;
  clock: Clock;
  inventory: Pick<Inventory, 'release'>;
  /** HOLD_COOLDOWN_MINUTES in ms: how long an ended hold's items are remembered after it. */
  cooldownMs: number;
}) {
  const { db, clock, inventory, cooldownMs } = deps;

  /**
   * An unpaid order becomes the customer's open draft again, in the caller's transaction (which
   * holds the order row locked and has checked it waits for payment): its units are released, the
   * open draft's rows are merged into it (larger amount wins) and that draft is removed. Used by
   * "back to draft" (`keepHold: false`) and by the sweep (`keepHold: true`: `payableUntil` stays,
   * so paying it later answers `order_payment_time_over` rather than "not waiting").
   */
  async function reopen(tx: Tx, order: OrderRecord, note: string, keepHold: boolean) {
    await lockCustomer(tx, order.customerId);
    // Its items are remembered with the hold's own end (the moment it ended, or for one taken back
    // early the end it had): placing them again never starts a new hold at once (issue 32).
    await recordEndedHold(tx, order, order.payableUntil ?? clock.now());
    await inventory.release(tx, order.id);
    // A draft uses no code: its use is given back (complete takes it again when it is placed).
    await releasePromoUse(tx, order.id);
    const other = await lockOpenDraft(tx, order.customerId);
    if (other) {
      const mine = new Map(
        (await tx.select().from(orderRows).where(eq(orderRows.orderId, order.id))).map((r) => [
          r.skuId,
          r,
        ]),
      );
      const theirs = new Map(
        (await tx.select().from(orderRows).where(eq(orderRows.orderId, other.id))).map((r) => [
          r.skuId,
          r,
        ]),
      );
      // The SDK's one merge rule (as at sign-in): the larger amount wins, nothing is lowered.
      const merged = mergeGuestCart(
        [...mine.values()].map((r) => ({ sku_id: r.skuId, amount: r.amount })),
        [...theirs.values()].map((r) => ({ sku_id: r.skuId, amount: r.amount })),
      );
      for (const row of merged.rows) {
        const same = mine.get(row.sku_id);
        if (!same) {
          const unitPriceCents = theirs.get(row.sku_id)!.unitPriceCents;
          await tx
            .insert(orderRows)
            .values({ orderId: order.id, skuId: row.sku_id, amount: row.amount, unitPriceCents });
        } else if (row.amount > same.amount) {
          await tx.update(orderRows).set({ amount: row.amount }).where(eq(orderRows.id, same.id));
        }
      }
      await tx.delete(orders).where(eq(orders.id, other.id));
    }
    const [reopened] = await tx
      .update(orders)
      .set({
        status: ORDER_STATUS.draft,
        placedAt: null,
        updatedAt: clock.now(),
        ...(keepHold ? {} : { payableUntil: null }),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordEvent(tx, clock, order.id, ORDER_STATUS.draft, note);
    return reopened!;
  }

  /** Takes one order whose hold has ended (skipping any another transaction holds) and reopens it. */
  async function sweepOne(customerId: number | undefined): Promise<'swept' | 'none'> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [due] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, ORDER_STATUS.waitingForPayment),
            lte(orders.payableUntil, now),
            customerId === undefined ? undefined : eq(orders.customerId, customerId),
          ),
        )
        .orderBy(asc(orders.payableUntil), asc(orders.id))
        .limit(1)
        .for('update', { skipLocked: true });
      // Re-checked under the lock: a pay or back-to-draft that committed first wins.
      if (
        !due ||
        due.status !== ORDER_STATUS.waitingForPayment ||
        !due.payableUntil ||
        due.payableUntil > now
      ) {
        return 'none';
      }
      await reopen(tx, due, 'payment time over: back to the cart', true);
      return 'swept';
    });
  }

  /**
   * Reopens ended holds (of one customer, or all) until none is left or `limit` were; answers how
   * many. A sweep of all also forgets ended holds whose cooldown is over.
   */
  async function sweep(options: { customerId?: number; limit?: number } = {}): Promise<number> {
    const limit = options.limit ?? SWEEP_BATCH;
    if (options.customerId === undefined) {
      await db.delete(heldItems).where(lt(heldItems.holdEndsAt, new Date(clock.now().getTime() - cooldownMs)));
    }
    let swept = 0;
    let retries = 0;
    while (swept < limit) {
      let outcome: 'swept' | 'none';
      try {
        outcome = await sweepOne(options.customerId);
      } catch (error) {
        // A draft created between our look and our write: the next try sees it and merges it.
        if (!isUniqueViolation(error) || retries >= 3) throw error;
        retries += 1;
        continue;
      }
      if (outcome === 'none') break;
      swept += 1;
    }
    return swept;
  }

  return {
    reopen,
    sweep,

    /**
     * Before a customer's reads: one indexed look, and a sweep only when a hold of theirs has
     * ended (nothing is written otherwise).
     */
    async sweepFor(customerId: number): Promise<number> {
      const [due] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            eq(orders.status, ORDER_STATUS.waitingForPayment),
            lte(orders.payableUntil, clock.now()),
          ),
        )
        .limit(1);
      return due ? sweep({ customerId }) : 0;
    },

    /**
     * Every `intervalMs` this process sweeps every ended hold (unref'd: it never keeps the process
     * alive). `stop()` clears the timer and waits for a sweep under way, so the database can close.
     */
    startTimer(intervalMs: number, log: Pick<FastifyBaseLogger, 'info' | 'error'>) {
      return startSweepTimer(sweep, intervalMs, log, {
        swept: 'unpaid orders whose hold ended went back to the cart',
        failed: 'sweep of ended holds failed',
      });
    },
  };
}

export type Holds = ReturnType<typeof createHolds>;

/**
 * The guest's server cart (docs/web-session.md): a guest owner is a `customers` row with
 * `is_guest`, no e-mail, no phone and no password, so no sign-in can ever find it or start a
 * session for it; its cart is an ordinary draft, so the draft services serve it unchanged. The
 * signed `otc_cart` cookie names it (lib/web-session.ts).
 *
 * - Created at the first add (addToDraft, mergeIntoDraft), never at a look.
 * - `updatedAt` is its last use, moved at most once an hour; owners unused GUEST_CART_TTL_MS are
 *   swept (their drafts with them), by a timer in every process, in batches taken with
 *   `FOR UPDATE SKIP LOCKED` (several processes sweep side by side, as the holds' sweep).
 * - At a web sign-in its draft is merged into the member's with the draft merge (never lowers or
 *   drops a member row), its promo code goes over unless the member's draft has one, and the owner
 *   is deleted.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DraftMergeAnswer } from '@otc/sdk/schemas';
import type { Db } from '../db/client.js';
import { customers, healthPlans, orderRows } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { startSweepTimer } from '../lib/sweep-timer.js';
import type { Lang } from '../lib/errors.js';
import { GUEST_CART_TTL_MS } from '../lib/web-session.js';
import type { OrdersService } from './orders/index.js';
import { openDraft } from './orders/records.js';

/** A guest owner's last use is written at most this often (not at every cart request). */
const GUEST_TOUCH_MS = 60 * 60 * 1000;
/** Owners one sweep removes at most (the next tick goes on). */
const SWEEP_BATCH = 500;

export function createGuestCarts(deps: { db: Db; clock: Clock; orders: OrdersService }) {
  const { db, clock, orders } = deps;

  /** Removes guest owners unused for GUEST_CART_TTL_MS (and their drafts); answers how many. */
  async function sweep(limit = SWEEP_BATCH): Promise<number> {
    const before = new Date(clock.now().getTime() - GUEST_CART_TTL_MS);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.isGuest, true), lte(customers.updatedAt, before)))
        .orderBy(asc(customers.updatedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((row) => row.id);
      await tx
        .delete(customers)
        .where(and(inArray(customers.id, ids), eq(customers.isGuest, true)));
      return ids.length;
    });
  }

  return {
    /** A new guest owner (its cart is created by the add that asked for it). */
    async create(lang: Lang): Promise<number> {
      const now = clock.now();
      const [created] = await db
        .insert(customers)
        .values({
          isGuest: true,
          interfaceLanguage: lang,
          sendNotificationByEmail: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: customers.id });
      if (!created) throw new Error('guest owner insert returned nothing');
      return created.id;
    },

    /** Whether the id is a guest owner still there; marks its use (at most once an hour). */
    async active(ownerId: number): Promise<boolean> {
      const [row] = await db
        .select({ updatedAt: customers.updatedAt })
        .from(customers)
        .where(and(eq(customers.id, ownerId), eq(customers.isGuest, true)))
        .limit(1);
      if (!row) return false;
      const now = clock.now();
      if (now.getTime() - row.updatedAt.getTime() >= GUEST_TOUCH_MS) {
        await db
          .update(customers)
          .set({ updatedAt: now })
          .where(and(eq(customers.id, ownerId), eq(customers.isGuest, true)));
      }
      return true;
    },

    /**
     * The guest's chosen plan (the `otc_plan` cookie, issue 33) becomes its owner's plan, so its
     * cart says what that plan does not cover by the one coverage rule, as a member's does (an
     * unknown or inactive code, or none: no plan). Written only when it changed.
     */
    async followPlan(ownerId: number, code: string | null): Promise<void> {
      const planId = code
        ? sql`(SELECT ${healthPlans.id} FROM ${healthPlans} WHERE ${healthPlans.code} = ${code} AND ${healthPlans.active} LIMIT 1)`
        : sql`NULL::int`;
      await db
        .update(customers)
        .set({ healthPlanId: planId })
        .where(
          and(
            eq(customers.id, ownerId),
            eq(customers.isGuest, true),
            sql`${customers.healthPlanId} IS DISTINCT FROM ${planId}`,
          ),
        );
    },

    /** Deletes a guest owner and its cart (never a member: the `is_guest` condition). */
    async remove(ownerId: number): Promise<void> {
      await db.delete(customers).where(and(eq(customers.id, ownerId), eq(customers.isGuest, true)));
    },

    /**
     * A web sign-in carrying a guest cart: its rows go into the member's draft by the merge rule,
     * its promo code over unless the draft has one, then the guest owner goes. Answers the merge
     * report, or null when the guest's cart held no row (nothing merged, the owner goes anyway).
     */
    async mergeIntoMember(
      ownerId: number,
      memberId: number,
      lang: Lang,
    ): Promise<DraftMergeAnswer | null> {
      const guestDraft = await openDraft(db, ownerId);
      const rows = guestDraft
        ? await db
            .select({ sku_id: orderRows.skuId, amount: orderRows.amount })
            .from(orderRows)
            .where(eq(orderRows.orderId, guestDraft.id))
            .orderBy(asc(orderRows.id))
        : [];
      let report: DraftMergeAnswer | null = null;
      if (rows.length > 0) {
        report = await orders.mergeIntoDraft(memberId, { rows }, lang);
        if (guestDraft?.promoCode && !report.draft.promoCode) {
          try {
            const draft = await orders.setPromoCode(
              memberId,
              report.draft.id,
              guestDraft.promoCode,
              lang,
            );
            report = { ...report, draft, changed: true };
          } catch {
            // A code the member may not use (already used, ended): the rows still went over.
          }
        }
      }
      await this.remove(ownerId);
      return report;
    },

    sweep,

    /** Every `intervalMs` this process sweeps unused guest owners (unref'd; `stop()` waits for a sweep). */
    startTimer(intervalMs: number, log: Pick<FastifyBaseLogger, 'info' | 'error'>) {
      return startSweepTimer(sweep, intervalMs, log, {
        swept: 'guest carts unused for 30 days removed',
        failed: 'sweep of guest carts failed',
      });
    },
  };
}

export type GuestCarts = ReturnType<typeof createGuestCarts>;

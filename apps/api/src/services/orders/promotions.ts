/**
 * Promo codes: the `promo_codes` table is the truth (code, percent off, active, validity window,
 * limits per customer and in all). Drafts look a typed code up here (`check`: the precise refusal),
 * the draft view prices with the percent of a code the customer may use, complete re-checks it
 * under the promo row's lock and records the use (`redeem`), and the settings answer lists the
 * promotions active now.
 *
 * Uses: one `promo_redemptions` row per placed order carrying a code, written by complete in its
 * transaction and deleted (`release`) when the order goes back to a draft or is cancelled, so the
 * code can be used again. A placed order keeps the discount it was placed with (view.ts reads the
 * stored totals), whatever becomes of the code afterwards.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { promoCodes, promoRedemptions } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { announcePublicDataChange } from '../../lib/public-data.js';
import { HttpError, issue } from '../../lib/errors.js';

export interface Promotion {
  code: string;
  percent: number;
}

export type PromoRecord = typeof promoCodes.$inferSelect;

/** Why a code cannot be used now by this customer (a catalogue code, params of its text). */
export type PromoRefusalCode =
  | 'promo_code_invalid'
  | 'promo_code_expired'
  | 'promo_code_used'
  | 'promo_code_used_up';

export type PromoCheck =
  | { ok: true; promo: PromoRecord }
  | { ok: false; code: PromoRefusalCode; promo: PromoRecord | null };

/** The 422 of a refused code, on field `promoCode`. */
export function promoRefusal(check: Extract<PromoCheck, { ok: false }>): HttpError {
  switch (check.code) {
    case 'promo_code_expired':
      return new HttpError('promo_code_expired', { fields: { promoCode: [issue('promo_code_expired')] } });
    case 'promo_code_used':
      return new HttpError('promo_code_used', { fields: { promoCode: [issue('promo_code_used')] } });
    case 'promo_code_used_up':
      return new HttpError('promo_code_used_up', { fields: { promoCode: [issue('promo_code_used_up')] } });
    case 'promo_code_invalid':
      return new HttpError('promo_code_invalid', { fields: { promoCode: [issue('promo_code_invalid')] } });
  }
}

/**
 * Gives the code's use of an order back (it went back to a draft: holds.ts `reopen`; or it was
 * cancelled: fulfilment.ts), in the caller's transaction, so the customer can use the code again.
 */
export async function releasePromoUse(tx: DbOrTx, orderId: number): Promise<void> {
  const [released] = await tx
    .delete(promoRedemptions)
    .where(eq(promoRedemptions.orderId, orderId))
    .returning({ promoId: promoRedemptions.promoId });
  if (!released) return;
  // A use given back to a code whose every use was taken lists it in the settings again.
  const [promo] = await tx.select({ maxUses: promoCodes.maxUses }).from(promoCodes).where(eq(promoCodes.id, released.promoId));
  if (promo?.maxUses != null && (await usesOfPromo(tx, released.promoId)) === promo.maxUses - 1) {
    await announcePublicDataChange(tx, 'settings');
  }
}

/** Uses of a promo by placed orders (of one customer when given), leaving out `exceptOrderId`. */
async function usesOfPromo(exec: DbOrTx, promoId: number, customerId?: number, exceptOrderId?: number) {
  const [row] = await exec
    .select({ n: count() })
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoId, promoId),
        customerId === undefined ? undefined : eq(promoRedemptions.customerId, customerId),
        exceptOrderId === undefined ? undefined : ne(promoRedemptions.orderId, exceptOrderId),
      ),
    );
  return Number(row?.n ?? 0);
}

export function createPromotions(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** A percent the shop can take off (1 to 100; another is a bad row, as an unknown code). */
  function usablePercent(promo: PromoRecord) {
    return Number.isInteger(promo.percentOff) && promo.percentOff >= 1 && promo.percentOff <= 100;
  }

  /** In its validity window (from `validTo` on it has ended), with a percent the shop can take off. */
  function current(promo: PromoRecord, now: Date) {
    return usablePercent(promo) && !(promo.validFrom && promo.validFrom > now) && !(promo.validTo && promo.validTo <= now);
  }

  /** The active row of a code (matched case-insensitively), whatever its dates; `lock`: FOR UPDATE. */
  async function lookup(exec: DbOrTx, code: string, lock = false) {
    const query = exec
      .select()
      .from(promoCodes)
      .where(and(sql`lower(${promoCodes.code}) = lower(${code})`, eq(promoCodes.active, true)))
      .orderBy(asc(promoCodes.id))
      .limit(1);
    const [promo] = lock ? await query.for('update') : await query;
    return promo ?? null;
  }

  const uses = usesOfPromo;

  /**
   * Whether the customer may put `code` on order `orderId` now: unknown or inactive (or a bad
   * percent) → `promo_code_invalid`; after `validTo` → `promo_code_expired`; before `validFrom` →
   * `promo_code_invalid` too: a code not on offer yet answers as an unknown one, so guessing
   * cannot find the codes of a campaign before it starts (issue 32); the customer's placed orders used it `maxUsesPerCustomer`
   * times → `promo_code_used`; `maxUses` placed orders carry it → `promo_code_used_up`. With
   * `lock` the promo row is taken FOR UPDATE first (complete: two customers cannot both take the
   * last use; the caller holds the customer's row, so one customer's tabs run one after the other).
   */
  async function check(
    exec: DbOrTx,
    code: string,
    who: { customerId: number; orderId?: number | undefined },
    lock = false,
  ): Promise<PromoCheck> {
    const promo = await lookup(exec, code, lock);
    if (!promo || !usablePercent(promo)) return { ok: false, code: 'promo_code_invalid', promo };
    const now = clock.now();
    // Ended first: a code ended before its start (`ops promo:end`) is expired, not "from {date}".
    if (promo.validTo && promo.validTo <= now) return { ok: false, code: 'promo_code_expired', promo };
    if (promo.validFrom && promo.validFrom > now) return { ok: false, code: 'promo_code_invalid', promo };
    if (promo.maxUsesPerCustomer !== null) {
      const mine = await uses(exec, promo.id, who.customerId, who.orderId);
      if (mine >= promo.maxUsesPerCustomer) return { ok: false, code: 'promo_code_used', promo };
    }
    if (promo.maxUses !== null) {
      const all = await uses(exec, promo.id, undefined, who.orderId);
      if (all >= promo.maxUses) return { ok: false, code: 'promo_code_used_up', promo };
    }
    return { ok: true, promo };
  }

  return {
    check,

    /** Records the use of `promo` by a placed order (in complete's transaction). */
    async redeem(tx: Tx, order: { id: number; customerId: number }, promo: PromoRecord) {
      await tx
        .insert(promoRedemptions)
        .values({ orderId: order.id, promoId: promo.id, customerId: order.customerId, createdAt: clock.now() })
        .onConflictDoUpdate({ target: promoRedemptions.orderId, set: { promoId: promo.id, customerId: order.customerId } });
      // The last use of a code limited in all takes it off the settings' list: at once, in every process.
      if (promo.maxUses !== null && (await usesOfPromo(tx, promo.id)) >= promo.maxUses) {
        await announcePublicDataChange(tx, 'settings');
      }
    },

    release: releasePromoUse,

    /** Every promotion active now, by code (a code whose every use is taken is not listed). */
    async active(exec: DbOrTx = db): Promise<Promotion[]> {
      const now = clock.now();
      const rows = await exec.select().from(promoCodes).where(eq(promoCodes.active, true)).orderBy(asc(promoCodes.code));
      const listed: Promotion[] = [];
      for (const p of rows) {
        if (!current(p, now)) continue;
        if (p.maxUses !== null && (await uses(exec, p.id)) >= p.maxUses) continue;
        listed.push({ code: p.code, percent: p.percentOff });
      }
      return listed;
    },
  };
}

export type Promotions = ReturnType<typeof createPromotions>;

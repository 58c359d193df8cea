/**
 * Promo codes: the `promo_codes` table is the truth (code, percent off, active, validity window).
 * Drafts look a typed code up here, the order view prices with its percent, and the settings
 * answer lists the promotions active now.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { promoCodes } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

export interface Promotion {
  code: string;
  percent: number;
}

export function createPromotions(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** In its validity window, with a percent the shop can take off (1 to 100; another is a bad row). */
  function current(promo: typeof promoCodes.$inferSelect, now: Date) {
    const usable = Number.isInteger(promo.percentOff) && promo.percentOff >= 1 && promo.percentOff <= 100;
    return usable && !(promo.validFrom && promo.validFrom > now) && !(promo.validTo && promo.validTo < now);
  }

  /** The active promo of a code (matched case-insensitively), or null. */
  async function find(exec: DbOrTx, code: string) {
    const [promo] = await exec
      .select()
      .from(promoCodes)
      .where(and(sql`lower(${promoCodes.code}) = lower(${code})`, eq(promoCodes.active, true)));
    return promo && current(promo, clock.now()) ? promo : null;
  }

  return {
    find,

    /** Every promotion active now, by code. */
    async active(exec: DbOrTx = db): Promise<Promotion[]> {
      const now = clock.now();
      const rows = await exec.select().from(promoCodes).where(eq(promoCodes.active, true)).orderBy(asc(promoCodes.code));
      return rows.filter((p) => current(p, now)).map((p) => ({ code: p.code, percent: p.percentOff }));
    },
  };
}

export type Promotions = ReturnType<typeof createPromotions>;

/**
 * The promo subcommands of the operations command (src/ops.ts), kept apart so tests run them on a
 * test database:
 *   promo:add CODE --percent N [--from DATE] [--to DATE] [--per-customer N] [--max-uses N]
 *   promo:list          every code with its rules and its uses (placed orders carrying it)
 *   promo:end CODE      the code ends now (customers are told it has expired; placed orders keep
 *                       their discount)
 * Dates are UTC: a day (YYYY-MM-DD) starts `--from` at its first moment and ends `--to` at its
 * last; a date-time with its zone (2026-12-01T09:00:00-05:00) is taken as given.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { validatePromoCode } from '@otc/sdk/validation';
import type { Db } from '../../db/client.js';
import { promoCodes, promoRedemptions } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { announcePublicDataChange } from '../../lib/public-data.js';

export const PROMO_COMMANDS = ['promo:add', 'promo:list', 'promo:end'] as const;

export const PROMO_USAGE = `  promo:add CODE --percent N [--from DATE] [--to DATE] [--per-customer N] [--max-uses N]
                          add a promo code: N % off, usable from/to a UTC day (YYYY-MM-DD) or a date-time,
                          at most N placed orders per customer / in all
  promo:list              every promo code with its rules and uses
  promo:end CODE          end a promo code now (placed orders keep their discount)`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index >= 0) {
    const value = args[index + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    return value;
  }
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

function wholeNumber(raw: string | undefined, name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} needs a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`);
  }
  return n;
}

/** A UTC day (its first moment, or with `end` its last) or a date-time with its zone. */
export function parsePromoDate(raw: string | undefined, name: string, end = false): Date | null {
  if (raw === undefined) return null;
  if (DAY.test(raw)) {
    const start = new Date(`${raw}T00:00:00.000Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== raw) throw new Error(`${name}: ${raw} is not a date`);
    return end ? new Date(start.getTime() + DAY_MS - 1) : start;
  }
  // A date-time must say its zone (Z or ±hh:mm): the shop's dates are never the server's local time.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) {
    throw new Error(`${name} needs a day (YYYY-MM-DD, UTC) or a date-time with its zone (2026-12-01T09:00:00Z)`);
  }
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw new Error(`${name}: ${raw} is not a date`);
  return date;
}

type PromoRow = typeof promoCodes.$inferSelect;

function state(p: PromoRow, uses: number, now: Date): string {
  if (!p.active) return 'inactive';
  if (p.validTo && p.validTo <= now) return 'ended';
  if (p.validFrom && p.validFrom > now) return 'not started';
  if (p.maxUses !== null && uses >= p.maxUses) return 'used up';
  return 'active';
}

function describe(p: PromoRow, uses: number, now: Date): string {
  const when = (d: Date | null) => (d ? d.toISOString() : '-');
  return [
    p.code,
    `${p.percentOff} %`,
    state(p, uses, now),
    `from ${when(p.validFrom)}`,
    `to ${when(p.validTo)}`,
    `per customer ${p.maxUsesPerCustomer ?? '-'}`,
    `uses ${uses}/${p.maxUses ?? '-'}`,
  ].join('  ');
}

/** Runs one subcommand; answers the text to print. Errors throw with a readable message. */
export async function runPromoCommand(deps: { db: Db; clock: Clock }, command: string, args: string[]): Promise<string> {
  const { db, clock } = deps;
  const now = clock.now();
  const byCode = async (code: string) =>
    (await db.select().from(promoCodes).where(sql`lower(${promoCodes.code}) = lower(${code})`).orderBy(asc(promoCodes.id)))[0];
  const usesOf = async (promoId: number) =>
    Number((await db.select({ n: count() }).from(promoRedemptions).where(eq(promoRedemptions.promoId, promoId)))[0]?.n ?? 0);

  switch (command) {
    case 'promo:add': {
      const code = args[0];
      if (!code || code.startsWith('--')) throw new Error('usage: promo:add CODE --percent N [--from DATE] [--to DATE] [--per-customer N] [--max-uses N]');
      if (validatePromoCode(code)) throw new Error(`${code}: a promo code is 1 to 64 characters, without spaces`);
      const percentOff = wholeNumber(option(args, '--percent'), '--percent', 1, 100);
      if (percentOff === undefined) throw new Error('--percent N (1 to 100) is needed');
      const validFrom = parsePromoDate(option(args, '--from'), '--from');
      const validTo = parsePromoDate(option(args, '--to'), '--to', true);
      if (validFrom && validTo && validTo < validFrom) throw new Error('--to is before --from');
      const maxUsesPerCustomer = wholeNumber(option(args, '--per-customer'), '--per-customer', 1) ?? null;
      const maxUses = wholeNumber(option(args, '--max-uses'), '--max-uses', 1) ?? null;
      const existing = await byCode(code);
      if (existing) throw new Error(`promo code ${existing.code} exists (codes are compared without case)`);
      const [added] = await db
        .insert(promoCodes)
        .values({ code, percentOff, validFrom, validTo, maxUsesPerCustomer, maxUses })
        .onConflictDoNothing()
        .returning();
      if (!added) throw new Error(`promo code ${code} exists`);
      await announcePublicDataChange(db, 'settings');
      return `added: ${describe(added, 0, now)}`;
    }
    case 'promo:list': {
      const rows = await db.select().from(promoCodes).orderBy(asc(promoCodes.code));
      if (rows.length === 0) return 'no promo codes';
      const lines: string[] = [];
      for (const p of rows) lines.push(describe(p, await usesOf(p.id), now));
      return lines.join('\n');
    }
    case 'promo:end': {
      const code = args[0];
      if (!code) throw new Error('usage: promo:end CODE');
      const promo = await byCode(code);
      if (!promo) throw new Error(`promo code ${code} not found`);
      if (promo.validTo && promo.validTo <= now) return `promo code ${promo.code} had ended (${promo.validTo.toISOString()})`;
      const [ended] = await db.update(promoCodes).set({ validTo: now }).where(eq(promoCodes.id, promo.id)).returning();
      await announcePublicDataChange(db, 'settings');
      return `ended: ${describe(ended!, await usesOf(promo.id), now)}`;
    }
    default:
      throw new Error(`unknown command "${command}"`);
  }
}

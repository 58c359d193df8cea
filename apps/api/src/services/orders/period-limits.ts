/**
 * The plan's per-period item limits (issue 31, item 4), read for one customer: the limit of each
 * item (`product_plans.units_per_period` of the customer's plan), the plan's period (month or
 * quarter) and the units of the customer's orders placed in the period that count (the SDK's
 * `PERIOD_LIMIT_STATUSES`: placed, paid, on the way, delivered; not cancelled, so a cancel gives
 * them back). The rule itself (what is left, what is refused) is the SDK's `periodUnitsLeft` and
 * `periodLimitRefusal`; adding, placing and paying call `periodLimitError` with what they hold.
 */
import { and, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { PERIOD_LIMIT_STATUSES, benefitPeriodOf, periodLimitRefusal, periodUnitsLeft, type BenefitPeriod } from '@otc/sdk/rules';
import type { DbOrTx } from '../../db/client.js';
import { customers, healthPlans, orderRows, orders, productPlans } from '../../db/schema.js';
import { HttpError, issue, type FieldIssue } from '../../lib/errors.js';

export interface PeriodLimit {
  limit: number;
  /** Units of this item in the customer's counting orders of the period (not the open draft). */
  ordered: number;
  period: BenefitPeriod;
}

/** The customer's plan and its period, or null when no plan is chosen. */
export async function customerPlanPeriod(exec: DbOrTx, customerId: number): Promise<{ planId: number; period: BenefitPeriod } | null> {
  const [row] = await exec
    .select({ planId: healthPlans.id, period: healthPlans.period })
    .from(customers)
    .innerJoin(healthPlans, eq(healthPlans.id, customers.healthPlanId))
    .where(eq(customers.id, customerId));
  return row ? { planId: row.planId, period: row.period === 'month' ? 'month' : 'quarter' } : null;
}

/**
 * The limits of these items for the customer at `now` (only items with one). `exceptOrderId`: an
 * order not to count (paying it: its own units are what is checked).
 */
export async function periodLimits(
  exec: DbOrTx,
  customerId: number,
  skuIds: readonly number[],
  now: Date,
  exceptOrderId?: number,
): Promise<Map<number, PeriodLimit>> {
  const found = new Map<number, PeriodLimit>();
  if (skuIds.length === 0) return found;
  const plan = await customerPlanPeriod(exec, customerId);
  if (!plan) return found;
  const limits = await exec
    .select({ skuId: productPlans.productId, limit: productPlans.unitsPerPeriod })
    .from(productPlans)
    .where(and(eq(productPlans.planId, plan.planId), inArray(productPlans.productId, [...skuIds]), isNotNull(productPlans.unitsPerPeriod)));
  if (limits.length === 0) return found;
  const period = benefitPeriodOf(now, plan.period);
  const counted = await exec
    .select({ skuId: orderRows.skuId, units: sql<number>`coalesce(sum(${orderRows.amount}), 0)::int` })
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, [...PERIOD_LIMIT_STATUSES]),
        gte(orders.placedAt, new Date(`${period.from}T00:00:00Z`)),
        lt(orders.placedAt, period.endsAt),
        inArray(orderRows.skuId, limits.map((l) => l.skuId)),
        ...(exceptOrderId === undefined ? [] : [ne(orders.id, exceptOrderId)]),
      ),
    )
    .groupBy(orderRows.skuId);
  const units = new Map(counted.map((c) => [c.skuId, Number(c.units)]));
  for (const { skuId, limit } of limits) {
    if (limit !== null) found.set(skuId, { limit, ordered: units.get(skuId) ?? 0, period: plan.period });
  }
  return found;
}

/** What the member may still order of an item (its row in the draft not counted), or null: no limit. */
export function unitsLeft(limit: PeriodLimit | undefined): number | null {
  return limit ? periodUnitsLeft(limit) : null;
}

/**
 * `period_limit_reached` with `{ limit, left }` naming each row (`field(i)`) that holds more than
 * the period leaves; null when none does. `rows[i].amount` is what the row would hold.
 */
export function periodLimitError(
  rows: readonly { skuId: number; amount: number }[],
  limits: Map<number, PeriodLimit>,
  field: (index: number) => string,
): HttpError | null {
  const fields: Record<string, FieldIssue[]> = {};
  let first: { limit: number; left: number } | null = null;
  rows.forEach((row, i) => {
    const limit = limits.get(row.skuId);
    const refusal = limit ? periodLimitRefusal({ ...limit, amount: row.amount }) : null;
    if (!refusal) return;
    first ??= refusal.params;
    fields[field(i)] = [issue(refusal.code, refusal.params)];
  });
  if (!first) return null;
  return new HttpError('period_limit_reached', { params: first, extra: { params: first }, fields });
}

/** A limit as the cart and the item page show it: what is left beyond `holding` units (the cart's row). */
export function periodLimitView(limit: PeriodLimit | undefined, holding = 0): { limit: number; left: number; period: BenefitPeriod } | null {
  if (!limit) return null;
  return { limit: limit.limit, left: periodUnitsLeft({ limit: limit.limit, ordered: limit.ordered + holding }) ?? 0, period: limit.period };
}

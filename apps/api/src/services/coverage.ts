/**
 * Plan coverage, the ONE rule: a plan covers a product when `product_plans` pairs them. The cart
 * (an order row "not supported by your Health Plan", services/orders/view.ts), the catalog's
 * "covered by plan X only" filter and the "Covered by your plan" marks of catalog, search and item
 * answers all read it from here. Paying with a benefit card reads it with the card's own plan
 * (`rowsOutsideCardPlan`, services/payments.ts).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { customers, healthPlans, orderRows, productPlans, products } from '../db/schema.js';

/** SQL: the product `product` (default the alias `p`) is covered by the plan `planId`. */
export function coveredBySql(planId: number, product: SQL = sql`p.id`): SQL {
  return sql`EXISTS (SELECT 1 FROM product_plans pp WHERE pp.product_id = ${product} AND pp.plan_id = ${planId})`;
}

/** The ids among `productIds` that the plan covers. */
export async function coveredAmong(exec: DbOrTx, planId: number, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await exec
    .select({ id: productPlans.productId })
    .from(productPlans)
    .where(and(eq(productPlans.planId, planId), inArray(productPlans.productId, productIds)));
  return new Set(rows.map((r) => r.id));
}

/** The plan a customer saved (id and code), or null when they have none. */
export async function customerPlan(exec: DbOrTx, customerId: number): Promise<{ id: number; code: string } | null> {
  const [row] = await exec
    .select({ id: healthPlans.id, code: healthPlans.code })
    .from(customers)
    .innerJoin(healthPlans, eq(healthPlans.id, customers.healthPlanId))
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/**
 * The coverage marks of a list of products: `coveredByPlan` for each id (true or false), or null
 * for all when no plan applies.
 */
export async function coverageMarks(
  exec: DbOrTx,
  planId: number | null,
  productIds: number[],
): Promise<(id: number) => boolean | null> {
  if (planId === null) return () => null;
  const covered = await coveredAmong(exec, planId, productIds);
  return (id) => covered.has(id);
}

/**
 * The rows of an order a benefit card of plan `planCode` does not cover, in row order with their
 * index and name (issue 32: the card's own plan decides what it pays for, not the customer's saved
 * plan). A card whose plan the shop does not know covers nothing. Answers the plan's name too.
 */
export async function rowsOutsideCardPlan(
  exec: DbOrTx,
  orderId: number,
  planCode: string | null,
  lang: 'en' | 'es',
): Promise<{ plan: string; rows: { index: number; name: string }[] }> {
  const [plan] = planCode
    ? await exec.select({ id: healthPlans.id, name: healthPlans.name }).from(healthPlans).where(eq(healthPlans.code, planCode))
    : [];
  const rows = await exec
    .select({ skuId: orderRows.skuId, nameEn: products.nameEn, nameEs: products.nameEs })
    .from(orderRows)
    .innerJoin(products, eq(products.id, orderRows.skuId))
    .where(eq(orderRows.orderId, orderId))
    .orderBy(asc(orderRows.id));
  const covered = plan ? await coveredAmong(exec, plan.id, rows.map((r) => r.skuId)) : new Set<number>();
  return {
    plan: plan?.name ?? planCode ?? '-',
    rows: rows.flatMap((row, index) =>
      covered.has(row.skuId) ? [] : [{ index, name: lang === 'es' ? row.nameEs : row.nameEn }],
    ),
  };
}

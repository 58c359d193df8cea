/**
 * The suggested basket (issue 31): what the member's allowance left can buy before the period
 * ends. This service reads the facts (the allowance as the header shows it, the member's plan,
 * their orders, the plan's most ordered items, coverage and stock); the SDK's `suggestBasket`
 * decides the rows and amounts, the same rule the test shop runs.
 *
 * - Allowance left and period end: `spendableAllowance` of the customer answer (the header's
 *   source: the active card, else the store balance).
 * - Bought before: rows of the member's orders that count as bought (`BOUGHT_STATUSES`), how many
 *   orders held each item, the usual amount per order, the day of the last one.
 * - Staples: the items the plan's members bought most (same statuses), then, while there is no
 *   such history (a new shop), the plan's items category by category in turn, catalog order.
 * - Only items the plan covers, active and in stock; items bought before that the plan does not
 *   cover any more are answered apart, with why.
 */
import { BASKET_MAX_ROWS, BOUGHT_STATUSES, fromCents, spendableAllowance, suggestBasket, toCents, type BasketCandidate } from '@otc/sdk/rules';
import type { SuggestedBasket } from '@otc/sdk/schemas';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import type { AppConfig } from '../env.js';
import { periodLimits, unitsLeft } from './orders/period-limits.js';
import type { Clock } from '../lib/clock.js';
import type { Lang } from '../lib/errors.js';
import { intArrayOf, rowsOf, summaryColumns, toSummary, TtlCache, type SummaryRow } from './catalog.js';
import { coveredAmong, coveredBySql, customerPlan } from './coverage.js';
import type { CustomersService } from './customers.js';

/** Staples read per plan (more than a basket holds: some are the member's own or out of stock). */
const STAPLES_READ = BASKET_MAX_ROWS * 3;
/** The plan's most ordered items change slowly: read once a few minutes per plan and process. */
const STAPLES_TTL_MS = 5 * 60_000;
/** Without history, staples taken from each category at the most (the categories take turns). */
const STAPLES_PER_CATEGORY = 3;

const BOUGHT = sql.raw(`(${BOUGHT_STATUSES.join(',')})`);

interface HistoryRow {
  id: number;
  times: number;
  units: number;
  last_on: string;
}

export interface SuggestedBasketDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'minimumOrderCents'>;
  customers: CustomersService;
}

export function createSuggestedBasketService(deps: SuggestedBasketDeps) {
  const { db, config, customers } = deps;
  const staplesCache = new TtlCache<number[]>(STAPLES_TTL_MS, 200, () => deps.clock.now().getTime());

  /** The plan's staples, most ordered by its members first, then its items in catalog order. */
  async function staplesOf(exec: DbOrTx, planId: number): Promise<number[]> {
    return staplesCache.get(String(planId), async () => {
      const popular = rowsOf<{ id: number }>(
        await exec.execute(sql`
          SELECT r.sku_id AS id
          FROM order_rows r
          JOIN orders o ON o.id = r.order_id
          JOIN customers c ON c.id = o.customer_id
          WHERE c.health_plan_id = ${planId} AND o.status IN ${BOUGHT}
          GROUP BY r.sku_id
          ORDER BY sum(r.amount) DESC, r.sku_id
          LIMIT ${STAPLES_READ}`),
      ).map((r) => Number(r.id));
      if (popular.length >= STAPLES_READ) return popular;
      // A shop without history yet: the plan's listed items, the first of each category in turn
      // (not three sizes of one painkiller), each category read through its catalog index.
      const more = rowsOf<{ id: number }>(
        await exec.execute(sql`
          SELECT x.id FROM categories c
          CROSS JOIN LATERAL (
            SELECT p.id, row_number() OVER (ORDER BY p.id) AS n FROM products p
            WHERE p.category_id = c.id AND p.status IS NULL AND p.in_stock
              AND ${coveredBySql(planId)} AND NOT (p.id = ANY(${intArrayOf(popular)}))
            ORDER BY p.id
            LIMIT ${STAPLES_PER_CATEGORY}) x
          ORDER BY x.n, c.position, c.id
          LIMIT ${STAPLES_READ - popular.length}`),
      ).map((r) => Number(r.id));
      return [...popular, ...more];
    });
  }

  async function suggest(customerId: number, lang: Lang, exec: DbOrTx = db): Promise<SuggestedBasket> {
    const [customer, plan] = await Promise.all([customers.get(customerId, exec), customerPlan(exec, customerId)]);
    const allowance = spendableAllowance(customer);
    const leftCents = allowance ? toCents(allowance.left) : 0;
    const head = {
      plan: customer.insurancePlan,
      allowanceLeft: fromCents(leftCents),
      periodEndsAt: allowance?.periodEndsAt ?? null,
      minimumOrder: fromCents(config.minimumOrderCents),
    };
    const empty = (code: NonNullable<SuggestedBasket['empty']>['code'], notCovered: SuggestedBasket['notCovered'] = []): SuggestedBasket => ({
      ...head,
      total: '0.00',
      reachesMinimum: false,
      items: [],
      empty: { code, params: {} },
      notCovered,
    });
    if (!plan || !customer.insurancePlan) return empty('basket_no_plan');
    const planName = customer.insurancePlan.name;

    const history = rowsOf<HistoryRow>(
      await exec.execute(sql`
        SELECT r.sku_id AS id, count(DISTINCT o.id)::int AS times, sum(r.amount)::int AS units,
          to_char(max(coalesce(o.placed_at, o.created_at)) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS last_on
        FROM orders o JOIN order_rows r ON r.order_id = o.id
        WHERE o.customer_id = ${customerId} AND o.status IN ${BOUGHT}
        GROUP BY r.sku_id`),
    );
    const bought = new Map(history.map((h) => [Number(h.id), h]));
    const staples = (await staplesOf(exec, plan.id)).filter((id) => !bought.has(id));
    const ids = [...bought.keys(), ...staples];
    const [rows, covered] = await Promise.all([
      ids.length === 0
        ? Promise.resolve([] as SummaryRow[])
        : exec
            .execute(sql`
              SELECT ${summaryColumns(lang)}
              FROM products p JOIN categories c ON c.id = p.category_id
              WHERE p.id = ANY(${intArrayOf(ids)})`)
            .then((result) => rowsOf<SummaryRow>(result)),
      coveredAmong(exec, plan.id, ids),
    ]);
    const summaries = new Map(rows.map((row) => [Number(row.id), { ...toSummary(row), coveredByPlan: covered.has(Number(row.id)) }]));

    // The plan's per-period item limits (issue 31): the basket holds no more than is left.
    const limits = await periodLimits(exec, customerId, ids, deps.clock.now());
    const candidates: BasketCandidate[] = [];
    const notCovered: SuggestedBasket['notCovered'] = [];
    for (const id of ids) {
      const product = summaries.get(id);
      if (!product) continue;
      const seen = bought.get(id);
      if (!product.coveredByPlan) {
        if (seen) notCovered.push({ product, lastBoughtOn: seen.last_on, reason: { code: 'not_covered_by_plan', params: { plan: planName } } });
        continue;
      }
      if (product.status !== null || product.inStock < 1) continue;
      candidates.push({
        id,
        priceCents: toCents(product.price),
        available: product.inStock,
        periodLeft: unitsLeft(limits.get(id)),
        bought: seen ? { times: seen.times, lastOn: seen.last_on, usualAmount: Math.round(seen.units / seen.times) } : null,
        plan: planName,
      });
    }
    notCovered.sort((a, b) => b.lastBoughtOn.localeCompare(a.lastBoughtOn) || a.product.id - b.product.id);

    const basket = suggestBasket({ candidates, leftCents, minimumCents: config.minimumOrderCents });
    if (basket.empty) return empty(basket.empty, notCovered);
    return {
      ...head,
      total: fromCents(basket.totalCents),
      reachesMinimum: basket.reachesMinimum,
      items: basket.rows.map((row) => {
        const product = summaries.get(row.id)!;
        return { product, amount: row.amount, subtotal: fromCents(toCents(product.price) * row.amount), reason: row.reason };
      }),
      empty: null,
      notCovered,
    };
  }

  return { suggest };
}

export type SuggestedBasketService = ReturnType<typeof createSuggestedBasketService>;

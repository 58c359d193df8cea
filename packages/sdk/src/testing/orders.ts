/**
 * What the test shop's cart, checkout and payment routes share (the API's services/orders): the
 * open draft, a row's amount and its checks (stock, what one order may hold of an item, the
 * plan's per-period limit), holds (an unpaid order's reserved units, its items remembered when the
 * hold ends, back to the cart when it ends) and an order's status events.
 */
import { ORDER_STATUS } from '../constants/index.js';
import { formatPrice } from '../format/format-price.js';
import { fromCents } from '../money/index.js';
import { itemLimitRefusal } from '../rules/hold-bounds.js';
import { checkMinimumOrder } from '../rules/meets-minimum-order.js';
import {
  benefitPeriodOf,
  PERIOD_LIMIT_STATUSES,
  periodLimitRefusal,
} from '../rules/period-limits.js';
import { invalid, issue, TestShopError } from './errors.js';
import type { ShopCore } from './routes.js';
import { availableUnits, newId, type TestOrder } from './state.js';

export function openDraft(shop: ShopCore, customerId: number): TestOrder | undefined {
  return shop.state.orders.find((o) => o.customerId === customerId && o.status === ORDER_STATUS.draft);
}

function newOrder(shop: ShopCore, customerId: number, agentId: string | null): TestOrder {
  const order: TestOrder = {
    id: newId(shop.state),
    customerId,
    status: ORDER_STATUS.draft,
    rows: [],
    promoCode: null,
    deliveryAddressId: null,
    deliveryAddress: null,
    number: null,
    createdAt: shop.now().toISOString(),
    placedAt: null,
    payableUntil: null,
    placedTotals: null,
    payment: null,
    paidBy: null,
    events: [],
    cancelledAt: null,
    refund: null,
    tracking: null,
    deliveredAt: null,
    agentId,
  };
  shop.state.orders.push(order);
  return order;
}

export function prepareDraft(shop: ShopCore, customerId: number, agentId?: string): TestOrder {
  sweepHolds(shop, customerId);
  return openDraft(shop, customerId) ?? newOrder(shop, customerId, agentId ?? null);
}

export function release(shop: ShopCore, order: TestOrder): void {
  for (const row of order.rows) {
    const p = shop.state.products.find((x) => x.id === row.skuId);
    if (p) p.reserved = Math.max(0, p.reserved - row.amount);
  }
}

/**
 * Remembers the items of an unpaid order whose hold ends, with when it ends (the later end is
 * kept): placing them again before then continues that hold, after it they wait the cooldown
 * (the API's `recordEndedHold`, issue 32).
 */
export function recordEndedHold(shop: ShopCore, order: TestOrder, endsAt: string): void {
  const held = (shop.state.heldItems ??= []);
  for (const row of order.rows) {
    const known = held.find((h) => h.customerId === order.customerId && h.skuId === row.skuId);
    if (!known) held.push({ customerId: order.customerId, skuId: row.skuId, holdEndsAt: endsAt });
    else if (endsAt > known.holdEndsAt) known.holdEndsAt = endsAt;
  }
}

/** The field issue of raising a row to `amount` units past what one order may hold of an item (the settings' `maxUnitsPerItem`), or null. */
export function overItemLimit(shop: ShopCore, amount: number): ReturnType<typeof issue> | null {
  const refusal = itemLimitRefusal({ amount, max: shop.state.settings.maxUnitsPerItem });
  return refusal ? issue(refusal.code, refusal.params) : null;
}

/** A 422 of these field issues: `max_units_per_item` with its `{ max }` when that is every issue, else `validation_failed`. */
export function draftRowsError(shop: ShopCore, fields: Record<string, ReturnType<typeof issue>[]>): TestShopError {
  const all = Object.values(fields).flat();
  if (all.length === 0 || !all.every((i) => i.code === 'max_units_per_item')) return invalid(fields);
  const params = { max: shop.state.settings.maxUnitsPerItem };
  return new TestShopError('max_units_per_item', { params, extra: { params }, fields });
}

/** A placed, unpaid order back to the cart: the open draft's rows merged in (larger wins). */
export function reopen(shop: ShopCore, order: TestOrder, note: string): void {
  // Its items remembered with the hold's own end: placing them again never starts a new hold at once.
  recordEndedHold(shop, order, order.payableUntil ?? shop.now().toISOString());
  release(shop, order);
  const draft = openDraft(shop, order.customerId);
  if (draft) {
    for (const row of draft.rows) {
      const mine = order.rows.find((r) => r.skuId === row.skuId);
      if (!mine) order.rows.push({ ...row });
      else mine.amount = Math.max(mine.amount, row.amount);
    }
    if (!order.promoCode) order.promoCode = draft.promoCode;
    shop.state.orders.splice(shop.state.orders.indexOf(draft), 1);
  }
  for (const row of order.rows) row.unitCents = null;
  order.status = ORDER_STATUS.draft;
  order.placedTotals = null;
  order.events.push({ status: ORDER_STATUS.draft, at: shop.now().toISOString(), note });
}

/** Unpaid orders whose hold has ended go back to the cart (the API's sweep). */
export function sweepHolds(shop: ShopCore, customerId: number): void {
  const now = shop.now().getTime();
  for (const order of [...shop.state.orders]) {
    if (
      order.customerId === customerId &&
      order.status === ORDER_STATUS.waitingForPayment &&
      order.payableUntil &&
      Date.parse(order.payableUntil) <= now
    ) {
      reopen(shop, order, 'payment time over');
    }
  }
}

export function ownedOrder(shop: ShopCore, customerId: number, id: number): TestOrder {
  sweepHolds(shop, customerId);
  const order = shop.state.orders.find((o) => o.id === id && o.customerId === customerId);
  if (!order) throw new TestShopError('not_found');
  return order;
}

export function ownedDraft(shop: ShopCore, customerId: number, id: number): TestOrder {
  const order = ownedOrder(shop, customerId, id);
  if (order.status !== ORDER_STATUS.draft) throw new TestShopError('order_not_draft');
  return order;
}

function productForRow(shop: ShopCore, skuId: number, field: string) {
  const p = shop.state.products.find((x) => x.id === skuId);
  if (!p) throw invalid({ [field]: [issue('product_not_found')] });
  return p;
}

/**
 * The plan's per-period limit of an item for a customer (issue 31), as the API reads it: the
 * limit, the plan's period and the units of their counting orders placed in it (not
 * `exceptOrderId`); undefined when no limit. The rule is the SDK's `periodLimitRefusal`.
 */
function periodLimitOf(shop: ShopCore, customerId: number, skuId: number, exceptOrderId?: number) {
  const customer = shop.state.customers.find((c) => c.id === customerId);
  const plan = customer?.plan ? shop.state.plans.find((p) => p.code === customer.plan) : undefined;
  const limit = plan?.unitsPerPeriod?.[skuId];
  if (!plan || limit === undefined) return undefined;
  const period = benefitPeriodOf(shop.now(), plan.period ?? 'quarter');
  const from = `${period.from}T00:00:00.000Z`;
  const ordered = shop.state.orders
    .filter(
      (o) =>
        o.customerId === customerId &&
        o.id !== exceptOrderId &&
        PERIOD_LIMIT_STATUSES.includes(o.status) &&
        o.placedAt !== null &&
        o.placedAt >= from &&
        new Date(o.placedAt) < period.endsAt,
    )
    .reduce((n, o) => n + (o.rows.find((r) => r.skuId === skuId)?.amount ?? 0), 0);
  return { limit, ordered, period: plan.period ?? 'quarter' };
}

/** Throws `period_limit_reached` `{ limit, left }` on `field` when `amount` is more than the period leaves. */
export function checkPeriodLimit(shop: ShopCore, customerId: number, skuId: number, amount: number, field: string, exceptOrderId?: number) {
  const limit = periodLimitOf(shop, customerId, skuId, exceptOrderId);
  const refusal = limit ? periodLimitRefusal({ ...limit, amount }) : null;
  if (refusal) {
    throw new TestShopError(refusal.code, { params: refusal.params, extra: { params: refusal.params }, fields: { [field]: [issue(refusal.code, refusal.params)] } });
  }
}

/** Sets a row's amount (0 removes it); above what can be ordered: 422 `cannot_add_more`. */
export function setRow(shop: ShopCore, order: TestOrder, skuId: number, amount: number, fields = { sku: 'sku_id', amount: 'amount' }) {
  const p = productForRow(shop, skuId, fields.sku);
  const row = order.rows.find((r) => r.skuId === skuId);
  const current = row?.amount ?? 0;
  if (amount > current) {
    const overLimit = overItemLimit(shop, amount);
    if (overLimit) throw draftRowsError(shop, { [fields.amount]: [overLimit] });
    const { available, orderable } = availableUnits(p);
    if (!orderable || amount > available) throw invalid({ [fields.amount]: [issue('cannot_add_more')] });
    checkPeriodLimit(shop, order.customerId, skuId, amount, fields.amount);
  }
  if (amount === 0) order.rows = order.rows.filter((r) => r.skuId !== skuId);
  else if (row) row.amount = amount;
  else order.rows.push({ skuId, amount, unitCents: null });
}

export function minimumOrderError(shop: ShopCore, subtotalCents: number, rows: number): TestShopError | null {
  const check = checkMinimumOrder(fromCents(subtotalCents), shop.state.settings.minimumOrder);
  if (check.ok && rows > 0) return null;
  const params = { qty: formatPrice(check.minimum) };
  return new TestShopError('minimum_order', { params, fields: { total: [issue('minimum_order', params)] } });
}

export function event(shop: ShopCore, order: TestOrder, status: number, note: string | null = null): void {
  order.status = status;
  order.events.push({ status, at: shop.now().toISOString(), note });
}

/**
 * Guest rows merged into the customer's open draft (created when none): a draft row is never
 * lowered or dropped, a guest amount above what can be ordered (stock, what one order may hold of
 * an item) becomes the most that can (`limited`), rows of unknown products or of products that
 * cannot be ordered at all are `dropped`. The sign-in merge of a guest cart (`mergeIntoDraft`,
 * and a web sign-in's guest server cart).
 */
export function mergeIntoDraft(
  shop: ShopCore,
  customerId: number,
  rows: readonly { sku_id: number; amount: number }[],
  agentId?: string,
) {
  const order = prepareDraft(shop, customerId, agentId);
  const guest = new Map<number, number>();
  for (const row of rows) guest.set(row.sku_id, Math.max(guest.get(row.sku_id) ?? 0, row.amount));
  const added: number[] = [];
  const raised: number[] = [];
  const limited: Array<{ sku_id: number; amount: number; wanted: number }> = [];
  const dropped: Array<{ sku_id: number; amount: number; reason: 'product_not_found' | 'cannot_add_more' }> = [];
  for (const [skuId, wanted] of guest) {
    const p = shop.state.products.find((x) => x.id === skuId);
    const row = order.rows.find((r) => r.skuId === skuId);
    if (!p) {
      dropped.push({ sku_id: skuId, amount: wanted, reason: 'product_not_found' });
      continue;
    }
    const current = row?.amount ?? 0;
    if (wanted <= current) continue;
    const { available, orderable } = availableUnits(p);
    // At most what one order may hold of an item: more becomes `limited`, as stock does.
    const most = orderable ? Math.min(available, shop.state.settings.maxUnitsPerItem) : 0;
    const amount = Math.min(wanted, most);
    if (amount <= current) {
      if (!row) dropped.push({ sku_id: skuId, amount: wanted, reason: 'cannot_add_more' });
      continue;
    }
    if (row) {
      row.amount = amount;
      raised.push(skuId);
    } else {
      order.rows.push({ skuId, amount, unitCents: null });
      added.push(skuId);
    }
    if (amount < wanted) limited.push({ sku_id: skuId, amount, wanted });
  }
  return {
    order,
    changed: added.length > 0 || raised.length > 0,
    added,
    raised,
    limited,
    dropped,
  };
}

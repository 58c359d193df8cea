/**
 * The test shop's checkout and orders (as the API answers them): placing the draft with every
 * check of the spec and what one customer may hold (issue 32), a placed order back to the cart,
 * cancelling, and the order history.
 */
import {
  DEFAULT_HOLD_COOLDOWN_MINUTES,
  DEFAULT_HOLD_VALUE_OTHER_CARDS,
  ORDER_STATUS,
  type Locale,
} from '../constants/index.js';
import { toCents } from '../money/index.js';
import { heldItemsWait, holdValueLimitCents, holdValueRefusal } from '../rules/hold-bounds.js';
import { missingProfileFields } from '../rules/missing-profile-fields.js';
import { benefitPeriodOf, holdEnd } from '../rules/period-limits.js';
import { stateIssue } from './account-routes.js';
import { issue, TestShopError, type TestFieldIssues } from './errors.js';
import {
  checkPeriodLimit,
  draftRowsError,
  event,
  minimumOrderError,
  overItemLimit,
  ownedDraft,
  ownedOrder,
  recordEndedHold,
  release,
  reopen,
  sweepHolds,
} from './orders.js';
import { refund } from './payment-routes.js';
import type { RouteImpls, ShopCore } from './routes.js';
import {
  addressView,
  cancellableUntil,
  customerView,
  draftCents,
  draftView,
  orderDetailView,
  orderRowsView,
  orderSummaryView,
  promoPercent,
  type TestCustomer,
  type TestOrder,
} from './state.js';

/**
 * The items of this customer's ended holds (recordEndedHold), by the SDK's `heldItemsWait`:
 * throws `hold_cooldown` naming the rows still in their cooldown; else answers when the earliest
 * hold taken back early would have ended (the new hold goes no further), or null.
 */
function heldItemsWaitOf(shop: ShopCore, customerId: number, skuIds: readonly number[], now: Date): Date | null {
  const ended = (shop.state.heldItems ?? [])
    .filter((held) => held.customerId === customerId)
    .map((held) => ({ skuId: held.skuId, holdEndsAt: new Date(held.holdEndsAt) }));
  const wait = heldItemsWait({ skuIds, ended, now, cooldownMs: DEFAULT_HOLD_COOLDOWN_MINUTES * 60_000 });
  if (wait.allowed) return wait.continuedUntil;
  const { code, params } = wait;
  const fields = Object.fromEntries(wait.rows.map((row) => [`rows.${row}.sku_id`, [issue(code, params)]]));
  throw new TestShopError(code, { params, extra: { params }, fields });
}

/**
 * The most an unpaid order of this customer may be worth: the allowance left on their cards used
 * for payments, the store balance when that method is on, plus DEFAULT_HOLD_VALUE_OTHER_CARDS for
 * a card typed at checkout (the API's `payableCents`).
 */
function payableCents(shop: ShopCore, customer: TestCustomer): number {
  const cardsCents = customer.cards
    .filter((card) => card.usedForPayments)
    .reduce((sum, card) => sum + (shop.state.sandboxCards.find((c) => c.number === card.number)?.balanceCents ?? 0), 0);
  const balanceCents = shop.state.settings.paymentMethods.includes('balance') ? customer.balanceCents : null;
  return holdValueLimitCents({ cardsCents, balanceCents, otherCardsCents: toCents(DEFAULT_HOLD_VALUE_OTHER_CARDS) });
}

function rowIssues(shop: ShopCore, order: TestOrder, locale: Locale): TestFieldIssues | null {
  const fields: Record<string, ReturnType<typeof issue>[]> = {};
  orderRowsView(shop.state, { ...order, status: ORDER_STATUS.draft }, locale).forEach((row, i) => {
    if (row.badReasonCode !== null) fields[`rows.${i}.sku_id`] = [issue('order_has_issues')];
  });
  return Object.keys(fields).length > 0 ? fields : null;
}

export const ORDER_ROUTES: RouteImpls = {
  completeOrder: ({ shop, customer, params, locale }) => {
    const { state } = shop;
    const order = ownedDraft(shop, customer.id, params.id);
    const now = shop.now();
    const waiting = state.orders.find(
      (o) => o.customerId === customer.id && o.status === ORDER_STATUS.waitingForPayment,
    );
    if (waiting) {
      const params = { number: waiting.number ?? String(100000 + waiting.id) };
      throw new TestShopError('unpaid_order_exists', { params, extra: { params } });
    }
    if (order.promoCode) {
      const promo = promoPercent(state, order.promoCode, customer.id, order.id, now);
      if ('refused' in promo) {
        throw new TestShopError(promo.refused, { fields: { promoCode: [issue(promo.refused)] } });
      }
    }
    const issues = rowIssues(shop, order, locale);
    if (issues) throw new TestShopError('order_has_issues', { fields: issues });
    const cents = draftCents(state, order);
    const below = minimumOrderError(shop, cents.subtotalCents, order.rows.length);
    if (below) throw below;
    const address = customer.addresses.find((a) => a.id === order.deliveryAddressId && !a.deleted);
    const addressIssue = address ? stateIssue(shop, address.state) : null;
    if (!address || addressIssue) {
      throw new TestShopError('delivery_address_required', {
        fields: { deliveryAddress: [addressIssue ?? issue('delivery_address_required')] },
      });
    }
    const missing = missingProfileFields(
      customerView(state, customer, now),
      state.settings.requiredProfileFields,
    );
    if (missing.length > 0) {
      throw new TestShopError('profile_incomplete', {
        fields: Object.fromEntries(missing.map((field) => [field, [issue('required')]])),
      });
    }
    // What one customer may hold (issue 32): units per item, items of an ended hold (continued,
    // or waiting the cooldown), and the order's value against the money that can pay it.
    const overLimit: Record<string, ReturnType<typeof issue>[]> = {};
    order.rows.forEach((row, i) => {
      const refused = overItemLimit(shop, row.amount);
      if (refused) overLimit[`rows.${i}.amount`] = [refused];
    });
    if (Object.keys(overLimit).length > 0) throw draftRowsError(shop, overLimit);
    order.rows.forEach((row, i) => checkPeriodLimit(shop, customer.id, row.skuId, row.amount, `rows.${i}.amount`));
    const continuedUntil = heldItemsWaitOf(shop, customer.id, order.rows.map((row) => row.skuId), now);
    const overValue = holdValueRefusal({ totalCents: cents.totalCents, limitCents: payableCents(shop, customer) });
    if (overValue) {
      const { code, params } = overValue;
      throw new TestShopError(code, { params, extra: { params }, fields: { total: [issue(code, params)] } });
    }
    for (const row of order.rows) {
      const p = state.products.find((x) => x.id === row.skuId)!;
      row.unitCents = toCents(p.price);
      p.reserved += row.amount;
    }
    order.number ??= String(100000 + order.id);
    order.placedAt = now.toISOString();
    // The hold ends with the plan's benefit period when that comes first (issue 31, item 5).
    const plan = customer.plan ? state.plans.find((p) => p.code === customer.plan) : undefined;
    order.payableUntil = holdEnd({
      now,
      holdMs: state.settings.unpaidOrderMinutes * 60_000,
      periodEndsAt: plan ? benefitPeriodOf(now, plan.period ?? 'quarter').endsAt : null,
      continuedUntil,
    }).until.toISOString();
    order.deliveryAddress = addressView(address);
    order.placedTotals = cents;
    event(shop, order, ORDER_STATUS.waitingForPayment);
    return { ...draftView(state, order, locale), number: order.number };
  },
  backToDraft: ({ shop, customer, params, locale }) => {
    const order = ownedOrder(shop, customer.id, params.id);
    if (order.status === ORDER_STATUS.draft && order.payableUntil) {
      throw new TestShopError('order_payment_time_over');
    }
    if (order.status !== ORDER_STATUS.waitingForPayment) {
      throw new TestShopError('order_not_waiting_for_payment', {
        fields: { status: [issue('order_not_waiting_for_payment')] },
      });
    }
    reopen(shop, order, 'back to draft');
    order.payableUntil = null;
    return draftView(shop.state, order, locale);
  },
  cancelOrder: ({ shop, customer, params, locale }) => {
    const order = ownedOrder(shop, customer.id, params.id);
    if (order.status === ORDER_STATUS.draft) throw new TestShopError('not_found');
    const now = shop.now();
    if (!cancellableUntil(shop.state, order, now)) throw new TestShopError('order_not_cancellable');
    if (order.status === ORDER_STATUS.waitingForPayment) {
      // A hold ended unpaid: its items wait the cooldown before this customer holds them again.
      recordEndedHold(shop, order, now.toISOString());
      release(shop, order);
    } else {
      for (const row of order.rows) {
        const p = shop.state.products.find((x) => x.id === row.skuId);
        if (p) p.stock += row.amount;
      }
      refund(shop, order, customer);
    }
    order.cancelledAt = now.toISOString();
    event(
      shop,
      order,
      ORDER_STATUS.cancelled,
      order.refund ? `refunded ${order.refund.amount} to ${order.refund.code}` : null,
    );
    return orderDetailView(shop.state, order, locale, now);
  },
  listOrders: ({ shop, customer, query }) => {
    sweepHolds(shop, customer.id);
    const placed = shop.state.orders
      .filter((o) => o.customerId === customer.id && o.number !== null && o.placedAt !== null && o.status !== ORDER_STATUS.draft)
      .sort((a, b) => (b.placedAt ?? '').localeCompare(a.placedAt ?? '') || b.id - a.id);
    const pageSize = shop.state.settings.pageSize;
    const page = query.page ?? 1;
    return {
      items: placed
        .slice((page - 1) * pageSize, page * pageSize)
        .map((o) => orderSummaryView(shop.state, o, shop.now())),
      total: placed.length,
      page,
      pageSize,
    };
  },
  getOrder: ({ shop, customer, params, locale }) => {
    const order = ownedOrder(shop, customer.id, params.id);
    if (order.status === ORDER_STATUS.draft || !order.number) throw new TestShopError('not_found');
    return orderDetailView(shop.state, order, locale, shop.now());
  },
};

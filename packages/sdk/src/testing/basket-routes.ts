/**
 * The test shop's suggested basket and allowance reminders (issue 31), over the in-memory data
 * with the SDK's own rules (`suggestBasket`, `spendableAllowance`, `reminderWindow`), as the API
 * answers them. Unsubscribe links are `<customer id>.<shop key>` (the API signs them with HMAC).
 */
import type { Locale } from '../constants/index.js';
import { fromCents, toCents } from '../money/index.js';
import {
  BOUGHT_STATUSES,
  basketReasonText,
  suggestBasket,
  type BasketCandidate,
} from '../rules/suggest-basket.js';
import { reminderWindow, spendableAllowance } from '../rules/allowance.js';
import type { ReminderChannel, SuggestedBasket } from '../schemas/basket.js';
import { TestShopError, issue } from './errors.js';
import type { RouteImpls, ShopCore } from './routes.js';
import { availableUnits, customerView, newId, productSummary, type TestCustomer } from './state.js';

/** Days before a period's end the test shop's reminders go out (the API's default). */
const REMINDER_DAYS = 14;
const UNSUBSCRIBE_KEY = 'test-shop-unsubscribe';

const remindersOf = (c: TestCustomer): ReminderChannel => c.reminders ?? 'email';
const canText = (c: TestCustomer) => c.phones.some((p) => p.verified && p.receiveSms);

/** The suggested basket of a customer in a language. */
export function basketOf(shop: ShopCore, customer: TestCustomer, locale: Locale): SuggestedBasket {
  const { state } = shop;
  const view = customerView(state, customer, shop.now());
  const allowance = spendableAllowance(view);
  const leftCents = allowance ? toCents(allowance.left) : 0;
  const minimumCents = toCents(state.settings.minimumOrder);
  const plan = customer.plan ? state.plans.find((p) => p.code === customer.plan) ?? null : null;
  const head = {
    plan: plan ? { code: plan.code, name: plan.name } : null,
    allowanceLeft: fromCents(leftCents),
    periodEndsAt: allowance?.periodEndsAt ?? null,
    minimumOrder: fromCents(minimumCents),
  };
  const empty = (code: NonNullable<SuggestedBasket['empty']>['code']) => ({
    ...head,
    total: '0.00',
    reachesMinimum: false,
    items: [],
    empty: { code, params: {} },
    notCovered: [],
  });
  if (!plan) return empty('basket_no_plan');

  const history = new Map<number, { orders: Set<number>; units: number; lastOn: string }>();
  for (const order of state.orders) {
    if (order.customerId !== customer.id || !BOUGHT_STATUSES.includes(order.status)) continue;
    const on = (order.placedAt ?? order.createdAt).slice(0, 10);
    for (const row of order.rows) {
      const seen = history.get(row.skuId) ?? { orders: new Set<number>(), units: 0, lastOn: on };
      seen.orders.add(order.id);
      seen.units += row.amount;
      if (on > seen.lastOn) seen.lastOn = on;
      history.set(row.skuId, seen);
    }
  }
  // The plan's staples: units its members bought, most first; then, as the API does without
  // history, the first of each category in turn (catalog order within a category).
  const planUnits = new Map<number, number>();
  for (const order of state.orders) {
    const buyer = state.customers.find((c) => c.id === order.customerId);
    if (buyer?.plan !== plan.code || !BOUGHT_STATUSES.includes(order.status)) continue;
    for (const row of order.rows) planUnits.set(row.skuId, (planUnits.get(row.skuId) ?? 0) + row.amount);
  }
  const candidates: BasketCandidate[] = [];
  const notCovered: SuggestedBasket['notCovered'] = [];
  const turn = new Map<number, number>();
  const seenIn = new Map<number, number>();
  for (const p of [...state.products].sort((a, b) => a.id - b.id)) {
    if (!p.plans.includes(plan.code) || !availableUnits(p).orderable || planUnits.has(p.id)) continue;
    const n = (seenIn.get(p.categoryId) ?? 0) + 1;
    seenIn.set(p.categoryId, n);
    turn.set(p.id, n);
  }
  const staples = [...state.products].sort(
    (a, b) =>
      (planUnits.get(b.id) ?? 0) - (planUnits.get(a.id) ?? 0) ||
      (turn.get(a.id) ?? Infinity) - (turn.get(b.id) ?? Infinity) ||
      a.categoryId - b.categoryId ||
      a.id - b.id,
  );
  for (const p of staples) {
    const seen = history.get(p.id);
    if (!p.plans.includes(plan.code)) {
      if (seen) {
        notCovered.push({
          product: productSummary(state, p, locale, plan.code),
          lastBoughtOn: seen.lastOn,
          reason: { code: 'not_covered_by_plan', params: { plan: plan.name } },
        });
      }
      continue;
    }
    const { available, orderable } = availableUnits(p);
    if (!orderable || available < 1) continue;
    candidates.push({
      id: p.id,
      priceCents: toCents(p.price),
      available,
      bought: seen ? { times: seen.orders.size, lastOn: seen.lastOn, usualAmount: Math.round(seen.units / seen.orders.size) } : null,
      plan: plan.name,
    });
  }
  const basket = suggestBasket({ candidates, leftCents, minimumCents });
  if (basket.empty) return { ...empty(basket.empty), notCovered };
  return {
    ...head,
    total: fromCents(basket.totalCents),
    reachesMinimum: basket.reachesMinimum,
    items: basket.rows.map((row) => {
      const p = state.products.find((x) => x.id === row.id)!;
      return {
        product: productSummary(state, p, locale, plan.code),
        amount: row.amount,
        subtotal: fromCents(toCents(p.price) * row.amount),
        reason: row.reason,
      };
    }),
    empty: null,
    notCovered,
  };
}

function customerOfToken(shop: ShopCore, token: string): TestCustomer {
  const [id, key] = token.split('.');
  const customer = key === UNSUBSCRIBE_KEY ? shop.state.customers.find((c) => String(c.id) === id) : undefined;
  if (!customer) throw new TestShopError('validation_failed', { fields: { token: [issue('unsubscribe_link_invalid')] } });
  return customer;
}

/** The unsubscribe link's token of a customer in the test shop. */
export const testUnsubscribeToken = (customerId: number) => `${customerId}.${UNSUBSCRIBE_KEY}`;

export const BASKET_ROUTES: RouteImpls = {
  suggestedBasket: ({ shop, customer, locale }) => basketOf(shop, customer, locale),
  reminderSetting: ({ customer }) => ({ reminders: remindersOf(customer), daysBefore: REMINDER_DAYS, canText: canText(customer) }),
  updateReminderSetting: ({ customer, body }) => {
    if (body.reminders === 'sms' && !canText(customer)) {
      throw new TestShopError('validation_failed', { fields: { reminders: [issue('reminders_need_phone')] } });
    }
    customer.reminders = body.reminders;
    return { reminders: body.reminders, daysBefore: REMINDER_DAYS, canText: canText(customer) };
  },
  unsubscribePreview: ({ shop, query }) => {
    const customer = customerOfToken(shop, query.token);
    const reminders = remindersOf(customer);
    return { purpose: 'allowance_reminders', action: reminders === 'off' ? 'already_off' : 'would_turn_off', reminders, contact: null };
  },
  unsubscribe: ({ shop, query }) => {
    const customer = customerOfToken(shop, query.token);
    const was = remindersOf(customer);
    customer.reminders = 'off';
    return { purpose: 'allowance_reminders', action: was === 'off' ? 'already_off' : 'turned_off', reminders: 'off', contact: null };
  },
  devRunReminders: ({ shop, body }) => {
    const asOf = body.asOf ?? shop.now().toISOString().slice(0, 10);
    const window = reminderWindow(asOf, REMINDER_DAYS);
    let sent = 0;
    for (const customer of shop.state.customers) {
      const email = customer.emails.find((e) => e.verified);
      if (remindersOf(customer) === 'off' || !email) continue;
      const basket = basketOf(shop, customer, customer.interfaceLanguage);
      const ends = basket.periodEndsAt;
      const key = `${customer.id}:${ends}`;
      if (!ends || ends < window.from || ends > window.to || toCents(basket.allowanceLeft) <= 0) continue;
      if ((shop.state.remindersSent ??= []).includes(key)) continue;
      shop.state.remindersSent.push(key);
      const lines = basket.items
        .slice(0, 3)
        .map((row) => `${row.amount} × ${row.product.name}: ${basketReasonText(row.reason, customer.interfaceLanguage)}`);
      shop.state.outbox.push({
        id: newId(shop.state),
        to: email.address,
        channel: 'email',
        subject: `$${basket.allowanceLeft} / ${ends}`,
        text: lines.join('\n'),
        code: null,
        headers: { 'List-Unsubscribe': `</api/reminders/unsubscribe?token=${testUnsubscribeToken(customer.id)}>` },
        createdAt: shop.now().toISOString(),
      });
      sent += 1;
    }
    return { asOf, sent };
  },
};

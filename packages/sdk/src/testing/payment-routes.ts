/**
 * The test shop's cards and payments (as the API answers them): the member's benefit cards (added
 * with the sandbox's number and code, one active), a card's balance, paying a placed order by each
 * method against the sandbox cards and the store balance, and the refund of a paid order.
 */
import {
  ORDER_STATUS,
  TYPED_CARD_TYPE,
  type CardType,
  type PaymentMethodCode,
} from '../constants/index.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { fromCents } from '../money/index.js';
import { isPaymentInputValid, type PaymentInputReason } from '../rules/is-payment-input-valid.js';
import { statusAfterPayment } from '../rules/payment-status.js';
import { validateCardType } from '../validation/card-type-of-number.js';
import { normalizeCardNumber } from '../validation/normalize-card-number.js';
import { validateCardNumber } from '../validation/validate-card-number.js';
import { invalid, issue, TestShopError } from './errors.js';
import { checkPeriodLimit, event, minimumOrderError, ownedOrder } from './orders.js';
import type { RouteImpls, ShopCore } from './routes.js';
import {
  availableUnits,
  cardView,
  draftCents,
  newId,
  periodEnd,
  sandboxOf,
  type TestCustomer,
  type TestOrder,
} from './state.js';

const PAID_STATUSES: readonly number[] = [ORDER_STATUS.paymentVerification, ORDER_STATUS.confirmed];

/** Reserved units of a placed order, checked: every row still available. */
function checkPlaced(shop: ShopCore, order: TestOrder): void {
  const available = order.rows.map((row) => {
    const p = shop.state.products.find((x) => x.id === row.skuId);
    return p ? { ...p, reserved: Math.max(0, p.reserved - row.amount) } : undefined;
  });
  const fields: Record<string, ReturnType<typeof issue>[]> = {};
  const customer = shop.state.customers.find((c) => c.id === order.customerId);
  order.rows.forEach((row, i) => {
    const p = available[i];
    const inPlan = !customer?.plan || (p?.plans.includes(customer.plan) ?? false);
    if (!p || !availableUnits(p).orderable || availableUnits(p).available < row.amount || !inPlan) {
      fields[`rows.${i}.sku_id`] = [issue('order_has_issues')];
    }
  });
  if (Object.keys(fields).length > 0) throw new TestShopError('order_has_issues', { fields });
  const below = minimumOrderError(shop, draftCents(shop.state, order).subtotalCents, order.rows.length);
  if (below) throw below;
}

const REASON_CODES: Record<PaymentInputReason, ErrorCode> = {
  enterCardNumber: 'enter_card_number',
  invalidCardNumber: 'invalid_card_number',
  notEnoughBalance: 'notEnoughBalance',
  noActiveCard: 'no_active_card',
  totalUnknown: 'wrong_format',
  unknownMethod: 'payment_methods_unavailable',
};

const notCorrect = () =>
  new TestShopError('card_number_or_code_is_not_correct', {
    fields: { card: [issue('card_number_or_code_is_not_correct')] },
  });
const notEnough = () =>
  new TestShopError('notEnoughBalance', { fields: { code: [issue('notEnoughBalance')] } });

/** Charges a sandbox card (by number); answers the card charged. Throws the decline. */
function chargeCard(shop: ShopCore, number: string, type: CardType | 'credit', amountCents: number) {
  const account = shop.state.sandboxCards.find((c) => c.number === number && c.type === type);
  if (!account || account.behavior === 'decline') throw notCorrect();
  if (account.behavior === 'insufficient' || account.balanceCents < amountCents) throw notEnough();
  account.balanceCents -= amountCents;
  return account;
}

function charge(
  shop: ShopCore,
  customer: TestCustomer,
  code: PaymentMethodCode,
  input: Record<string, string>,
  amountCents: number,
): { last4: string | null; cardNumber: string | null } {
  if (code === 'balance') {
    const check = isPaymentInputValid('balance', {
      balance: fromCents(customer.balanceCents),
      estimatedTotal: fromCents(amountCents),
    });
    if (!check.valid) throw notEnough();
    customer.balanceCents -= amountCents;
    return { last4: null, cardNumber: null };
  }
  if (code === 'prohealth') {
    const card = customer.cards.find((c) => c.active);
    if (!card) throw new TestShopError('no_active_card', { fields: { code: [issue('no_active_card')] } });
    chargeCard(shop, card.number, card.type, amountCents);
    return { last4: card.number.slice(-4), cardNumber: card.number };
  }
  const card = input.card ?? '';
  const check = isPaymentInputValid(code, { card });
  if (!check.valid) throw invalid({ card: [issue(REASON_CODES[check.reason])] });
  const digits = normalizeCardNumber(card);
  if (code === 'credit') {
    chargeCard(shop, digits, 'credit', amountCents);
    return { last4: digits.slice(-4), cardNumber: digits };
  }
  const type = TYPED_CARD_TYPE[code];
  const found = validateCardNumber(card, type) ?? validateCardType(card, type, shop.state.settings.cardRanges);
  if (found) throw invalid({ card: [found] });
  const account = sandboxOf(shop.state, digits);
  const securityCode = (input.code ?? '').trim();
  const owner = shop.state.customers.find((c) => c.cards.some((x) => x.number === digits));
  const mine = owner?.id === customer.id;
  const codeMatches = account?.type === type && account.code === securityCode;
  if ((owner && !mine) || !(codeMatches || (mine && securityCode === ''))) throw notCorrect();
  chargeCard(shop, digits, type, amountCents);
  return { last4: digits.slice(-4), cardNumber: digits };
}

export function refund(shop: ShopCore, order: TestOrder, customer: TestCustomer): void {
  const payment = order.payment;
  if (!payment) return;
  if (payment.cardNumber) {
    const account = sandboxOf(shop.state, payment.cardNumber);
    if (account) account.balanceCents += payment.amountCents;
  } else {
    customer.balanceCents += payment.amountCents;
  }
  order.refund = {
    amount: fromCents(payment.amountCents),
    code: payment.code,
    last4: payment.last4,
    at: shop.now().toISOString(),
  };
}

function sandboxBenefitCard(shop: ShopCore, type: CardType, number: string, code: string) {
  // A number of another type's range names its type, as the API does (the settings' cardRanges).
  const named = validateCardType(number, type, shop.state.settings.cardRanges);
  if (named) throw invalid({ number: [named] });
  const digits = normalizeCardNumber(number);
  const account = sandboxOf(shop.state, digits);
  if (!account || account.type !== type || account.code !== code.trim()) {
    throw new TestShopError('card_number_or_code_is_not_correct', {
      fields: { number: [issue('card_number_or_code_is_not_correct')] },
    });
  }
  return { digits, account };
}

export const PAYMENT_ROUTES: RouteImpls = {
  listCards: ({ shop, customer }) => ({
    data: customer.cards.map((card) => cardView(shop.state, card, shop.now())),
  }),
  addCard: ({ shop, customer, body }) => {
    const { digits } = sandboxBenefitCard(shop, body.type, body.number, body.code);
    const owner = shop.state.customers.find((c) => c.cards.some((card) => card.number === digits));
    if (owner) {
      throw new TestShopError(owner.id === customer.id ? 'card_already_added' : 'card_already_in_system');
    }
    customer.cards.push({
      id: newId(shop.state),
      type: body.type,
      number: digits,
      addedAt: shop.now().toISOString(),
      active: customer.cards.length === 0,
      usedForPayments: true,
    });
    return { data: customer.cards.map((card) => cardView(shop.state, card, shop.now())) };
  },
  makeCardActive: ({ shop, customer, params }) => {
    const card = customer.cards.find((c) => c.id === params.id);
    if (!card) throw new TestShopError('not_found');
    for (const c of customer.cards) c.active = c.id === card.id;
    return { data: customer.cards.map((c) => cardView(shop.state, c, shop.now())) };
  },
  checkBalance: ({ shop, body }) => {
    const { digits, account } = sandboxBenefitCard(shop, body.type, body.number, body.code);
    return {
      type: body.type,
      last4: digits.slice(-4),
      balance: fromCents(account.balanceCents),
      periodEndsAt: periodEnd(shop.now()),
    };
  },
  payOrder: ({ shop, customer, params, body }) => {
    const { state } = shop;
    const order = ownedOrder(shop, customer.id, params.id);
    const answer = () => ({
      orderId: order.id,
      number: order.number ?? '',
      status: order.status,
      paidBy: order.paidBy ?? '',
      amount: fromCents(order.payment?.amountCents ?? draftCents(state, order).totalCents),
    });
    // Paying twice charges once: the first payment is the answer.
    if (PAID_STATUSES.includes(order.status) && order.payment) return answer();
    if (order.status === ORDER_STATUS.draft && order.payableUntil) {
      throw new TestShopError('order_payment_time_over');
    }
    if (order.status !== ORDER_STATUS.waitingForPayment) {
      throw new TestShopError('order_not_waiting_for_payment', {
        fields: { status: [issue('order_not_waiting_for_payment')] },
      });
    }
    if (!state.settings.paymentMethods.includes(body.code)) {
      throw new TestShopError('payment_methods_unavailable', {
        fields: { code: [issue('payment_methods_unavailable')] },
      });
    }
    checkPlaced(shop, order);
    // The plan's per-period limits again (a limit lowered since placing), before any charge.
    order.rows.forEach((row, i) => checkPeriodLimit(shop, customer.id, row.skuId, row.amount, `rows.${i}.amount`, order.id));
    const amountCents = draftCents(state, order).totalCents;
    const paid = charge(shop, customer, body.code, body.input, amountCents);
    for (const row of order.rows) {
      const p = state.products.find((x) => x.id === row.skuId);
      if (p) {
        p.reserved = Math.max(0, p.reserved - row.amount);
        p.stock = Math.max(0, p.stock - row.amount);
      }
    }
    const now = shop.now().toISOString();
    order.payment = { code: body.code, ...paid, amountCents, paidAt: now };
    order.paidBy = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || body.code;
    event(shop, order, statusAfterPayment(body.code), body.code);
    return answer();
  },
};

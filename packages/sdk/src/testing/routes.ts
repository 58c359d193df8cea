/**
 * What each contract route of the test shop does, keyed by route name and typed from its contract
 * row (input parsed with the row's schemas, answer of its response type). The behaviour follows
 * the API's (apps/api) for what a storefront sees: codes, statuses, checks and their order; it is
 * a test double, not a second server (no rate limits, no bot check, no hashing).
 */
import {
  DEFAULT_CODE_RESEND_SECONDS,
  DEFAULT_HOLD_COOLDOWN_MINUTES,
  DEFAULT_HOLD_VALUE_OTHER_CARDS,
  ORDER_STATUS,
  PROOF_VALID_MINUTES,
  TYPED_CARD_TYPE,
  type CardType,
  type Locale,
  type PaymentMethodCode,
} from '../constants/index.js';
import type { Contract, RouteName, RouteOutput } from '../contract/index.js';
import { fromCents, toCents } from '../money/index.js';
import { isPaymentInputValid, type PaymentInputReason } from '../rules/is-payment-input-valid.js';
import { checkMinimumOrder } from '../rules/meets-minimum-order.js';
import { missingProfileFields } from '../rules/missing-profile-fields.js';
import { statusAfterPayment } from '../rules/payment-status.js';
import { PERIOD_LIMIT_STATUSES, benefitPeriodOf, holdEnd, periodLimitRefusal } from '../rules/period-limits.js';
import { heldItemsWait, holdValueLimitCents, holdValueRefusal, itemLimitRefusal } from '../rules/hold-bounds.js';
import { formatPrice } from '../format/format-price.js';
import type { CodeSent, ProductSummary } from '../schemas/index.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { normalizeCardNumber } from '../validation/normalize-card-number.js';
import { validateCardNumber } from '../validation/validate-card-number.js';
import { validateCardType } from '../validation/card-type-of-number.js';
import { loginKind } from '../validation/validate-login.js';
import { validateState } from '../validation/validate-state.js';
import type { z } from 'zod/mini';
import { BASKET_ROUTES } from './basket-routes.js';
import { UNDO_ROUTES, noticeAccountChange } from './undo-routes.js';
import { TestShopError, invalid, issue, type TestFieldIssues } from './errors.js';
import {
  ACCESS_TOKEN_MINUTES,
  CODE_ATTEMPTS,
  CODE_VALID_MINUTES,
  addressView,
  availableUnits,
  cancellableUntil,
  cardView,
  customerByLogin,
  customerView,
  draftCents,
  draftView,
  loginTaken,
  newId,
  normalizeLogin,
  orderDetailView,
  orderRowsView,
  orderSummaryView,
  periodEnd,
  primaryContact,
  productDetail,
  productSummary,
  activePromotions,
  promoPercent,
  sandboxOf,
  signInProofUntil,
  type CodePurpose,
  type TestCustomer,
  type TestOrder,
  type TestSession,
  type TestShopState,
} from './state.js';

type Parsed<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

/** What a route implementation gets: the parsed input, who asks, the shop. */
export interface RouteContext<N extends RouteName> {
  params: Parsed<Contract[N] extends { params: z.ZodMiniType } ? Contract[N]['params'] : undefined>;
  query: Parsed<Contract[N] extends { query: z.ZodMiniType } ? Contract[N]['query'] : undefined>;
  body: Parsed<Contract[N] extends { body: z.ZodMiniType } ? Contract[N]['body'] : undefined>;
  /** The signed-in customer (always set on `auth: true` routes). */
  customer: Contract[N]['auth'] extends true ? TestCustomer : TestCustomer | null;
  session: Contract[N]['auth'] extends true ? TestSession : TestSession | null;
  locale: Locale;
  request: Request;
  shop: ShopCore;
}

/** One route of the test shop: answers the route's response, or throws a `TestShopError`. */
export type RouteImpl<N extends RouteName> = (
  ctx: RouteContext<N>,
) => RouteOutput<N> | Promise<RouteOutput<N>>;

export type RouteImpls = { [N in RouteName]?: RouteImpl<N> };

/** What the routes share: the state, the clock, and how one-time codes are made. */
export interface ShopCore {
  state: TestShopState;
  now: () => Date;
  makeCode: () => string;
}

// --- sign-in: codes, outbox, tokens ---

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return [...data].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function uuid(): string {
  const h = randomHex(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const CODE_SUBJECTS: Record<CodePurpose, string> = {
  login: 'Your sign-in code',
  register: 'Your registration code',
  recovery: 'Your account recovery code',
  'verify-email': 'Verify your e-mail',
  'verify-phone': 'Verify your phone',
  proof: 'Confirm it is you',
};

function channelOf(to: string): 'email' | 'sms' {
  return loginKind(to) === 'phone' ? 'sms' : 'email';
}

/** Sends a one-time code to `to` (the outbox keeps it); 429 `resend_too_soon` within the wait. */
function sendCode(shop: ShopCore, to: string, purpose: CodePurpose): CodeSent {
  const { state } = shop;
  const now = shop.now();
  const wait = state.settings.codeResendSeconds ?? DEFAULT_CODE_RESEND_SECONDS;
  const last = state.codes.filter((c) => c.to === to && c.purpose === purpose).at(-1);
  if (last && !last.used && last.attempts < CODE_ATTEMPTS && Date.parse(last.expiresAt) > now.getTime()) {
    const left = Math.ceil((Date.parse(last.sentAt) + wait * 1000 - now.getTime()) / 1000);
    if (left > 0) {
      throw new TestShopError('resend_too_soon', {
        params: { seconds: left },
        extra: { seconds: left, retryAfter: left },
      });
    }
  }
  const code = shop.makeCode();
  state.codes.push({
    to,
    purpose,
    code,
    sentAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CODE_VALID_MINUTES * 60_000).toISOString(),
    attempts: 0,
    used: false,
  });
  const channel = channelOf(to);
  state.outbox.push({
    id: newId(state),
    to,
    channel,
    subject: CODE_SUBJECTS[purpose],
    text: `Your code is ${code}. It expires in ${CODE_VALID_MINUTES} minutes.`,
    code,
    createdAt: now.toISOString(),
  });
  return { channel, resendIn: wait };
}

/** Spends the code of `to` for `purpose`; 422 `invalid_code`, 429 after too many tries. */
function useCode(shop: ShopCore, to: string, purpose: CodePurpose, code: string, field = 'code'): void {
  const now = shop.now().getTime();
  const last = shop.state.codes.filter((c) => c.to === to && c.purpose === purpose).at(-1);
  const wrong = () => new TestShopError('invalid_code', { fields: { [field]: [issue('invalid_code')] } });
  if (!last || last.used || Date.parse(last.expiresAt) <= now) throw wrong();
  if (last.attempts >= CODE_ATTEMPTS) {
    throw new TestShopError('code_attempts_exceeded', { extra: { retryAfter: 1 } });
  }
  if (last.code !== code.trim()) {
    last.attempts += 1;
    if (last.attempts >= CODE_ATTEMPTS) {
      throw new TestShopError('code_attempts_exceeded', { extra: { retryAfter: 1 } });
    }
    throw wrong();
  }
  last.used = true;
}

function accessToken(shop: ShopCore, customer: TestCustomer, session: TestSession): string {
  const expiresAt = shop.now().getTime() + ACCESS_TOKEN_MINUTES * 60_000;
  const header = base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      sub: String(customer.id),
      username: primaryContact(customer).to,
      sid: session.id,
      exp: Math.floor(expiresAt / 1000),
      jti: randomHex(8),
    }),
  );
  const token = `${header}.${payload}.test-shop`;
  shop.state.accessTokens[token] = { sessionId: session.id, expiresAt };
  return token;
}

/** A new session (signed in now) and its token pair. */
export function signIn(shop: ShopCore, customer: TestCustomer, device: string | null = null) {
  const now = shop.now().toISOString();
  const session: TestSession = {
    id: uuid(),
    customerId: customer.id,
    refreshToken: randomHex(32),
    spentRefreshTokens: [],
    createdAt: now,
    lastUsedAt: now,
    device,
    provenUntil: signInProofUntil(shop.now()),
    ended: false,
  };
  shop.state.sessions.push(session);
  return { token: accessToken(shop, customer, session), refresh_token: session.refreshToken };
}

function endSessions(shop: ShopCore, customerId: number, keep?: string): void {
  for (const s of shop.state.sessions) {
    if (s.customerId === customerId && s.id !== keep) s.ended = true;
  }
}

/** The session of a bearer token, when it is valid now. */
export function sessionOfToken(shop: ShopCore, token: string): TestSession | null {
  const issued = shop.state.accessTokens[token];
  if (!issued || issued.expiresAt <= shop.now().getTime()) return null;
  const session = shop.state.sessions.find((s) => s.id === issued.sessionId && !s.ended);
  if (!session) return null;
  if (!shop.state.customers.some((c) => c.id === session.customerId)) return null;
  return session;
}

function deviceOf(request: Request): string | null {
  const agent = request.headers.get('user-agent') ?? '';
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return browser && os ? `${browser} · ${os}` : (browser ?? os);
}

function maskContact(to: string): string {
  if (to.includes('@')) {
    const [name = '', domain = ''] = to.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return `***-***-${to.slice(-4)}`;
}

function proofStatus(shop: ShopCore, customer: TestCustomer, session: TestSession) {
  const proven = session.provenUntil && Date.parse(session.provenUntil) > shop.now().getTime();
  const contact = primaryContact(customer);
  return {
    provenUntil: proven ? session.provenUntil : null,
    methods: customer.password !== null ? (['password', 'code'] as const) : (['code'] as const),
    codeChannel: contact.channel,
    codeTo: maskContact(contact.to),
  } as RouteOutput<'proofStatus'>;
}

function requireProof(shop: ShopCore, session: TestSession): void {
  if (!session.provenUntil || Date.parse(session.provenUntil) <= shop.now().getTime()) {
    throw new TestShopError('recent_proof_required');
  }
}

// --- catalog ---

function productOr404(shop: ShopCore, id: number) {
  const product = shop.state.products.find((p) => p.id === id);
  if (!product) throw new TestShopError('not_found');
  return product;
}

function planOr422(shop: ShopCore, code: string | undefined): string | null {
  if (!code) return null;
  if (!shop.state.plans.some((p) => p.code === code)) throw new TestShopError('plan_not_found');
  return code;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

// --- orders ---

function openDraft(shop: ShopCore, customerId: number): TestOrder | undefined {
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

function prepareDraft(shop: ShopCore, customerId: number, agentId?: string): TestOrder {
  sweepHolds(shop, customerId);
  return openDraft(shop, customerId) ?? newOrder(shop, customerId, agentId ?? null);
}

function release(shop: ShopCore, order: TestOrder): void {
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
function recordEndedHold(shop: ShopCore, order: TestOrder, endsAt: string): void {
  const held = (shop.state.heldItems ??= []);
  for (const row of order.rows) {
    const known = held.find((h) => h.customerId === order.customerId && h.skuId === row.skuId);
    if (!known) held.push({ customerId: order.customerId, skuId: row.skuId, holdEndsAt: endsAt });
    else if (endsAt > known.holdEndsAt) known.holdEndsAt = endsAt;
  }
}

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

/** The field issue of raising a row to `amount` units past what one order may hold of an item (the settings' `maxUnitsPerItem`), or null. */
function overItemLimit(shop: ShopCore, amount: number): ReturnType<typeof issue> | null {
  const refusal = itemLimitRefusal({ amount, max: shop.state.settings.maxUnitsPerItem });
  return refusal ? issue(refusal.code, refusal.params) : null;
}

/** A 422 of these field issues: `max_units_per_item` with its `{ max }` when that is every issue, else `validation_failed`. */
function draftRowsError(shop: ShopCore, fields: Record<string, ReturnType<typeof issue>[]>): TestShopError {
  const all = Object.values(fields).flat();
  if (all.length === 0 || !all.every((i) => i.code === 'max_units_per_item')) return invalid(fields);
  const params = { max: shop.state.settings.maxUnitsPerItem };
  return new TestShopError('max_units_per_item', { params, extra: { params }, fields });
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

/** A placed, unpaid order back to the cart: the open draft's rows merged in (larger wins). */
function reopen(shop: ShopCore, order: TestOrder, note: string): void {
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
function sweepHolds(shop: ShopCore, customerId: number): void {
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

function ownedOrder(shop: ShopCore, customerId: number, id: number): TestOrder {
  sweepHolds(shop, customerId);
  const order = shop.state.orders.find((o) => o.id === id && o.customerId === customerId);
  if (!order) throw new TestShopError('not_found');
  return order;
}

function ownedDraft(shop: ShopCore, customerId: number, id: number): TestOrder {
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
function checkPeriodLimit(shop: ShopCore, customerId: number, skuId: number, amount: number, field: string, exceptOrderId?: number) {
  const limit = periodLimitOf(shop, customerId, skuId, exceptOrderId);
  const refusal = limit ? periodLimitRefusal({ ...limit, amount }) : null;
  if (refusal) {
    throw new TestShopError(refusal.code, { params: refusal.params, extra: { params: refusal.params }, fields: { [field]: [issue(refusal.code, refusal.params)] } });
  }
}

/** Sets a row's amount (0 removes it); above what can be ordered: 422 `cannot_add_more`. */
function setRow(shop: ShopCore, order: TestOrder, skuId: number, amount: number, fields = { sku: 'sku_id', amount: 'amount' }) {
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

const PAID_STATUSES: readonly number[] = [ORDER_STATUS.paymentVerification, ORDER_STATUS.confirmed];

function rowIssues(shop: ShopCore, order: TestOrder, locale: Locale): TestFieldIssues | null {
  const fields: Record<string, ReturnType<typeof issue>[]> = {};
  orderRowsView(shop.state, { ...order, status: ORDER_STATUS.draft }, locale).forEach((row, i) => {
    if (row.badReasonCode !== null) fields[`rows.${i}.sku_id`] = [issue('order_has_issues')];
  });
  return Object.keys(fields).length > 0 ? fields : null;
}

function minimumOrderError(shop: ShopCore, subtotalCents: number, rows: number): TestShopError | null {
  const check = checkMinimumOrder(fromCents(subtotalCents), shop.state.settings.minimumOrder);
  if (check.ok && rows > 0) return null;
  const params = { qty: formatPrice(check.minimum) };
  return new TestShopError('minimum_order', { params, fields: { total: [issue('minimum_order', params)] } });
}

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

function refund(shop: ShopCore, order: TestOrder, customer: TestCustomer): void {
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

function event(shop: ShopCore, order: TestOrder, status: number, note: string | null = null): void {
  order.status = status;
  order.events.push({ status, at: shop.now().toISOString(), note });
}

// --- customers ---

function contactOf(customer: TestCustomer, kind: 'email' | 'phone', id: number) {
  const list = kind === 'email' ? customer.emails : customer.phones;
  const found = (list as Array<{ id: number; verified: boolean; reg: boolean }>).find((c) => c.id === id);
  if (!found) throw new TestShopError('not_found');
  return found;
}

function contactValue(contact: { address?: string; number?: string }): string {
  return contact.address ?? contact.number ?? '';
}

function addContact(shop: ShopCore, customer: TestCustomer, kind: 'email' | 'phone', value: string) {
  const { state } = shop;
  if (!state.settings.addingContactsEnabled) {
    throw new TestShopError('adding_contacts_disabled', { params: { phone: state.settings.supportPhone } });
  }
  if (loginKind(value) !== kind) throw invalid({ value: [issue('wrong_format')] });
  const normalized = normalizeLogin(value);
  if (loginTaken(state, normalized, customer.id)) throw new TestShopError('contact_taken');
  const list = (kind === 'email' ? customer.emails : customer.phones) as Array<{
    id: number;
    verified: boolean;
    address?: string;
    number?: string;
  }>;
  const mine = list.find((c) => contactValue(c) === normalized);
  if (mine?.verified) throw new TestShopError('contact_already_added');
  if (!mine) {
    if (kind === 'email') {
      customer.emails.push({
        id: newId(state),
        address: normalized,
        reg: false,
        verified: false,
        receiveMarketingMailing: false,
      });
    } else {
      customer.phones.push({
        id: newId(state),
        number: normalized,
        reg: false,
        verified: false,
        receiveSms: true,
        allowMarketingCalls: false,
      });
    }
  }
  sendCode(shop, normalized, kind === 'email' ? 'verify-email' : 'verify-phone');
}

function contactRoutes(kind: 'email' | 'phone') {
  const purpose: CodePurpose = kind === 'email' ? 'verify-email' : 'verify-phone';
  return {
    add: ({ shop, customer, body }: { shop: ShopCore; customer: TestCustomer; body: { value: string } }) => {
      addContact(shop, customer, kind, body.value);
      return customerView(shop.state, customer, shop.now());
    },
    verify: (shop: ShopCore, customer: TestCustomer, id: number, code: string) => {
      const contact = contactOf(customer, kind, id);
      if (contact.verified) throw new TestShopError('contact_already_verified');
      const value = contactValue(contact as { address?: string; number?: string });
      if (loginTaken(shop.state, value, customer.id)) throw new TestShopError('contact_taken');
      useCode(shop, value, purpose, code);
      contact.verified = true;
      return customerView(shop.state, customer, shop.now());
    },
    resend: (shop: ShopCore, customer: TestCustomer, id: number) => {
      const contact = contactOf(customer, kind, id);
      if (contact.verified) throw new TestShopError('contact_already_verified');
      return sendCode(shop, contactValue(contact as { address?: string; number?: string }), purpose);
    },
    makePrimary: (shop: ShopCore, customer: TestCustomer, id: number) => {
      const contact = contactOf(customer, kind, id);
      if (!contact.verified) throw new TestShopError('contact_not_verified');
      if (contact.reg) return customerView(shop.state, customer, shop.now());
      const list = (kind === 'email' ? customer.emails : customer.phones) as Array<{ id: number; reg: boolean }>;
      const previous = list.find((c) => c.reg);
      const valueOf = (c: object) => contactValue(c as { address?: string; number?: string });
      noticeAccountChange(shop, customer, 'contact_made_primary', {
        contact: { kind, id: contact.id, value: valueOf(contact) },
        previous: previous ? { id: previous.id, value: valueOf(previous) } : null,
      });
      for (const c of list) c.reg = false;
      contact.reg = true;
      // As the API: the login changed, so every device signs in again.
      endSessions(shop, customer.id);
      return customerView(shop.state, customer, shop.now());
    },
    remove: (shop: ShopCore, customer: TestCustomer, id: number) => {
      const contact = contactOf(customer, kind, id);
      if (contact.reg) {
        throw new TestShopError(
          kind === 'email' ? 'primary_email_cannot_be_removed' : 'primary_phone_cannot_be_removed',
        );
      }
      if (kind === 'email') customer.emails = customer.emails.filter((e) => e.id !== id);
      else customer.phones = customer.phones.filter((p) => p.id !== id);
      return customerView(shop.state, customer, shop.now());
    },
  };
}

const emailRoutes = contactRoutes('email');
const phoneRoutes = contactRoutes('phone');

function addressOf(customer: TestCustomer, id: number) {
  const address = customer.addresses.find((a) => a.id === id && !a.deleted);
  if (!address) throw new TestShopError('not_found');
  return address;
}

function stateIssue(shop: ShopCore, state: string | undefined) {
  return validateState(state, shop.state.settings.deliveryStates);
}

function summaries(shop: ShopCore, ids: readonly number[], locale: Locale): ProductSummary[] {
  return ids.flatMap((id) => {
    const p = shop.state.products.find((x) => x.id === id);
    return p ? [productSummary(shop.state, p, locale)] : [];
  });
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

function reference(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(6, '0')}`;
}

/** Every route of the contract, as the test shop answers it. */
export const ROUTES: RouteImpls = {
  ...BASKET_ROUTES,
  ...UNDO_ROUTES,
  // --- auth ---
  requestCode: ({ shop, body }) => {
    const customer = customerByLogin(shop.state, body.login);
    if (!customer) throw new TestShopError('account_not_found');
    return sendCode(shop, normalizeLogin(body.login), 'login');
  },
  verifyCode: ({ shop, body, request }) => {
    const customer = customerByLogin(shop.state, body.login);
    if (!customer) throw new TestShopError('account_not_found');
    useCode(shop, normalizeLogin(body.login), 'login', body.code);
    return signIn(shop, customer, deviceOf(request));
  },
  login: ({ shop, body, request }) => {
    const customer = customerByLogin(shop.state, body.username);
    if (!customer || customer.password === null || customer.password !== body.password) {
      throw new TestShopError('invalid_credentials');
    }
    return signIn(shop, customer, deviceOf(request));
  },
  logout: ({ shop, body }) => {
    const session = shop.state.sessions.find((s) => s.refreshToken === body.refresh_token);
    if (session) session.ended = true;
    return { ok: true };
  },
  // The kit speaks the `tokens` mode only: no cookie, so no CSRF token.
  csrfToken: () => ({ csrf_token: null }),
  refreshToken: ({ shop, body }) => {
    const { state } = shop;
    const spent = state.sessions.find((s) => s.spentRefreshTokens.includes(body.refresh_token));
    if (spent) {
      // Reuse of a rotated token: the whole family (session) ends.
      spent.ended = true;
      throw new TestShopError('invalid_refresh_token');
    }
    const session = state.sessions.find((s) => s.refreshToken === body.refresh_token && !s.ended);
    const customer = session && state.customers.find((c) => c.id === session.customerId);
    if (!session || !customer) throw new TestShopError('invalid_refresh_token');
    session.spentRefreshTokens.push(session.refreshToken);
    session.refreshToken = randomHex(32);
    session.lastUsedAt = shop.now().toISOString();
    return { token: accessToken(shop, customer, session), refresh_token: session.refreshToken };
  },
  registerCode: ({ shop, body }) => {
    if (loginTaken(shop.state, body.login)) throw new TestShopError('account_exists');
    return sendCode(shop, normalizeLogin(body.login), 'register');
  },
  register: ({ shop, body, request }) => {
    const { state } = shop;
    if (loginTaken(state, body.login)) throw new TestShopError('account_exists');
    const login = normalizeLogin(body.login);
    useCode(shop, login, 'register', body.code);
    const email = loginKind(login) === 'email';
    const customer: TestCustomer = {
      id: newId(state),
      password: body.password ? body.password : null,
      passwordUpdatedAt: body.password ? shop.now().toISOString() : null,
      firstName: body.firstName || null,
      middleName: null,
      lastName: body.lastName || null,
      organization: null,
      gender: null,
      birthdate: null,
      interfaceLanguage: body.interfaceLanguage ?? 'en',
      preferredCommunicationLanguage: null,
      preferredCommunicationMethod: null,
      isMarketingEnabled: false,
      sendNotificationByEmail: true,
      sendNotificationByPhone: false,
      emails: email
        ? [{ id: newId(state), address: login, reg: true, verified: true, receiveMarketingMailing: false }]
        : [],
      phones: email
        ? []
        : [
            {
              id: newId(state),
              number: login,
              reg: true,
              verified: true,
              receiveSms: true,
              allowMarketingCalls: false,
            },
          ],
      addresses: [],
      cards: [],
      balanceCents: 0,
      plan: null,
      favorites: [],
    };
    state.customers.push(customer);
    return signIn(shop, customer, deviceOf(request));
  },
  recoveryCode: ({ shop, body }) => {
    if (!customerByLogin(shop.state, body.login)) throw new TestShopError('account_not_found');
    return sendCode(shop, normalizeLogin(body.login), 'recovery');
  },
  recover: ({ shop, body, request }) => {
    const customer = customerByLogin(shop.state, body.login);
    if (!customer) throw new TestShopError('account_not_found');
    useCode(shop, normalizeLogin(body.login), 'recovery', body.code);
    customer.password = body.password;
    customer.passwordUpdatedAt = shop.now().toISOString();
    endSessions(shop, customer.id);
    return signIn(shop, customer, deviceOf(request));
  },
  me: ({ shop, customer }) => customerView(shop.state, customer, shop.now()),
  listSessions: ({ shop, customer, session }) => ({
    sessions: shop.state.sessions
      .filter((s) => s.customerId === customer.id && !s.ended)
      .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))
      .slice(0, 50)
      .map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        current: s.id === session.id,
        device: s.device,
      })),
  }),
  endAllSessions: ({ shop, customer }) => {
    endSessions(shop, customer.id);
    return { ok: true };
  },
  endSession: ({ shop, customer, params }) => {
    const found = shop.state.sessions.find((s) => s.id === params.id && s.customerId === customer.id && !s.ended);
    if (!found) throw new TestShopError('not_found');
    found.ended = true;
    return { ok: true };
  },
  proofStatus: ({ shop, customer, session }) => proofStatus(shop, customer, session),
  requestProofCode: ({ shop, customer }) => sendCode(shop, primaryContact(customer).to, 'proof'),
  prove: ({ shop, customer, session, body }) => {
    if (body.password !== undefined && body.password !== '') {
      if (customer.password === null || body.password !== customer.password) {
        throw invalid({ password: [issue('current_password_incorrect')] });
      }
    } else if (body.code) {
      useCode(shop, primaryContact(customer).to, 'proof', body.code);
    } else {
      throw invalid({ password: [issue('required')], code: [issue('required')] });
    }
    session.provenUntil = new Date(shop.now().getTime() + PROOF_VALID_MINUTES * 60_000).toISOString();
    return proofStatus(shop, customer, session);
  },

  // --- customer ---
  updateCustomer: ({ shop, customer, body }) => {
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) (customer as unknown as Record<string, unknown>)[key] = value;
    }
    return customerView(shop.state, customer, shop.now());
  },
  changePassword: ({ shop, customer, session, body }) => {
    if (customer.password !== null) {
      if (!body.currentPassword) throw invalid({ currentPassword: [issue('required')] });
      if (body.currentPassword !== customer.password) {
        throw invalid({ currentPassword: [issue('current_password_incorrect')] });
      }
    } else {
      requireProof(shop, session);
    }
    noticeAccountChange(shop, customer, customer.password === null ? 'password_set' : 'password_changed');
    customer.password = body.password;
    customer.passwordUpdatedAt = shop.now().toISOString();
    endSessions(shop, customer.id, session.id);
    return customerView(shop.state, customer, shop.now());
  },
  listHealthPlans: ({ shop }) => shop.state.plans.map((p) => ({ ...p })),
  // The API also sets (or clears) the otc_plan cookie; the kit answers the code and holds no cookie.
  chooseGuestPlan: ({ shop, body }) => {
    const code = body.code.trim().toLowerCase();
    if (!code) return { code: null };
    const plan = shop.state.plans.find((p) => p.code === code);
    if (!plan) throw new TestShopError('plan_not_found', { fields: { code: [issue('wrong_format')] } });
    return { code: plan.code };
  },
  chooseHealthPlan: ({ shop, customer, body }) => {
    if (!shop.state.plans.some((p) => p.code === body.code)) {
      throw new TestShopError('plan_not_found', { fields: { code: [issue('wrong_format')] } });
    }
    customer.plan = body.code;
    return customerView(shop.state, customer, shop.now());
  },

  // --- emails and phones ---
  addEmail: (ctx) => emailRoutes.add(ctx),
  verifyEmail: ({ shop, customer, params, body }) => emailRoutes.verify(shop, customer, params.id, body.code),
  resendEmailCode: ({ shop, customer, params }) => emailRoutes.resend(shop, customer, params.id),
  makeEmailPrimary: ({ shop, customer, params }) => emailRoutes.makePrimary(shop, customer, params.id),
  updateEmail: ({ shop, customer, params, body }) => {
    const email = customer.emails.find((e) => e.id === params.id);
    if (!email) throw new TestShopError('not_found');
    if (body.receiveMarketingMailing !== undefined) email.receiveMarketingMailing = body.receiveMarketingMailing;
    return customerView(shop.state, customer, shop.now());
  },
  removeEmail: ({ shop, customer, params }) => emailRoutes.remove(shop, customer, params.id),
  addPhone: (ctx) => phoneRoutes.add(ctx),
  verifyPhone: ({ shop, customer, params, body }) => phoneRoutes.verify(shop, customer, params.id, body.code),
  resendPhoneCode: ({ shop, customer, params }) => phoneRoutes.resend(shop, customer, params.id),
  makePhonePrimary: ({ shop, customer, params }) => phoneRoutes.makePrimary(shop, customer, params.id),
  updatePhone: ({ shop, customer, params, body }) => {
    const phone = customer.phones.find((p) => p.id === params.id);
    if (!phone) throw new TestShopError('not_found');
    if (body.receiveSms !== undefined) phone.receiveSms = body.receiveSms;
    if (body.allowMarketingCalls !== undefined) phone.allowMarketingCalls = body.allowMarketingCalls;
    return customerView(shop.state, customer, shop.now());
  },
  removePhone: ({ shop, customer, params }) => phoneRoutes.remove(shop, customer, params.id),

  // --- addresses ---
  listAddresses: ({ customer }) => customer.addresses.filter((a) => !a.deleted).map(addressView),
  addAddress: ({ shop, customer, body }) => {
    const found = stateIssue(shop, body.state);
    if (found) throw invalid({ state: [found] });
    const address = {
      id: newId(shop.state),
      address: body.address,
      address2: body.address2 ?? null,
      city: body.city,
      state: body.state.toUpperCase(),
      zip: body.zip,
      facilityAddress: body.facilityAddress ?? false,
      deleted: false,
    };
    customer.addresses.push(address);
    return addressView(address);
  },
  updateAddress: ({ shop, customer, params, body }) => {
    const address = addressOf(customer, params.id);
    if (body.state !== undefined) {
      const found = stateIssue(shop, body.state);
      if (found) throw invalid({ state: [found] });
    }
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) (address as unknown as Record<string, unknown>)[key] = value;
    }
    address.state = address.state.toUpperCase();
    return addressView(address);
  },
  removeAddress: ({ customer, params }) => {
    addressOf(customer, params.id).deleted = true;
    return { ok: true };
  },

  // --- cards ---
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

  // --- catalog and search ---
  categories: ({ shop, query, locale }) => {
    const plan = planOr422(shop, query.plan);
    return shop.state.categories.map((c) => ({
      id: c.id,
      name: c.name[locale],
      slug: c.slug,
      productCount: shop.state.products.filter(
        (p) => p.categoryId === c.id && (!plan || p.plans.includes(plan)),
      ).length,
    }));
  },
  products: ({ shop, query, locale, customer }) => {
    const plan = planOr422(shop, query.plan);
    const coverage = planOr422(shop, query.coveragePlan) ?? plan ?? customer?.plan ?? null;
    const words = fold(query.q ?? '').split(/\s+/).filter(Boolean);
    const scoped = shop.state.products.filter(
      (p) =>
        (!query.category || p.categoryId === query.category) &&
        (!plan || p.plans.includes(plan)) &&
        words.every((w) => fold(`${p.name[locale]} ${p.brand}`).includes(w)),
    );
    const brands = [...new Set(scoped.map((p) => p.brand))].sort((a, b) => a.localeCompare(b));
    const brand = query.brand?.toLowerCase();
    const listed = scoped.filter((p) => {
      const cents = toCents(p.price);
      return (
        (!brand || p.brand.toLowerCase() === brand) &&
        (query.priceMin === undefined || cents >= Math.round(query.priceMin * 100)) &&
        (query.priceMax === undefined || cents <= Math.round(query.priceMax * 100))
      );
    });
    const sort = query.sort ?? 'default';
    const byName = (a: (typeof listed)[number], b: (typeof listed)[number]) => a.name[locale].localeCompare(b.name[locale]);
    const byPrice = (a: (typeof listed)[number], b: (typeof listed)[number]) => toCents(a.price) - toCents(b.price);
    if (sort === 'name-asc') listed.sort(byName);
    if (sort === 'name-desc') listed.sort((a, b) => byName(b, a));
    if (sort === 'price-asc') listed.sort(byPrice);
    if (sort === 'price-desc') listed.sort((a, b) => byPrice(b, a));
    const pageSize = shop.state.settings.pageSize;
    const page = query.page ?? 1;
    return {
      products: listed
        .slice((page - 1) * pageSize, page * pageSize)
        .map((p) => productSummary(shop.state, p, locale, coverage)),
      total: listed.length,
      page,
      pageSize,
      brands,
      coveragePlan: coverage,
    };
  },
  product: ({ shop, params, query, locale, customer }) => {
    const p = productOr404(shop, params.id);
    const coverage = planOr422(shop, query.coveragePlan) ?? customer?.plan ?? null;
    return {
      product: productDetail(shop.state, p, locale, customer, coverage),
      similar: shop.state.products
        .filter((x) => x.categoryId === p.categoryId && x.id !== p.id)
        .slice(0, 4)
        .map((x) => productSummary(shop.state, x, locale, coverage)),
      coveragePlan: coverage,
    };
  },
  search: ({ shop, query, locale, customer }) => {
    const plan = planOr422(shop, query.plan);
    const coverage = plan ?? customer?.plan ?? null;
    const words = fold(query.q).split(/\s+/).filter(Boolean);
    const matches = (text: string) => words.every((w) => fold(text).includes(w));
    return {
      status: 'success',
      products: shop.state.products
        .filter((p) => (!plan || p.plans.includes(plan)) && matches(`${p.name[locale]} ${p.brand}`))
        .slice(0, 20)
        .map((p) => {
          const s = productSummary(shop.state, p, locale, coverage);
          return {
            coveredByPlan: s.coveredByPlan ?? null,
            id: s.id,
            name: s.name,
            price: s.price,
            manufacturer: s.manufacturer,
            mainImage: s.mainImage,
            categoryId: s.categoryId,
            categoryName: s.categoryName,
          };
        }),
      categories: shop.state.categories
        .filter((c) => matches(c.name[locale]))
        .map((c) => ({ id: c.id, name: c.name[locale] })),
      coveragePlan: coverage,
    };
  },

  // --- favorites ---
  listFavorites: ({ shop, customer, locale }) => summaries(shop, customer.favorites, locale),
  addFavorite: ({ shop, customer, body, locale }) => {
    productOr404(shop, body.sku_id);
    if (!customer.favorites.includes(body.sku_id)) customer.favorites.push(body.sku_id);
    return summaries(shop, customer.favorites, locale);
  },
  removeFavorite: ({ shop, customer, params, locale }) => {
    customer.favorites = customer.favorites.filter((id) => id !== params.id);
    return summaries(shop, customer.favorites, locale);
  },

  // --- orders ---
  readCart: ({ shop, customer, locale }) => ({
    draft: customer ? draftView(shop.state, prepareDraft(shop, customer.id), locale) : null,
  }),
  prepareDraft: ({ shop, customer, body, locale }) =>
    draftView(shop.state, prepareDraft(shop, customer.id, body.agentId), locale),
  setSkuAmount: ({ shop, customer, params, body, locale }) => {
    const order = ownedDraft(shop, customer.id, params.id);
    setRow(shop, order, body.sku_id, body.amount);
    return draftView(shop.state, order, locale);
  },
  addToDraft: ({ shop, customer, body, locale }) => {
    const order = prepareDraft(shop, customer.id, body.agentId);
    const current = order.rows.find((r) => r.skuId === body.sku_id)?.amount ?? 0;
    setRow(shop, order, body.sku_id, current + body.amount);
    return draftView(shop.state, order, locale);
  },
  mergeIntoDraft: ({ shop, customer, body, locale }) => {
    const order = prepareDraft(shop, customer.id, body.agentId);
    const guest = new Map<number, number>();
    for (const row of body.rows) guest.set(row.sku_id, Math.max(guest.get(row.sku_id) ?? 0, row.amount));
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
      draft: draftView(shop.state, order, locale),
      changed: added.length > 0 || raised.length > 0,
      added,
      raised,
      limited,
      dropped,
    };
  },
  setItems: ({ shop, customer, params, body, locale }) => {
    const order = ownedDraft(shop, customer.id, params.id);
    const fields: Record<string, ReturnType<typeof issue>[]> = {};
    body.rows.forEach((row, i) => {
      const p = shop.state.products.find((x) => x.id === row.sku_id);
      const current = order.rows.find((r) => r.skuId === row.sku_id)?.amount ?? 0;
      if (!p) fields[`rows.${i}.sku_id`] = [issue('product_not_found')];
      else if (row.amount > current) {
        const { available, orderable } = availableUnits(p);
        const overLimit = overItemLimit(shop, row.amount);
        if (overLimit) fields[`rows.${i}.amount`] = [overLimit];
        else if (!orderable || row.amount > available) fields[`rows.${i}.amount`] = [issue('cannot_add_more')];
      }
    });
    if (Object.keys(fields).length > 0) throw draftRowsError(shop, fields);
    order.rows = body.rows.map((row) => ({ skuId: row.sku_id, amount: row.amount, unitCents: null }));
    return draftView(shop.state, order, locale);
  },
  recalculate: ({ shop, customer, params, locale }) =>
    draftView(shop.state, ownedDraft(shop, customer.id, params.id), locale),
  updateOrder: ({ shop, customer, params, body, locale }) => {
    const order = ownedDraft(shop, customer.id, params.id);
    if (body.promoCode === null) order.promoCode = null;
    else if (body.promoCode !== undefined) {
      const promo = promoPercent(shop.state, body.promoCode, customer.id, order.id, shop.now());
      if ('refused' in promo) {
        throw new TestShopError(promo.refused, { fields: { promoCode: [issue(promo.refused)] } });
      }
      order.promoCode = promo.code;
    }
    return draftView(shop.state, order, locale);
  },
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
  getDelivery: ({ shop, customer }) => {
    sweepHolds(shop, customer.id);
    const draft = openDraft(shop, customer.id);
    if (!draft) return { orderId: null, address: null };
    const address = customer.addresses.find((a) => a.id === draft.deliveryAddressId && !a.deleted);
    return { orderId: draft.id, address: address ? addressView(address) : null };
  },
  setDelivery: ({ shop, customer, body, locale }) => {
    const address = addressOf(customer, body.addressId);
    const found = stateIssue(shop, address.state);
    if (found) throw invalid({ addressId: [found] });
    const draft = prepareDraft(shop, customer.id);
    draft.deliveryAddressId = address.id;
    return draftView(shop.state, draft, locale);
  },

  // --- support ---
  sendContactMessage: ({ shop, body }) => {
    const ref = reference('C', shop.state.contactMessages.length + 1);
    shop.state.contactMessages.push({ reference: ref, body: structuredClone(body) });
    return { reference: ref };
  },
  requestProduct: ({ shop, customer, body }) => {
    const number = reference('R', shop.state.productRequests.length + 1);
    shop.state.productRequests.push({ number, customerId: customer.id, body: structuredClone(body) });
    return { number };
  },

  // --- settings and operations ---
  settings: ({ shop }) => ({ ...structuredClone(shop.state.settings), promotions: activePromotions(shop.state, shop.now()) }),
  health: () => ({ status: 'ok' }),
  devOutbox: ({ shop, query }) => {
    const to = normalizeLogin(query.to);
    return {
      messages: shop.state.outbox
        .filter((m) => m.to === to)
        .reverse()
        .map((m) => ({ ...m })),
    };
  },
  devAdvanceOrder: ({ shop, params }) => {
    const order = shop.state.orders.find((o) => o.id === params.id);
    if (!order) throw new TestShopError('not_found');
    const next: Partial<Record<number, number>> = {
      [ORDER_STATUS.paymentVerification]: ORDER_STATUS.confirmed,
      [ORDER_STATUS.confirmed]: ORDER_STATUS.packaging,
      [ORDER_STATUS.packaging]: ORDER_STATUS.shipped,
      [ORDER_STATUS.shipped]: ORDER_STATUS.delivered,
    };
    const status = next[order.status];
    if (status === undefined) throw new TestShopError('conflict');
    if (status === ORDER_STATUS.shipped) {
      order.tracking = {
        carrier: 'UPS',
        number: `1Z${String(order.id).padStart(16, '0')}`,
        url: null,
      };
    }
    if (status === ORDER_STATUS.delivered) order.deliveredAt = shop.now().toISOString();
    event(shop, order, status);
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      trackingCarrier: order.tracking?.carrier ?? null,
      trackingNumber: order.tracking?.number ?? null,
    };
  },
  devSetStock: ({ shop, params, body }) => {
    const p = productOr404(shop, params.id);
    if (body.stock < p.reserved) throw new TestShopError('conflict');
    p.stock = body.stock;
    return {
      id: p.id,
      sku: `SKU-${String(p.id).padStart(6, '0')}`,
      stock: p.stock,
      reserved: p.reserved,
      inStock: p.stock - p.reserved,
    };
  },
};


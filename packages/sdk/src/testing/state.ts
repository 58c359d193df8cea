/**
 * The in-memory shop: its state (plain objects a test may read and change), and the views that
 * shape answers as the API does (customer, product, draft, order) in the request's language.
 */
import {
  ORDER_STATUS,
  RECENT_SIGN_IN_PROOF_MINUTES,
  type CardType,
  type Locale,
  type PaymentMethodCode,
} from '../constants/index.js';
import { fromCents, percentOfCents, toCents } from '../money/index.js';
import { itemAvailability } from '../rules/item-availability.js';
import { pictureInLanguage, productImagePath } from '../rules/product-paths.js';
import type {
  AccountChange,
  Address,
  Customer,
  Email,
  InsuranceCard,
  OrderDetail,
  OrderDraft,
  OrderSummary,
  Phone,
  ProductDetail,
  ProductSummary,
  ReminderChannel,
  Settings,
} from '../schemas/index.js';
import { normalizePhone } from '../validation/normalize-phone.js';
import { loginKind } from '../validation/validate-login.js';
import {
  DEMO_CUSTOMERS,
  SANDBOX_CARDS,
  TEST_CATEGORIES,
  TEST_PLANS,
  TEST_PRODUCTS,
  defaultSettings,
  type SandboxCard,
  type TestCategory,
  type TestCustomerSeed,
  type TestPlan,
  type TestProduct,
} from './data.js';

export interface TestCard {
  id: number;
  type: CardType;
  /** Digits; the shop keeps them (a test tool), answers show the last four only. */
  number: string;
  addedAt: string;
  active: boolean;
  usedForPayments: boolean;
}

export interface TestAddress extends Address {
  deleted: boolean;
}

export interface TestCustomer {
  id: number;
  password: string | null;
  passwordUpdatedAt: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  organization: string | null;
  gender: 'M' | 'F' | null;
  birthdate: string | null;
  interfaceLanguage: Locale;
  preferredCommunicationLanguage: Locale | null;
  preferredCommunicationMethod: 'email' | 'sms' | 'phone' | null;
  isMarketingEnabled: boolean;
  sendNotificationByEmail: boolean;
  sendNotificationByPhone: boolean;
  emails: Email[];
  phones: Phone[];
  addresses: TestAddress[];
  cards: TestCard[];
  /** Store balance in cents. */
  balanceCents: number;
  plan: string | null;
  favorites: number[];
  /** How the allowance reminder reaches the customer (default `email`). */
  reminders?: ReminderChannel;
  /**
   * A guest cart's owner (the API's `is_guest`, docs/web-session.md): no e-mail, phone or
   * password, so it can never sign in; its draft is the guest's server cart (`guestCarts`).
   */
  guest?: boolean;
}

export interface TestOrderRow {
  skuId: number;
  amount: number;
  /** Unit price in cents once placed (a draft is priced at current prices). */
  unitCents: number | null;
}

export interface TestPayment {
  code: PaymentMethodCode;
  last4: string | null;
  /** The sandbox card charged (refunds go back to it); null for the balance. */
  cardNumber: string | null;
  amountCents: number;
  paidAt: string;
}

export interface TestOrder {
  id: number;
  customerId: number;
  status: number;
  rows: TestOrderRow[];
  promoCode: string | null;
  deliveryAddressId: number | null;
  /** The delivery address as placed. */
  deliveryAddress: Address | null;
  number: string | null;
  createdAt: string;
  placedAt: string | null;
  payableUntil: string | null;
  /** Totals (cents) stored when placed. */
  placedTotals: Cents | null;
  payment: TestPayment | null;
  paidBy: string | null;
  events: Array<{ status: number; at: string; note: string | null }>;
  cancelledAt: string | null;
  refund: { amount: string; code: PaymentMethodCode; last4: string | null; at: string } | null;
  tracking: { carrier: string; number: string; url: string | null } | null;
  deliveredAt: string | null;
  agentId: string | null;
}

export interface TestSession {
  id: string;
  customerId: number;
  refreshToken: string;
  /** Refresh tokens this session used before (reusing one ends the session). */
  spentRefreshTokens: string[];
  createdAt: string;
  lastUsedAt: string;
  device: string | null;
  provenUntil: string | null;
  ended: boolean;
  /** A web session's `otc_session` cookie (a sign-in with `X-Auth-Mode: session`); else absent. */
  webToken?: string;
}

/**
 * A guest's server cart (docs/web-session.md): its owner (a `guest` customer, whose draft is the
 * cart), the value of its `otc_cart` cookie, and its last write (it goes 30 days after).
 */
export interface TestGuestCart {
  ownerId: number;
  cookie: string;
  lastUsedAt: string;
}

export type CodePurpose = 'login' | 'register' | 'recovery' | 'verify-email' | 'verify-phone' | 'proof';

export interface TestCode {
  to: string;
  purpose: CodePurpose;
  code: string;
  sentAt: string;
  expiresAt: string;
  attempts: number;
  used: boolean;
}

export interface TestOutboxMessage {
  id: number;
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  code: string | null;
  /** Extra e-mail headers (`List-Unsubscribe`...). */
  headers?: Record<string, string>;
  createdAt: string;
}

/** A "This was not me" link: what it undoes, until when, and whether it was used. */
export interface TestUndoLink {
  token: string;
  customerId: number;
  change: AccountChange;
  /** The contact the change made primary, and the one it took the place of (contact_made_primary). */
  contact: { kind: 'email' | 'phone'; id: number; value: string } | null;
  previous: { id: number; value: string } | null;
  changedAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/**
 * A promo code as the API's `promo_codes` table holds it (`ops promo:add`): a window (from
 * `validFrom`, ended at `validTo`, ISO date-times) and limits on placed orders carrying it, per
 * customer and in all (null: none). Seeded with `shop.seed({ promoCodes })`.
 */
export interface TestPromoCode {
  code: string;
  percent: number;
  validFrom?: string | null;
  validTo?: string | null;
  maxUsesPerCustomer?: number | null;
  maxUses?: number | null;
}

export interface Cents {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** Everything the test shop holds. Plain data: a test may read it and change it. */
export interface TestShopState {
  settings: Settings;
  plans: TestPlan[];
  categories: TestCategory[];
  products: TestProduct[];
  sandboxCards: SandboxCard[];
  customers: TestCustomer[];
  orders: TestOrder[];
  sessions: TestSession[];
  /** Access tokens issued: token -> session id and expiry (ms). */
  accessTokens: Record<string, { sessionId: string; expiresAt: number }>;
  codes: TestCode[];
  outbox: TestOutboxMessage[];
  contactMessages: Array<{ reference: string; body: unknown }>;
  productRequests: Array<{ number: string; customerId: number; body: unknown }>;
  /** The next id of each kind of record. */
  nextId: number;
  /** Allowance reminders sent, `<customer id>:<period end>` (once per period). */
  remindersSent?: string[];
  /** "This was not me" links of account-change notices (undo-routes.ts), by token. */
  undoLinks?: TestUndoLink[];
  /**
   * Promo codes with their windows and limits (as the API's table). A code of
   * `settings.promotions` not here is one use per customer, no window (as the API's Welcome10).
   */
  promoCodes?: TestPromoCode[];
  /**
   * Items of holds that ended unpaid, per customer, with when that hold ended (the API's
   * `held_items`, issue 32): placed again before then they continue it; after, they wait the
   * cooldown.
   */
  heldItems?: Array<{ customerId: number; skuId: number; holdEndsAt: string }>;
  /** Guests' server carts, by their `otc_cart` cookie (web-session.ts). */
  guestCarts?: TestGuestCart[];
}

/** Data to add to the shop (records with an existing id replace it). */
export interface TestShopSeed {
  settings?: Partial<Settings>;
  plans?: TestPlan[];
  categories?: TestCategory[];
  products?: TestProduct[];
  sandboxCards?: SandboxCard[];
  customers?: TestCustomerSeed[];
  /** Promo codes with windows and limits (a code already there, compared without case, is replaced). */
  promoCodes?: TestPromoCode[];
}

export const ACCESS_TOKEN_MINUTES = 15;
export const CODE_VALID_MINUTES = 10;
export const CODE_ATTEMPTS = 5;

export function emptyState(): TestShopState {
  return {
    settings: defaultSettings(),
    plans: [],
    categories: [],
    products: [],
    sandboxCards: [],
    customers: [],
    orders: [],
    sessions: [],
    accessTokens: {},
    codes: [],
    outbox: [],
    contactMessages: [],
    productRequests: [],
    nextId: 1000,
  };
}

/** The demo data: catalog, plans, sandbox cards and demo customers. */
export function demoSeed(): TestShopSeed {
  return {
    plans: TEST_PLANS,
    categories: TEST_CATEGORIES,
    products: TEST_PRODUCTS,
    sandboxCards: SANDBOX_CARDS,
    customers: DEMO_CUSTOMERS,
  };
}

function upsert<T extends { id: number }>(list: T[], items: readonly T[] | undefined): void {
  for (const item of items ?? []) {
    const copy = structuredClone(item);
    const at = list.findIndex((x) => x.id === item.id);
    if (at >= 0) list[at] = copy;
    else list.push(copy);
  }
}

/** An e-mail in lower case, a phone as its ten digits; anything else as typed (trimmed). */
export function normalizeLogin(login: string): string {
  const value = login.trim();
  const kind = loginKind(value);
  if (kind === 'email') return value.toLowerCase();
  if (kind === 'phone') return normalizePhone(value) ?? value;
  return value;
}

export function newId(state: TestShopState): number {
  return state.nextId++;
}

/** Adds seed data to a state (used by `createTestShop` and `shop.seed`). */
export function applySeed(state: TestShopState, seed: TestShopSeed, now: Date): TestCustomer[] {
  if (seed.settings) state.settings = { ...state.settings, ...structuredClone(seed.settings) };
  upsert(state.plans, seed.plans);
  upsert(state.categories, seed.categories);
  upsert(state.products, seed.products);
  for (const card of seed.sandboxCards ?? []) {
    const at = state.sandboxCards.findIndex((c) => c.number === card.number && c.type === card.type);
    if (at >= 0) state.sandboxCards[at] = { ...card };
    else state.sandboxCards.push({ ...card });
  }
  for (const promo of seed.promoCodes ?? []) {
    const codes = (state.promoCodes ??= []);
    const at = codes.findIndex((p) => p.code.toLowerCase() === promo.code.toLowerCase());
    if (at >= 0) codes[at] = { ...promo };
    else codes.push({ ...promo });
  }
  return (seed.customers ?? []).map((c) => addCustomer(state, c, now));
}

export function addCustomer(state: TestShopState, seed: TestCustomerSeed, now: Date): TestCustomer {
  if (!seed.email && !seed.phone) throw new TypeError('A test customer needs an email or a phone');
  const at = now.toISOString();
  const customer: TestCustomer = {
    id: newId(state),
    password: seed.password ?? null,
    passwordUpdatedAt: seed.password ? at : null,
    firstName: seed.firstName ?? null,
    middleName: null,
    lastName: seed.lastName ?? null,
    organization: null,
    gender: seed.gender ?? null,
    birthdate: seed.birthdate ?? null,
    interfaceLanguage: seed.interfaceLanguage ?? 'en',
    preferredCommunicationLanguage: null,
    preferredCommunicationMethod: null,
    isMarketingEnabled: false,
    sendNotificationByEmail: true,
    sendNotificationByPhone: false,
    emails: [],
    phones: [],
    addresses: [],
    cards: [],
    balanceCents: toCents(seed.balance ?? '0.00'),
    plan: seed.plan ?? null,
    favorites: [],
  };
  if (seed.email) {
    customer.emails.push({
      id: newId(state),
      address: normalizeLogin(seed.email),
      reg: true,
      verified: true,
      receiveMarketingMailing: false,
    });
  }
  if (seed.phone) {
    customer.phones.push({
      id: newId(state),
      number: normalizeLogin(seed.phone),
      reg: true,
      verified: true,
      receiveSms: true,
      allowMarketingCalls: false,
    });
  }
  for (const address of seed.addresses ?? []) {
    customer.addresses.push({
      id: newId(state),
      address: address.address,
      address2: address.address2 ?? null,
      city: address.city,
      state: address.state,
      zip: address.zip,
      facilityAddress: false,
      deleted: false,
    });
  }
  for (const number of seed.cards ?? []) {
    const sandbox = state.sandboxCards.find((c) => c.number === number);
    if (!sandbox || sandbox.type === 'credit') {
      throw new TypeError(`Not a sandbox benefit card of the test shop: ${number}`);
    }
    customer.cards.push({
      id: newId(state),
      type: sandbox.type,
      number,
      addedAt: at,
      active: customer.cards.length === 0,
      usedForPayments: true,
    });
  }
  state.customers.push(customer);
  return customer;
}

/** The customer whose primary, verified e-mail or phone is `login` (normalized): who signs in with it. */
export function customerByLogin(state: TestShopState, login: string): TestCustomer | undefined {
  const value = normalizeLogin(login);
  return state.customers.find(
    (c) =>
      c.emails.some((e) => e.reg && e.verified && e.address === value) ||
      c.phones.some((p) => p.reg && p.verified && p.number === value),
  );
}

/** Whether another customer holds this e-mail or phone, verified. */
export function loginTaken(state: TestShopState, login: string, except?: number): boolean {
  const value = normalizeLogin(login);
  return state.customers.some(
    (c) =>
      c.id !== except &&
      (c.emails.some((e) => e.verified && e.address === value) ||
        c.phones.some((p) => p.verified && p.number === value)),
  );
}

/** The primary contact: the primary e-mail, else the primary phone. */
export function primaryContact(c: TestCustomer): { to: string; channel: 'email' | 'sms' } {
  const email = c.emails.find((e) => e.reg) ?? c.emails.find((e) => e.verified);
  if (email) return { to: email.address, channel: 'email' };
  const phone = c.phones.find((p) => p.reg) ?? c.phones.find((p) => p.verified);
  return { to: phone?.number ?? '', channel: 'sms' };
}

/** The last day of the quarter of `now` (the sandbox allowance period). */
export function periodEnd(now: Date): string {
  const quarterEndMonth = Math.floor(now.getUTCMonth() / 3) * 3 + 3;
  return new Date(Date.UTC(now.getUTCFullYear(), quarterEndMonth, 0)).toISOString().slice(0, 10);
}

export function sandboxOf(state: TestShopState, number: string): SandboxCard | undefined {
  return state.sandboxCards.find((c) => c.number === number);
}

export function cardView(state: TestShopState, card: TestCard, now: Date): InsuranceCard {
  return {
    id: card.id,
    type: card.type,
    last4: card.number.slice(-4),
    addedAt: card.addedAt,
    active: card.active,
    usedForPayments: card.usedForPayments,
    balance: fromCents(sandboxOf(state, card.number)?.balanceCents ?? 0),
    periodEndsAt: periodEnd(now),
  };
}

export function addressView(a: TestAddress | Address): Address {
  return {
    id: a.id,
    address: a.address,
    address2: a.address2,
    city: a.city,
    state: a.state,
    zip: a.zip,
    facilityAddress: a.facilityAddress,
  };
}

export function customerView(state: TestShopState, c: TestCustomer, now: Date): Customer {
  const plan = c.plan ? state.plans.find((p) => p.code === c.plan) : undefined;
  const cards = c.cards.map((card) => cardView(state, card, now));
  const [y, m, d] = (c.birthdate ?? '').split('-');
  return {
    id: c.id,
    name: [c.firstName, c.lastName].filter(Boolean).join(' ') || primaryContact(c).to,
    gender: c.gender,
    birthdate: c.birthdate,
    birthdateStr: c.birthdate ? `${m}/${d}/${y}` : null,
    firstName: c.firstName,
    middleName: c.middleName,
    lastName: c.lastName,
    organization: c.organization,
    emails: c.emails.map((e) => ({ ...e })),
    phones: c.phones.map((p) => ({ ...p })),
    addresses: c.addresses.filter((a) => !a.deleted).map(addressView),
    balance: fromCents(c.balanceCents),
    insuranceCards: cards,
    activeInsuranceCard: cards.find((card) => card.active) ?? null,
    insuranceCompany: plan?.company ?? null,
    insuranceId: null,
    insurancePlan: plan ? { code: plan.code, name: plan.name } : null,
    interfaceLanguage: c.interfaceLanguage,
    preferredCommunicationLanguage: c.preferredCommunicationLanguage,
    preferredCommunicationMethod: c.preferredCommunicationMethod,
    isMarketingEnabled: c.isMarketingEnabled,
    sendNotificationByEmail: c.sendNotificationByEmail,
    sendNotificationByPhone: c.sendNotificationByPhone,
    hasPassword: c.password !== null,
    passwordUpdatedAt: c.passwordUpdatedAt,
  };
}

/** A product's drawn picture, named in `locale` as the API names it. */
export function productImage(id: number, locale: Locale = 'en'): string {
  return pictureInLanguage(productImagePath(id), locale);
}

export function categoryName(state: TestShopState, id: number, locale: Locale): string {
  return state.categories.find((c) => c.id === id)?.name[locale] ?? '';
}

/**
 * A product as lists, carts and search show it. `coveragePlan`: the plan whose coverage
 * `coveredByPlan` reports (undefined: the field is left out, as in order rows).
 */
export function productSummary(
  state: TestShopState,
  p: TestProduct,
  locale: Locale,
  coveragePlan?: string | null,
): ProductSummary {
  const availability = itemAvailability({ status: p.status, stock: p.stock, reserved: p.reserved });
  return {
    ...(coveragePlan === undefined ? {} : { coveredByPlan: coveragePlan ? p.plans.includes(coveragePlan) : null }),
    id: p.id,
    name: p.name[locale],
    price: fromCents(toCents(p.price)),
    inStock: availability.available,
    status: availability.status,
    brand: p.brand,
    manufacturer: p.manufacturer,
    categoryId: p.categoryId,
    categoryName: categoryName(state, p.categoryId, locale),
    mainImage: productImage(p.id, locale),
  };
}

export function productDetail(
  state: TestShopState,
  p: TestProduct,
  locale: Locale,
  customer: TestCustomer | null,
  coveragePlan: string | null,
): ProductDetail {
  return {
    ...productSummary(state, p, locale, coveragePlan),
    description: p.description[locale],
    images: [productImage(p.id, locale)],
    plans: [...p.plans],
    eligible: customer?.plan ? p.plans.includes(customer.plan) : null,
    favorite: customer?.favorites.includes(p.id) ?? false,
  };
}

/** Units that can still be ordered of a product (stock minus reserved), and whether it can be. */
export function availableUnits(p: TestProduct): { available: number; orderable: boolean } {
  const a = itemAvailability({ status: p.status, stock: p.stock, reserved: p.reserved });
  return { available: a.available, orderable: a.orderable };
}

/** A promo code's record: from `promoCodes`, else a code of `settings.promotions` (one use per customer). */
function promoRecord(state: TestShopState, code: string): TestPromoCode | undefined {
  const lower = code.toLowerCase();
  const own = state.promoCodes?.find((p) => p.code.toLowerCase() === lower);
  if (own) return own;
  const listed = state.settings.promotions.find((p) => p.code.toLowerCase() === lower);
  return listed ? { code: listed.code, percent: listed.percent, maxUsesPerCustomer: 1 } : undefined;
}

/** Placed orders (not drafts, not cancelled) carrying a code, leaving out `exceptOrderId`. */
function promoUses(state: TestShopState, code: string, exceptOrderId?: number, customerId?: number): number {
  return state.orders.filter(
    (o) =>
      o.id !== exceptOrderId &&
      (customerId === undefined || o.customerId === customerId) &&
      o.promoCode?.toLowerCase() === code.toLowerCase() &&
      o.status !== ORDER_STATUS.draft &&
      o.status !== ORDER_STATUS.cancelled,
  ).length;
}

function promoCurrent(promo: TestPromoCode, now: Date): boolean {
  const t = now.getTime();
  return !(promo.validFrom && Date.parse(promo.validFrom) > t) && !(promo.validTo && Date.parse(promo.validTo) <= t);
}

export type PromoRefusal = 'promo_code_invalid' | 'promo_code_expired' | 'promo_code_used' | 'promo_code_used_up';

/**
 * The percent a promo code takes off for a customer's order now, or why it cannot be used, as the
 * API's `promotions.check`: unknown → invalid; ended (`validTo` passed) → expired; not started →
 * invalid too (a hidden campaign is not revealed); the customer's placed orders used it
 * `maxUsesPerCustomer` times → used; `maxUses` placed orders carry it → used up.
 */
export function promoPercent(
  state: TestShopState,
  code: string,
  customerId: number,
  orderId: number,
  now: Date = new Date(),
): { percent: number; code: string } | { refused: PromoRefusal } {
  const promo = promoRecord(state, code);
  if (!promo || !Number.isInteger(promo.percent) || promo.percent < 1 || promo.percent > 100) {
    return { refused: 'promo_code_invalid' };
  }
  const t = now.getTime();
  if (promo.validTo && Date.parse(promo.validTo) <= t) return { refused: 'promo_code_expired' };
  if (promo.validFrom && Date.parse(promo.validFrom) > t) return { refused: 'promo_code_invalid' };
  const perCustomer = promo.maxUsesPerCustomer ?? null;
  if (perCustomer !== null && promoUses(state, promo.code, orderId, customerId) >= perCustomer) {
    return { refused: 'promo_code_used' };
  }
  const inAll = promo.maxUses ?? null;
  if (inAll !== null && promoUses(state, promo.code, orderId) >= inAll) return { refused: 'promo_code_used_up' };
  return { percent: promo.percent, code: promo.code };
}

/** The promotions the settings answer lists now: current, and not used up (as the API's `active`). */
export function activePromotions(state: TestShopState, now: Date): Array<{ code: string; percent: number }> {
  const codes = new Map<string, TestPromoCode>();
  for (const p of state.settings.promotions) codes.set(p.code.toLowerCase(), { code: p.code, percent: p.percent });
  for (const p of state.promoCodes ?? []) codes.set(p.code.toLowerCase(), p);
  return [...codes.values()]
    .filter((p) => promoCurrent(p, now) && !(p.maxUses != null && promoUses(state, p.code) >= p.maxUses))
    .map((p) => ({ code: p.code, percent: p.percent }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

function planCovers(customer: TestCustomer | undefined, p: TestProduct): boolean {
  return !customer?.plan || p.plans.includes(customer.plan);
}

/** The rows of an order as answered, with totals in cents (a draft at current prices). */
export function orderRowsView(state: TestShopState, order: TestOrder, locale: Locale) {
  const isDraft = order.status === ORDER_STATUS.draft;
  const customer = state.customers.find((c) => c.id === order.customerId);
  const rows = order.rows.flatMap((row) => {
    const p = state.products.find((x) => x.id === row.skuId);
    if (!p) return [];
    const unitCents = isDraft || row.unitCents === null ? toCents(p.price) : row.unitCents;
    const badReasonCode = isDraft
      ? itemAvailability({
          status: p.status,
          stock: p.stock,
          reserved: p.reserved,
          inPlan: planCovers(customer, p),
          amount: row.amount,
        }).badReasonCode
      : null;
    const sku = { ...productSummary(state, p, locale), price: fromCents(unitCents) };
    return [{ sku, amount: row.amount, price: fromCents(unitCents * row.amount), badReasonCode, unitCents }];
  });
  return rows;
}

export function draftCents(state: TestShopState, order: TestOrder): Cents {
  if (order.status !== ORDER_STATUS.draft && order.placedTotals) return order.placedTotals;
  const rows = orderRowsView(state, order, 'en');
  const subtotalCents = rows.reduce(
    (n, r) => (r.badReasonCode === null ? n + r.unitCents * r.amount : n),
    0,
  );
  const promo = order.promoCode ? promoPercent(state, order.promoCode, order.customerId, order.id) : null;
  const discountCents = promo && 'percent' in promo ? percentOfCents(subtotalCents, promo.percent) : 0;
  return {
    subtotalCents,
    discountCents,
    shippingCents: 0,
    taxCents: 0,
    totalCents: subtotalCents - discountCents,
  };
}

function deliveryOf(state: TestShopState, order: TestOrder): Address | null {
  if (order.status !== ORDER_STATUS.draft) return order.deliveryAddress;
  const customer = state.customers.find((c) => c.id === order.customerId);
  const address = customer?.addresses.find((a) => a.id === order.deliveryAddressId && !a.deleted);
  return address ? addressView(address) : null;
}

export function draftView(state: TestShopState, order: TestOrder, locale: Locale): OrderDraft {
  const cents = draftCents(state, order);
  const isDraft = order.status === ORDER_STATUS.draft;
  const pending = isDraft
    ? state.orders
        .filter((o) => o.customerId === order.customerId && o.status === ORDER_STATUS.waitingForPayment)
        .at(-1)
    : undefined;
  return {
    id: order.id,
    rows: orderRowsView(state, order, locale).map(({ unitCents: _unit, ...row }) => row),
    price: fromCents(cents.totalCents),
    itemsUnDiscountedSubtotal: fromCents(cents.subtotalCents),
    promoCode: order.promoCode,
    status: order.status,
    totals: {
      subtotal: fromCents(cents.subtotalCents),
      discount: fromCents(cents.discountCents),
      shipping: fromCents(cents.shippingCents),
      tax: fromCents(cents.taxCents),
      total: fromCents(cents.totalCents),
    },
    deliveryAddress: deliveryOf(state, order),
    pendingOrder: pending
      ? {
          id: pending.id,
          number: pending.number ?? String(100000 + pending.id),
          total: fromCents(draftCents(state, pending).totalCents),
          itemCount: pending.rows.reduce((n, r) => n + r.amount, 0),
          payableUntil: pending.payableUntil ?? pending.createdAt,
        }
      : null,
  };
}

const PAID_STATUSES: readonly number[] = [ORDER_STATUS.paymentVerification, ORDER_STATUS.confirmed];

/** Until when the customer may cancel an order (unpaid, or paid and not yet packaging). */
export function cancellableUntil(state: TestShopState, order: TestOrder, now: Date): string | null {
  if (order.status === ORDER_STATUS.waitingForPayment) return order.payableUntil;
  const minutes = state.settings.orderCancelMinutes;
  if (!PAID_STATUSES.includes(order.status) || !order.payment || minutes <= 0) return null;
  const until = new Date(Date.parse(order.payment.paidAt) + minutes * 60_000);
  return until > now ? until.toISOString() : null;
}

export function orderSummaryView(state: TestShopState, order: TestOrder, now: Date): OrderSummary {
  return {
    id: order.id,
    number: order.number ?? '',
    placedAt: order.placedAt ?? order.createdAt,
    total: fromCents(draftCents(state, order).totalCents),
    status: order.status,
    itemCount: order.rows.reduce((n, r) => n + r.amount, 0),
    deliveredAt: order.deliveredAt,
    payableUntil: order.status === ORDER_STATUS.waitingForPayment ? order.payableUntil : null,
    cancellableUntil: cancellableUntil(state, order, now),
    cancelledAt: order.status === ORDER_STATUS.cancelled ? order.cancelledAt : null,
  };
}

export function orderDetailView(
  state: TestShopState,
  order: TestOrder,
  locale: Locale,
  now: Date,
): OrderDetail {
  const cents = draftCents(state, order);
  const statusDate = order.events.at(-1)?.at ?? order.placedAt ?? order.createdAt;
  return {
    ...orderSummaryView(state, order, now),
    products: orderRowsView(state, order, locale).map((row) => ({
      sku_id: row.sku.id,
      name: row.sku.name,
      image: row.sku.mainImage,
      qty: row.amount,
      price: row.price,
      status: order.status,
      statusDate,
      link: `${state.settings.productPath}/${row.sku.id}`,
    })),
    tracking: order.tracking,
    events: order.events.map((e) => ({ ...e })),
    billing: {
      subtotal: fromCents(cents.subtotalCents),
      discount: fromCents(cents.discountCents),
      shipping: fromCents(cents.shippingCents),
      tax: fromCents(cents.taxCents),
      total: fromCents(cents.totalCents),
    },
    payment: order.payment
      ? { code: order.payment.code, last4: order.payment.last4, paidAt: order.payment.paidAt }
      : null,
    paidBy: order.paidBy,
    promoCode: order.promoCode,
    deliveryAddress: deliveryOf(state, order),
    refund: order.refund,
  };
}

/** Whether a session holds a recent proof now (a sign-in in the last minutes, or a proof). */
export function isProven(session: TestSession | null, now: Date): boolean {
  return session?.provenUntil !== null && session !== null && Date.parse(session.provenUntil) > now.getTime();
}

/** When a fresh sign-in stops counting as proof. */
export function signInProofUntil(now: Date): string {
  return new Date(now.getTime() + RECENT_SIGN_IN_PROOF_MINUTES * 60_000).toISOString();
}

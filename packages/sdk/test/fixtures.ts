import type {
  Address,
  Customer,
  InsuranceCard,
  OrderDetail,
  OrderDraft,
  OrderSummary,
  ProductSummary,
  Settings,
} from '../src/schemas/index.js';
import { DEFAULT_CARD_RANGES } from '../src/constants/index.js';

export const BASE = 'https://shop.test';

/** An unsigned three-part token with the given `exp` (seconds). */
export function makeJwt(exp: number, username = 'ana@example.com'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp, username })}.signature`;
}

/** A token valid for an hour from the real clock. */
export function freshToken(label = 'a'): string {
  return makeJwt(Math.floor(Date.now() / 1000) + 3600, `${label}@example.com`);
}

export function product(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    name: `Product ${id}`,
    price: '4.50',
    inStock: 10,
    status: null,
    brand: 'Acme',
    manufacturer: 'Acme Labs',
    categoryId: 1,
    categoryName: 'Vitamins',
    mainImage: `/img/${id}.png`,
    ...overrides,
  };
}

export const address: Address = {
  id: 3,
  address: '1 Main St',
  address2: null,
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  facilityAddress: false,
};

export const card: InsuranceCard = {
  id: 5,
  type: 'network',
  last4: '1234',
  addedAt: '2026-01-01T00:00:00Z',
  active: true,
  usedForPayments: true,
  balance: '100.00',
  periodEndsAt: '2026-12-31',
};

export const customer: Customer = {
  id: 1,
  name: 'Ana Diaz',
  gender: 'F',
  birthdate: '1950-02-03',
  birthdateStr: '02/03/1950',
  firstName: 'Ana',
  middleName: null,
  lastName: 'Diaz',
  organization: null,
  emails: [
    {
      id: 1,
      address: 'ana@example.com',
      reg: true,
      verified: true,
      receiveMarketingMailing: false,
    },
  ],
  phones: [],
  addresses: [address],
  balance: '0.00',
  insuranceCards: [card],
  activeInsuranceCard: card,
  insuranceCompany: null,
  insuranceId: null,
  insurancePlan: { code: 'cl1', name: 'Plan' },
  interfaceLanguage: 'en',
  preferredCommunicationLanguage: null,
  preferredCommunicationMethod: null,
  isMarketingEnabled: false,
  sendNotificationByEmail: true,
  sendNotificationByPhone: false,
  hasPassword: false,
  passwordUpdatedAt: null,
};

export function draft(
  id: number,
  rows: Array<{ sku_id: number; amount: number }> = [],
): OrderDraft {
  return {
    id,
    rows: rows.map((r) => ({
      sku: product(r.sku_id),
      amount: r.amount,
      price: '4.50',
      badReasonCode: null,
    })),
    price: '0.00',
    itemsUnDiscountedSubtotal: '0.00',
    promoCode: null,
    status: 0,
    totals: { subtotal: '0.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '0.00' },
    deliveryAddress: null,
    pendingOrder: null,
  };
}

/** An order of the history (`listOrders`), confirmed by default. */
export function orderSummary(id: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    number: `A-${id}`,
    placedAt: '2026-01-01T00:00:00Z',
    total: '10.00',
    status: 1,
    itemCount: 1,
    deliveredAt: null,
    payableUntil: null,
    cancellableUntil: null,
    cancelledAt: null,
    ...overrides,
  };
}

/** One order as `getOrder` answers it, confirmed by default. */
export function orderDetail(id: number, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...orderSummary(id),
    products: [],
    tracking: null,
    events: [],
    billing: { subtotal: '10.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '10.00' },
    payment: null,
    paidBy: null,
    promoCode: null,
    deliveryAddress: null,
    refund: null,
    ...overrides,
  };
}

export const settings: Settings = {
  companyName: 'OTC Shop',
  copyrightYear: 2024,
  supportPhone: '+1 (000) 000-0000',
  ttyPhone: '711',
  supportEmail: 'help@example.com',
  deliveryStates: ['TX'],
  minimumOrder: '25.00',
  paymentMethods: ['trnsx'],
  cardRanges: { network: [...DEFAULT_CARD_RANGES.network], national: [...DEFAULT_CARD_RANGES.national], s3: [...DEFAULT_CARD_RANGES.s3] },
  requiredProfileFields: ['firstName'],
  codeResendSeconds: 60,
  pageSize: 24,
  notificationTimeoutMs: 5000,
  addingContactsEnabled: true,
  defaultLoginRedirect: '/',
  catalogPath: '/catalog',
  productPath: '/item',
  promotions: [{ code: 'Welcome10', percent: 10 }],
  unpaidOrderMinutes: 30,
  maxUnitsPerItem: 20,
  orderCancelMinutes: 30,
  deliveryEstimate: { minBusinessDays: 2, maxBusinessDays: 5 },
};

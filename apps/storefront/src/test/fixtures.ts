// The shop's entities as the API answers them, for tests: ONE customer and ONE draft (each with
// patches), products, addresses and orders. Feature fixtures serve them with msw handlers.
import {
  estimateTotals,
  fromCents,
  promoPercentsFrom,
  toCents,
  type Address,
  type Customer,
  type OrderDetail,
  type OrderDraft,
  type PendingOrder,
  type ProductSummary,
} from '@otc/sdk';
import { settingsFixture } from './server';

export function productOf(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    name: `Product ${id}`,
    price: '10.00',
    inStock: 10,
    status: null,
    brand: 'CarePlus',
    manufacturer: 'CarePlus Medical',
    categoryId: 1,
    categoryName: 'Vitamins',
    mainImage: `/api/images/products/${id}.svg`,
    ...overrides,
  };
}

export const addressFixture: Address = {
  id: 3,
  address: '1 Main St',
  address2: null,
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  facilityAddress: false,
};

/**
 * THE customer: Rosa Diaz, a complete profile with an active network card ($150.00 until
 * 2026-03-31), plan cl1. Tests patch what they need.
 */
export function customerOf(patch: Partial<Customer> = {}): Customer {
  return {
    id: 41,
    name: 'Rosa Diaz',
    gender: 'F',
    birthdate: '1951-03-07',
    birthdateStr: '03/07/1951',
    firstName: 'Rosa',
    middleName: null,
    lastName: 'Diaz',
    organization: null,
    emails: [
      {
        id: 1,
        address: 'rosa@example.com',
        reg: true,
        verified: true,
        receiveMarketingMailing: false,
      },
    ],
    phones: [],
    addresses: [],
    balance: '0.00',
    insuranceCards: [],
    activeInsuranceCard: {
      id: 7,
      type: 'network',
      last4: '1001',
      addedAt: '2025-01-02T10:00:00.000Z',
      active: true,
      usedForPayments: true,
      balance: '150.00',
      periodEndsAt: '2026-03-31',
    },
    insuranceCompany: null,
    insuranceId: null,
    insurancePlan: { code: 'cl1', name: 'Community Plan' },
    interfaceLanguage: 'en',
    preferredCommunicationLanguage: 'en',
    preferredCommunicationMethod: 'email',
    isMarketingEnabled: false,
    sendNotificationByEmail: true,
    sendNotificationByPhone: false,
    hasPassword: true,
    passwordUpdatedAt: null,
    ...patch,
  };
}

export interface DraftRow {
  product: ProductSummary;
  amount: number;
  badReasonCode?: 1 | 2 | 3 | null;
}

export interface DraftOptions {
  id?: number;
  promoCode?: string | null;
  deliveryAddress?: Address | null;
  pendingOrder?: PendingOrder | null;
}

/**
 * THE draft, the way the API answers it: line totals, and totals of the rows that can be ordered
 * only, with the discount of the shop's promotions (the settings'), all by the SDK's rules
 * (`estimateTotals`); no order waits for payment unless given.
 */
export function draftOf(rows: DraftRow[] = [], options: DraftOptions = {}): OrderDraft {
  const { id = 41, promoCode = null, deliveryAddress = null, pendingOrder = null } = options;
  const lines = rows.map((row) => ({
    sku: row.product,
    amount: row.amount,
    price: fromCents(toCents(row.product.price) * row.amount),
    badReasonCode: row.badReasonCode ?? null,
  }));
  const totals = estimateTotals(lines, promoCode, { promoPercents: promoPercentsFrom(settingsFixture.promotions) });
  return {
    id,
    rows: lines,
    price: totals.total,
    itemsUnDiscountedSubtotal: totals.subtotal,
    promoCode,
    status: 0,
    totals: {
      subtotal: totals.subtotal,
      discount: totals.discount,
      shipping: '0.00',
      tax: '0.00',
      total: totals.total,
    },
    deliveryAddress,
    pendingOrder,
  };
}

/** Half an hour from now: when a hold placed now ends (`unpaidOrderMinutes`, 30). */
export function inHalfAnHour(): string {
  return new Date(Date.now() + 30 * 60_000).toISOString();
}

/** An order waiting for payment as the draft names it (its hold ends in half an hour). */
export function pendingOrderOf(patch: Partial<PendingOrder> = {}): PendingOrder {
  return {
    id: 40,
    number: '100040',
    total: '30.00',
    itemCount: 1,
    payableUntil: inHalfAnHour(),
    ...patch,
  };
}

/**
 * A placed order as `GET /api/order/{id}` answers it: by default order 100041 waiting for
 * payment for half an hour more, one row of $30.00, delivered to `addressFixture`.
 */
export function orderOf(patch: Partial<OrderDetail> = {}): OrderDetail {
  const until = inHalfAnHour();
  return {
    id: 41,
    number: '100041',
    placedAt: '2026-05-04T10:12:00.000Z',
    total: '30.00',
    status: -10,
    itemCount: 1,
    deliveredAt: null,
    payableUntil: until,
    cancellableUntil: until,
    cancelledAt: null,
    products: [
      {
        sku_id: 5,
        name: 'Vitamin C',
        image: '/api/images/products/5.svg',
        qty: 1,
        price: '30.00',
        status: -10,
        statusDate: '2026-05-04T10:12:00.000Z',
        link: '/item/5',
      },
    ],
    tracking: null,
    events: [{ status: -10, at: '2026-05-04T10:12:00.000Z', note: null }],
    billing: { subtotal: '30.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '30.00' },
    payment: null,
    paidBy: null,
    promoCode: null,
    deliveryAddress: addressFixture,
    refund: null,
    ...patch,
  };
}

// Test fixtures of the cart: products, a guest cart in localStorage, and a server draft served by
// msw the way the contract describes it (prepare-draft, sku-amount, promo code), with a log.
import { delay, http, HttpResponse } from 'msw';
import type { Customer, OrderDraft, ProductSummary } from '@otc/sdk';
import { API, server } from '../../test/server';

export function cartProduct(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
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

export function guestCartOf(rows: { product: ProductSummary; amount: number }[]): void {
  localStorage.setItem('guest-cart', JSON.stringify(rows));
}

export interface ServerRow {
  product: ProductSummary;
  amount: number;
  badReasonCode?: 1 | 2 | 3 | null;
}

const cents = (money: string) => Math.round(Number(money) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/** A draft the way the API answers it, with the promo percent of Welcome10 applied. */
export function draftOf(rows: ServerRow[], promoCode: string | null = null, id = 41): OrderDraft {
  const subtotal = rows.reduce((sum, row) => sum + cents(row.product.price) * row.amount, 0);
  const discount = promoCode?.toLowerCase() === 'welcome10' ? Math.round(subtotal / 10) : 0;
  return {
    id,
    rows: rows.map((row) => ({
      sku: row.product,
      amount: row.amount,
      price: money(cents(row.product.price) * row.amount),
      badReasonCode: row.badReasonCode ?? null,
    })),
    price: money(subtotal - discount),
    itemsUnDiscountedSubtotal: money(subtotal),
    promoCode,
    status: 0,
    totals: {
      subtotal: money(subtotal),
      discount: money(discount),
      shipping: '0.00',
      tax: '0.00',
      total: money(subtotal - discount),
    },
    deliveryAddress: null,
  };
}

export const customerFixture: Customer = {
  id: 7,
  name: 'Ana Diaz',
  gender: 'F',
  birthdate: '1950-02-03',
  birthdateStr: '02/03/1950',
  firstName: 'Ana',
  middleName: null,
  lastName: 'Diaz',
  organization: null,
  emails: [],
  phones: [],
  addresses: [],
  balance: '0.00',
  insuranceCards: [],
  activeInsuranceCard: null,
  insuranceCompany: null,
  insuranceId: null,
  insurancePlan: { code: 'cl1', name: 'Classic One' },
  interfaceLanguage: 'en',
  preferredCommunicationLanguage: null,
  preferredCommunicationMethod: null,
  isMarketingEnabled: false,
  sendNotificationByEmail: false,
  sendNotificationByPhone: false,
  hasPassword: false,
  passwordUpdatedAt: null,
};

export interface ServerCart {
  rows: ServerRow[];
  promoCode: string | null;
  /** Every call the fake API received: `PATCH sku-amount 7=3`, `PATCH order promo=X`... */
  calls: string[];
  /** Bodies of the order calls (the agent id travels in them). */
  bodies: unknown[];
  /** Answer the next sku-amount with this failure. */
  failNextAmount: { status: number; code: string } | null;
  /** Milliseconds each change waits before answering. */
  delayMs: number;
}

/** Serves a signed-in customer's draft; changes update `state.rows`. */
export function useServerCart(rows: ServerRow[], customer: Customer = customerFixture): ServerCart {
  const state: ServerCart = { rows: [...rows], promoCode: null, calls: [], bodies: [], failNextAmount: null, delayMs: 0 };
  server.use(
    http.get(`${API}/api/auth/me`, () => HttpResponse.json(customer)),
    http.post(`${API}/api/order/prepare-draft`, async ({ request }) => {
      state.calls.push('POST prepare-draft');
      state.bodies.push(await request.json().catch(() => null));
      return HttpResponse.json(draftOf(state.rows, state.promoCode));
    }),
    http.patch(`${API}/api/order/:id/sku-amount`, async ({ request }) => {
      const body = (await request.json()) as { sku_id: number; amount: number };
      state.bodies.push(body);
      state.calls.push(`PATCH sku-amount ${body.sku_id}=${body.amount}`);
      if (state.delayMs) await delay(state.delayMs);
      if (state.failNextAmount) {
        const failure = state.failNextAmount;
        state.failNextAmount = null;
        return HttpResponse.json(
          { message: 'refused', code: failure.code, data: failure.status === 422 ? { amount: ['You cannot add more'] } : undefined },
          { status: failure.status },
        );
      }
      if (body.amount === 0) state.rows = state.rows.filter((row) => row.product.id !== body.sku_id);
      else {
        const found = state.rows.find((row) => row.product.id === body.sku_id);
        if (found) found.amount = body.amount;
      }
      return HttpResponse.json(draftOf(state.rows, state.promoCode));
    }),
    http.patch(`${API}/api/order/:id`, async ({ request }) => {
      const body = (await request.json()) as { promoCode: string | null };
      state.calls.push(`PATCH order promo=${body.promoCode}`);
      if (state.delayMs) await delay(state.delayMs);
      if (body.promoCode !== null && body.promoCode.toLowerCase() !== 'welcome10') {
        return HttpResponse.json(
          {
            message: 'The code you entered is not valid.',
            code: 'promo_code_invalid',
            data: { promoCode: ['The code you entered is not valid.'] },
            fields: { promoCode: [{ code: 'promo_code_invalid' }] },
          },
          { status: 422 },
        );
      }
      state.promoCode = body.promoCode;
      return HttpResponse.json(draftOf(state.rows, state.promoCode));
    }),
  );
  return state;
}

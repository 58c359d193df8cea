// Customers as `GET /api/auth/me` answers them, for tests (msw handlers).
import type { Customer, OrderDraft } from '@otc/sdk';

/** A complete profile with an active network card: $150.00 until 2026-03-31. */
export const customerFixture: Customer = {
  id: 41,
  name: 'Rosa Diaz',
  gender: 'F',
  birthdate: '1951-03-07',
  birthdateStr: '03/07/1951',
  firstName: 'Rosa',
  middleName: null,
  lastName: 'Diaz',
  organization: null,
  emails: [{ id: 1, address: 'rosa@example.com', reg: true, verified: true, receiveMarketingMailing: false }],
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
};

/** A new account: no names, no birthdate, no card. */
export const newCustomerFixture: Customer = {
  ...customerFixture,
  id: 42,
  name: 'new@example.com',
  gender: null,
  birthdate: null,
  birthdateStr: null,
  firstName: null,
  lastName: null,
  activeInsuranceCard: null,
  insurancePlan: null,
  balance: '0.00',
};

/** An open draft with no rows (what `prepare-draft` answers a customer with an empty cart). */
export const emptyDraftFixture: OrderDraft = {
  id: 900,
  rows: [],
  price: '0.00',
  itemsUnDiscountedSubtotal: '0.00',
  promoCode: null,
  status: 0,
  totals: { subtotal: '0.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '0.00' },
  deliveryAddress: null,
};

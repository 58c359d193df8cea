// The rules take the SDK's own entities as they come off the wire: parse real-shaped payloads
// with the schemas and feed them in, so a schema change that breaks a rule fails here (and in tsc).
import { describe, expect, it } from 'vitest';
import {
  customerSchema,
  emailSchema,
  localCartRowSchema,
  orderRowSchema,
  type Customer,
  type LocalCartRow,
  type OrderRow,
} from '../schemas/index.js';
import { canIncrement } from './can-increment.js';
import { canRemoveEmail } from './can-remove-contact.js';
import { cartIssues } from './cart-issues.js';
import { estimateTotals } from './estimate-totals.js';
import { isPaymentInputValid } from './is-payment-input-valid.js';
import { isProfileComplete } from './is-profile-complete.js';

const product = (id: number, price: string, inStock: number) => ({
  id,
  name: `Item ${id}`,
  price,
  inStock,
  status: null,
  brand: 'Brand',
  manufacturer: 'Maker',
  categoryId: 1,
  categoryName: 'Vitamins',
  mainImage: '/img.png',
});

const rows: OrderRow[] = [
  orderRowSchema.parse({
    sku: product(1, '12.55', 2),
    amount: 2,
    price: '25.10',
    badReasonCode: null,
  }),
  orderRowSchema.parse({ sku: product(2, '4.00', 5), amount: 1, price: '4.00', badReasonCode: 2 }),
];
const local: LocalCartRow[] = [
  localCartRowSchema.parse({ product: product(3, '9.99', 1), amount: 1 }),
];

const card = {
  id: 4,
  type: 's3' as const,
  last4: '1234',
  addedAt: '2024-01-01T00:00:00Z',
  active: true,
  usedForPayments: true,
  balance: '50.00',
  periodEndsAt: null,
};
const customer: Customer = customerSchema.parse({
  id: 7,
  name: 'Ana Lopez',
  gender: 'F',
  birthdate: '1950-02-03',
  birthdateStr: '02/03/1950',
  firstName: 'Ana',
  middleName: null,
  lastName: 'Lopez',
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
  addresses: [],
  balance: '10.00',
  insuranceCards: [card],
  activeInsuranceCard: card,
  insuranceCompany: null,
  insuranceId: null,
  insurancePlan: { code: 'uhc', name: 'UHC' },
  interfaceLanguage: 'es',
  preferredCommunicationLanguage: null,
  preferredCommunicationMethod: null,
  isMarketingEnabled: false,
  sendNotificationByEmail: true,
  sendNotificationByPhone: false,
  hasPassword: false,
  passwordUpdatedAt: null,
});

describe('rules on schema-parsed entities', () => {
  it('order rows and guest rows', () => {
    // The row not in the plan (code 2) is left out, as in the server's totals.
    expect(estimateTotals(rows, 'Welcome10', { promoPercents: { Welcome10: 10 } })).toMatchObject({
      subtotal: '25.10',
      discount: '2.51',
    });
    expect(estimateTotals(local, null, { promoPercents: {} }).total).toBe('9.99');
    // A stored guest row carries its product's stock: two of one in stock is not orderable.
    const tooMany = local.map((row) => ({ ...row, amount: 2 }));
    expect(estimateTotals(tooMany, null, { promoPercents: {} }).total).toBe('0.00');
    expect(cartIssues(rows)).toMatchObject({ blocked: true, eligibilityHintIds: [2] });
    const [first, second] = rows;
    expect(first && canIncrement(first).allowed).toBe(false);
    expect(second && canIncrement(second).allowed).toBe(true);
    expect(local[0] && canIncrement(local[0]).allowed).toBe(false);
  });

  it('customer, e-mail and insurance card', () => {
    expect(isProfileComplete(customer)).toBe(true);
    expect(isProfileComplete(customer, ['gender', 'middleName'])).toBe(false);
    expect(canRemoveEmail(emailSchema.parse(customer.emails[0])).allowed).toBe(false);
    expect(
      isPaymentInputValid('prohealth', { activeInsuranceCard: customer.activeInsuranceCard }).valid,
    ).toBe(true);
    expect(
      isPaymentInputValid('balance', { balance: customer.balance, estimatedTotal: '10.01' }).reason,
    ).toBe('notEnoughBalance');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_MINIMUM_ORDER } from '../constants/index.js';
import {
  allowedCheckoutStep,
  checkoutGate,
  type CheckoutGateDraft,
  type CheckoutSettings,
  type CheckoutStep,
} from './checkout-gate.js';

const settings: CheckoutSettings = {
  minimumOrder: '30.00',
  deliveryStates: ['TX', 'CA'],
  requiredProfileFields: ['firstName', 'birthdate'],
};
const texas = { state: 'TX' };

function draft(
  subtotal: string,
  options: { bad?: number | null; address?: { state: string } | null; rows?: number } = {},
): CheckoutGateDraft {
  const count = options.rows ?? 1;
  return {
    rows: Array.from({ length: count }, (_, i) => ({
      sku: { id: i + 1 },
      badReasonCode: i === 0 ? (options.bad ?? null) : null,
    })),
    totals: { subtotal },
    deliveryAddress: options.address === undefined ? texas : options.address,
  };
}

describe('checkoutGate', () => {
  it('a row with a bad reason code keeps the order at products', () => {
    for (const bad of [1, 2, 3, 9]) {
      const gate = checkoutGate(draft('40.00', { bad }), settings);
      expect(gate).toMatchObject({ hasIssues: true, belowMinimum: false, furthestStep: 'products' });
    }
  });

  it("compares the subtotal with the settings' minimum, not a built-in one", () => {
    expect(checkoutGate(draft('29.99'), settings)).toMatchObject({
      belowMinimum: true,
      minimumOrder: '30.00',
      furthestStep: 'products',
    });
    expect(checkoutGate(draft('30.00'), settings)).toMatchObject({
      belowMinimum: false,
      furthestStep: 'payment',
    });
    // A shop with a lower minimum lets a smaller order through.
    const low = { ...settings, minimumOrder: '5' };
    expect(checkoutGate(draft('5.00'), low)).toMatchObject({
      belowMinimum: false,
      minimumOrder: '5.00',
    });
  });

  it('an empty order is below any minimum, even a zero one', () => {
    const free = { ...settings, minimumOrder: '0.00' };
    expect(checkoutGate(draft('0.00', { rows: 0 }), free).belowMinimum).toBe(true);
  });

  it('needs an address the shop delivers to before payment', () => {
    expect(checkoutGate(draft('40.00', { address: null }), settings)).toMatchObject({
      needsDelivery: true,
      furthestStep: 'delivery',
    });
    expect(checkoutGate(draft('40.00', { address: { state: 'NY' } }), settings)).toMatchObject({
      needsDelivery: true,
      furthestStep: 'delivery',
    });
    expect(checkoutGate(draft('40.00', { address: { state: 'ca' } }), settings)).toMatchObject({
      needsDelivery: false,
      furthestStep: 'payment',
    });
  });

  it('lists the missing profile fields without holding a step back', () => {
    const gate = checkoutGate(draft('40.00'), settings, { id: 1, firstName: 'Ana', birthdate: '' });
    expect(gate.profileMissing).toEqual(['birthdate']);
    expect(gate.furthestStep).toBe('payment');
    expect(checkoutGate(draft('40.00'), settings, { id: 1, firstName: 'A', birthdate: '1950-02-03' }).profileMissing).toEqual([]);
    // An unknown customer is not "everything missing".
    expect(checkoutGate(draft('40.00'), settings, null).profileMissing).toEqual([]);
    expect(checkoutGate(draft('40.00'), settings).profileMissing).toEqual([]);
  });

  it('before the settings load: the default minimum, the address shape only, no profile', () => {
    const gate = checkoutGate(draft('40.00', { address: { state: 'NY' } }), undefined, { id: 1 });
    expect(gate).toEqual({
      hasIssues: false,
      belowMinimum: false,
      minimumOrder: DEFAULT_MINIMUM_ORDER,
      needsDelivery: false,
      profileMissing: [],
      furthestStep: 'payment',
    });
    expect(checkoutGate(draft('1.00'), undefined).belowMinimum).toBe(true);
  });
});

describe('allowedCheckoutStep', () => {
  it.each<[string | null | undefined, CheckoutStep, CheckoutStep]>([
    ['payment', 'payment', 'payment'],
    ['delivery', 'payment', 'delivery'],
    ['products', 'payment', 'products'],
    ['payment', 'delivery', 'delivery'],
    ['payment', 'products', 'products'],
    ['delivery', 'products', 'products'],
    [null, 'payment', 'products'],
    [undefined, 'payment', 'products'],
    ['', 'payment', 'products'],
    ['elsewhere', 'payment', 'products'],
    ['PAYMENT', 'payment', 'products'],
  ])('asked %j, furthest %s -> %s', (wanted, furthestStep, expected) => {
    expect(allowedCheckoutStep(wanted, { furthestStep })).toBe(expected);
  });
});

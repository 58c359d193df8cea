import type { OrderDraft } from '@otc/sdk';
import { allowedStep, furthestStep, stepGate } from './checkout-rules';

const settings = { minimumOrder: '25.00', deliveryStates: ['TX', 'CA'] };
const address = { id: 1, address: '1 Main St', address2: null, city: 'Austin', state: 'TX', zip: '73301', facilityAddress: false };

function draft(subtotal: string, badReasonCode: 1 | 2 | 3 | null = null, delivery: typeof address | null = address): Pick<OrderDraft, 'rows' | 'totals' | 'deliveryAddress'> {
  const product = { id: 5, name: 'Item', price: subtotal, inStock: 9, status: null, brand: 'B', manufacturer: 'M', categoryId: 1, categoryName: 'C', mainImage: '/x.svg' };
  return {
    rows: [{ sku: product, amount: 1, price: subtotal, badReasonCode }],
    totals: { subtotal, discount: '0.00', shipping: '0.00', tax: '0.00', total: subtotal },
    deliveryAddress: delivery,
  };
}

describe('checkout step rules', () => {
  it('a row with a bad reason code keeps the order at step 1, whatever is asked', () => {
    for (const code of [1, 2, 3] as const) {
      const gate = stepGate(draft('30.00', code), settings);
      expect(gate.hasIssues).toBe(true);
      expect(allowedStep('payment', gate)).toBe('products');
      expect(allowedStep('delivery', gate)).toBe('products');
    }
  });

  it('under the minimum order the order stays at step 1; at the minimum it may go on', () => {
    expect(allowedStep('delivery', stepGate(draft('24.99'), settings))).toBe('products');
    expect(allowedStep('delivery', stepGate(draft('25.00'), settings))).toBe('delivery');
  });

  it('an empty order cannot go on', () => {
    expect(stepGate({ ...draft('30.00'), rows: [] }, settings).belowMinimum).toBe(true);
  });

  it('payment needs a delivery address in a delivery state', () => {
    expect(allowedStep('payment', stepGate(draft('30.00', null, null), settings))).toBe('delivery');
    expect(allowedStep('payment', stepGate(draft('30.00', null, { ...address, state: 'NY' }), settings))).toBe('delivery');
    expect(allowedStep('payment', stepGate(draft('30.00'), settings))).toBe('payment');
  });

  it('a step behind the furthest one is kept; an unknown one is step 1', () => {
    const gate = stepGate(draft('30.00'), settings);
    expect(furthestStep(gate)).toBe('payment');
    expect(allowedStep('delivery', gate)).toBe('delivery');
    expect(allowedStep(null, gate)).toBe('products');
    expect(allowedStep('elsewhere', gate)).toBe('products');
  });
});

import { describe, expect, it } from 'vitest';
import { orderStatusView } from './order-status-view.js';

describe('orderStatusView', () => {
  it.each([
    [-20, 'cancelled', 'slate'],
    [-10, 'waitingForPayment', 'orange'],
    [-5, 'paymentVerification', 'rose'],
    [0, 'draft', 'darkred'],
    [1, 'confirmed', 'teal'],
    [10, 'packaging', 'cyan'],
    [20, 'shipped', 'sky'],
    [30, 'delivered', 'primary'],
    [50, 'returned', 'slate'],
    [99, 'unknown', 'slate'],
  ])('%i -> %s, %s', (code, name, color) => {
    expect(orderStatusView(code)).toEqual({ code, name, color });
  });
});

import { describe, expect, it } from 'vitest';
import { isValidRouteId } from './is-valid-route-id.js';
import { orderProgress } from './order-progress.js';
import { orderStatusView } from './order-status-view.js';

describe('isValidRouteId', () => {
  it.each([
    ['12', true],
    ['0', true],
    ['007', true],
    [12, true],
    [0, true],
    ['', false],
    ['12a', false],
    ['-1', false],
    ['1.5', false],
    [' 12', false],
    ['１２', false], // full-width digits
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (id, valid) => {
    expect(isValidRouteId(id)).toBe(valid);
  });
});

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

const D = 'done';
const C = 'current';
const U = 'upcoming';

describe('orderProgress', () => {
  it.each([
    [-10, [C, U, U, U, U], 0, null],
    [-5, [C, U, U, U, U], 0, null],
    [0, [C, U, U, U, U], 0, null],
    [1, [D, C, U, U, U], 1, null],
    [10, [D, D, C, U, U], 2, null],
    [20, [D, D, D, C, U], 3, null],
    [30, [D, D, D, D, D], -1, null],
    [50, [D, D, D, D, D], -1, 'returned'],
    [-20, [U, U, U, U, U], -1, 'cancelled'],
    [42, [U, U, U, U, U], -1, null],
  ])('status %i', (code, states, currentIndex, ended) => {
    const progress = orderProgress(code);
    expect(progress.steps.map((step) => step.name)).toEqual([
      'paymentVerification',
      'confirmed',
      'packaging',
      'shipped',
      'delivered',
    ]);
    expect(progress.steps.map((step) => step.state)).toEqual(states);
    expect(progress.currentIndex).toBe(currentIndex);
    expect(progress.ended).toBe(ended);
  });
});

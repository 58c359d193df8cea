import { describe, expect, it } from 'vitest';
import { orderProgress } from './order-progress.js';

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

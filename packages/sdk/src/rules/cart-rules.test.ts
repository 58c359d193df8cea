import { describe, expect, it } from 'vitest';
import { canIncrement, type IncrementRow } from './can-increment.js';
import { canRemoveEmail, canRemovePhone } from './can-remove-contact.js';
import { cartIssues, type IssueRow } from './cart-issues.js';
import { meetsMinimumOrder } from './meets-minimum-order.js';

const row = (id: number, badReasonCode: number | null): IssueRow => ({
  sku: { id },
  badReasonCode,
});

describe('cartIssues', () => {
  it.each<[string, IssueRow[], [number[], number[], number[]], boolean]>([
    ['no rows', [], [[], [], []], false],
    ['all fine', [row(1, null), row(2, null)], [[], [], []], false],
    ['out of stock', [row(1, 1), row(2, null)], [[1], [], []], true],
    ['not supported by plan', [row(3, 2)], [[], [3], []], true],
    ['not available', [row(4, 3)], [[], [], [4]], true],
    [
      'every kind, in row order',
      [row(5, 2), row(1, 1), row(6, 3), row(2, 2), row(7, null)],
      [[1], [5, 2], [6]],
      true,
    ],
    ['unknown code blocks without a group', [row(9, 7)], [[], [], []], true],
  ])('%s', (_name, rows, [outOfStock, notSupportedByPlan, notAvailable], blocked) => {
    const result = cartIssues(rows);
    expect(result.ids).toEqual({ outOfStock, notSupportedByPlan, notAvailable });
    expect(result.outOfStock).toBe(outOfStock.length > 0);
    expect(result.notSupportedByPlan).toBe(notSupportedByPlan.length > 0);
    expect(result.notAvailable).toBe(notAvailable.length > 0);
    expect(result.blocked).toBe(blocked);
    expect(result.message).toBe(
      blocked ? 'Please resolve issues in your order list before continue' : null,
    );
    expect(result.eligibilityHintIds).toEqual(notSupportedByPlan);
  });
});

describe('meetsMinimumOrder', () => {
  it.each([
    ['25.00', '25.00', true, '0.00'],
    ['30.10', '25.00', true, '0.00'],
    ['24.99', '25.00', false, '0.01'],
    ['0.00', '25.00', false, '25.00'],
    ['10.5', '25', false, '14.50'],
    ['0.00', '0.00', true, '0.00'],
  ])('%j against %j -> %s, missing %j', (amount, minimum, ok, missing) => {
    const result = meetsMinimumOrder(amount, minimum);
    expect(result.ok).toBe(ok);
    expect(result.missing).toBe(missing);
  });

  it('defaults to the $25.00 setting and answers the minimum normalized', () => {
    expect(meetsMinimumOrder('20.00')).toEqual({ ok: false, missing: '5.00', minimum: '25.00' });
    expect(meetsMinimumOrder('1.00', '2').minimum).toBe('2.00');
  });
});

describe('canIncrement', () => {
  it.each<[string, IncrementRow, boolean]>([
    ['below stock', { amount: 1, sku: { inStock: 3, status: null } }, true],
    ['one below stock', { amount: 2, sku: { inStock: 3, status: null } }, true],
    ['at stock', { amount: 3, sku: { inStock: 3, status: null } }, false],
    ['above stock', { amount: 4, sku: { inStock: 3, status: null } }, false],
    ['no stock', { amount: 1, sku: { inStock: 0, status: null } }, false],
    ['out of stock status', { amount: 1, sku: { inStock: 9, status: 1 } }, false],
    ['inactive', { amount: 1, sku: { inStock: 9, status: 0 } }, false],
    ['discontinued', { amount: 1, sku: { inStock: 9, status: -1 } }, false],
    ['guest row below stock', { amount: 1, product: { inStock: 2, status: null } }, true],
    ['guest row at stock', { amount: 2, product: { inStock: 2, status: null } }, false],
  ])('%s -> %s', (_name, input, allowed) => {
    const result = canIncrement(input);
    expect(result.allowed).toBe(allowed);
    expect(result.code).toBe(allowed ? null : 'cannotAddMore');
    expect(result.message).toBe(allowed ? null : 'You cannot add more');
  });
});

describe('canRemoveEmail / canRemovePhone', () => {
  it.each([
    [true, false, 'Your primary email cannot be removed', 'Your primary phone cannot be removed'],
    [false, true, null, null],
  ])('reg %s -> allowed %s', (reg, allowed, emailMessage, phoneMessage) => {
    const email = canRemoveEmail({ reg });
    const phone = canRemovePhone({ reg });
    expect(email.allowed).toBe(allowed);
    expect(phone.allowed).toBe(allowed);
    expect(email.message).toBe(emailMessage);
    expect(phone.message).toBe(phoneMessage);
    expect(email.code).toBe(allowed ? null : 'primaryEmailCannotBeRemoved');
    expect(phone.code).toBe(allowed ? null : 'primaryPhoneCannotBeRemoved');
  });
});

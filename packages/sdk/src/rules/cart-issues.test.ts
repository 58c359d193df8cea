import { describe, expect, it } from 'vitest';
import { cartIssues, type IssueRow } from './cart-issues.js';

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

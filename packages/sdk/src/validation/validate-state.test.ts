import { describe, expect, it } from 'vitest';
import { validateState } from './validate-state.js';

describe('validateState', () => {
  it.each([
    ['CA', undefined, null],
    ['ny', undefined, null],
    [' TX ', null, null],
    ['PR', ['PR', 'FL'], null],
    ['fl', ['PR', 'FL'], null],
    ['CA', ['ny', 'nj'], 'state_not_delivered'],
    ['', undefined, 'state_required'],
    ['   ', undefined, 'state_required'],
    [null, undefined, 'state_required'],
    [undefined, ['CA'], 'state_required'],
    ['ZZ', undefined, 'state_required'],
    ['California', undefined, 'state_required'],
  ] as const)('%j with %j -> %j', (value, list, code) => {
    expect(validateState(value, list)?.code ?? null).toBe(code);
  });

  it('says "State is required"', () => {
    expect(validateState('')?.message).toBe('State is required');
  });
});

import { describe, expect, it } from 'vitest';
import { validateState } from './validate-state.js';

describe('validateState', () => {
  it.each([
    ['CA', undefined, null],
    ['ny', undefined, null],
    [' TX ', null, null],
    ['PR', ['PR', 'FL'], null],
    ['fl', ['PR', 'FL'], null],
    ['CA', ['ny', 'nj'], 'stateNotDelivered'],
    ['', undefined, 'stateRequired'],
    ['   ', undefined, 'stateRequired'],
    [null, undefined, 'stateRequired'],
    [undefined, ['CA'], 'stateRequired'],
    ['ZZ', undefined, 'stateRequired'],
    ['California', undefined, 'stateRequired'],
  ] as const)('%j with %j -> %j', (value, list, code) => {
    expect(validateState(value, list)?.code ?? null).toBe(code);
  });

  it('says "State is required"', () => {
    expect(validateState('')?.message).toBe('State is required');
  });
});

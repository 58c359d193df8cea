import { describe, expect, it } from 'vitest';
import { isDeliverable } from './is-deliverable.js';

describe('isDeliverable', () => {
  it.each<[string, { state: string } | null | undefined, readonly string[] | null | undefined, boolean]>([
    ['a delivery state', { state: 'TX' }, ['TX', 'CA'], true],
    ['compared in upper case, both sides', { state: 'tx' }, ['Tx'], true],
    ['surrounding spaces ignored', { state: ' CA ' }, ['TX', 'CA'], true],
    ['outside the list', { state: 'NY' }, ['TX', 'CA'], false],
    ['an empty list delivers nowhere', { state: 'TX' }, [], false],
    ['no address', null, ['TX'], false],
    ['no address (undefined)', undefined, ['TX'], false],
    ['not a US state', { state: 'ZZ' }, ['ZZ'], false],
    ['blank state', { state: ' ' }, ['TX'], false],
    ['list not known yet: a US state passes', { state: 'NY' }, undefined, true],
    ['list not known yet: still refuses a non-state', { state: 'XX' }, null, false],
  ])('%s -> %s', (_name, address, states, expected) => {
    expect(isDeliverable(address, states)).toBe(expected);
  });
});

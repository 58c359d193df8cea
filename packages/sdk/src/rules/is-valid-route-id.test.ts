import { describe, expect, it } from 'vitest';
import { isValidRouteId } from './is-valid-route-id.js';

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

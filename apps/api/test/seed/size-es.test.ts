import { describe, expect, it } from 'vitest';
import { sizeEs } from '../../src/seed/catalog-data.js';

// Issue 21: Spanish product names said "1 unidades".
describe('Spanish sizes of the demo catalog', () => {
  it('says one unit in the singular and more in the plural', () => {
    expect(sizeEs('1 ct')).toBe('1 unidad');
    expect(sizeEs('24 ct')).toBe('24 unidades');
    expect(sizeEs('100 ct')).toBe('100 unidades');
    expect(sizeEs('8 fl oz')).toBe('8 oz líq.');
  });
});

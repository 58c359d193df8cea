import { monthNames } from './month-names';

describe('monthNames', () => {
  it('gives the twelve months, capitalised, in each language', () => {
    expect(monthNames('en')).toHaveLength(12);
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('es')[0]).toBe('Enero');
    expect(monthNames('es')[8]).toBe('Septiembre');
  });
});

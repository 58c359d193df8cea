import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../constants/index.js';
import { addBusinessDays, awaitsDelivery, deliveryWindow } from './delivery-window.js';

describe('addBusinessDays', () => {
  it.each([
    // 2025-03-03 is a Monday.
    ['2025-03-03', 2, '2025-03-05'],
    ['2025-03-03', 5, '2025-03-10'],
    // Friday: the weekend is skipped.
    ['2025-03-07', 1, '2025-03-10'],
    ['2025-03-07', 2, '2025-03-11'],
    // Saturday and Sunday: Monday is the first business day.
    ['2025-03-08', 1, '2025-03-10'],
    ['2025-03-09', 5, '2025-03-14'],
    // Across a month's end.
    ['2025-02-27', 3, '2025-03-04'],
  ])('%s + %i business days is %s', (day, days, expected) => {
    expect(addBusinessDays(day, days)).toBe(expected);
  });
});

describe('deliveryWindow', () => {
  const estimate = { minBusinessDays: 2, maxBusinessDays: 5 };
  it('counts from the day the order was placed in the given time zone', () => {
    // Friday evening in New York is already Saturday in UTC: the same days either way here.
    expect(deliveryWindow('2025-03-07T23:30:00.000Z', estimate, 'America/New_York')).toEqual({
      from: '2025-03-11',
      to: '2025-03-14',
    });
    // Thursday 11 pm in Los Angeles is Friday in UTC: counted from Thursday there.
    expect(deliveryWindow('2025-03-07T07:00:00.000Z', estimate, 'America/Los_Angeles')).toEqual({
      from: '2025-03-10',
      to: '2025-03-13',
    });
    expect(deliveryWindow('2025-03-07T07:00:00.000Z', estimate, 'UTC')).toEqual({
      from: '2025-03-11',
      to: '2025-03-14',
    });
  });

  it('is null for a placed date that is not a date', () => {
    expect(deliveryWindow('soon', estimate)).toBeNull();
  });
});

describe('awaitsDelivery', () => {
  it('holds for a placed order on its way, not for a delivered, cancelled or returned one', () => {
    for (const status of ['waitingForPayment', 'paymentVerification', 'confirmed', 'packaging', 'shipped'] as const)
      expect(awaitsDelivery(ORDER_STATUS[status])).toBe(true);
    for (const status of ['draft', 'delivered', 'cancelled', 'returned'] as const)
      expect(awaitsDelivery(ORDER_STATUS[status])).toBe(false);
    expect(awaitsDelivery(99)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../schemas/settings.js';
import { formatDeliveryEstimate } from './format-delivery-estimate.js';

describe('formatDeliveryEstimate', () => {
  it('says the business days in English and Spanish', () => {
    const estimate = { minBusinessDays: 2, maxBusinessDays: 5 };
    expect(formatDeliveryEstimate(estimate, 'en')).toBe('Arrives in 2–5 business days');
    expect(formatDeliveryEstimate(estimate, 'es')).toBe('Llega en 2 a 5 días hábiles');
    expect(formatDeliveryEstimate(estimate, 'es-US')).toBe('Llega en 2 a 5 días hábiles');
  });

  it('says one number when the least and the most are the same, in the singular for one day', () => {
    expect(formatDeliveryEstimate({ minBusinessDays: 3, maxBusinessDays: 3 }, 'en')).toBe(
      'Arrives in 3 business days',
    );
    expect(formatDeliveryEstimate({ minBusinessDays: 1, maxBusinessDays: 1 }, 'en')).toBe(
      'Arrives in 1 business day',
    );
    expect(formatDeliveryEstimate({ minBusinessDays: 1, maxBusinessDays: 1 }, 'es')).toBe(
      'Llega en 1 día hábil',
    );
  });

  it('adds the days from when the order was placed, weekends skipped', () => {
    const estimate = { minBusinessDays: 2, maxBusinessDays: 5 };
    // Placed on Friday, March 7, 2025: Tuesday the 11th to Friday the 14th.
    const placedAt = '2025-03-07T15:00:00.000Z';
    expect(formatDeliveryEstimate(estimate, 'en', { placedAt, timeZone: 'UTC' })).toBe(
      'Arrives in 2–5 business days: Tuesday, March 11 – Friday, March 14',
    );
    expect(formatDeliveryEstimate(estimate, 'es', { placedAt, timeZone: 'UTC' })).toBe(
      'Llega en 2 a 5 días hábiles: martes, 11 de marzo – viernes, 14 de marzo',
    );
    expect(
      formatDeliveryEstimate({ minBusinessDays: 1, maxBusinessDays: 1 }, 'en', { placedAt, timeZone: 'UTC' }),
    ).toBe('Arrives in 1 business day: Monday, March 10');
    // Without a date to count from, the days alone.
    expect(formatDeliveryEstimate(estimate, 'en', { placedAt: null })).toBe('Arrives in 2–5 business days');
  });
});

describe('settings.deliveryEstimate', () => {
  it('refuses a least above the most', () => {
    const shape = settingsSchema.def.shape.deliveryEstimate;
    expect(shape.safeParse({ minBusinessDays: 2, maxBusinessDays: 5 }).success).toBe(true);
    expect(shape.safeParse({ minBusinessDays: 6, maxBusinessDays: 5 }).success).toBe(false);
    expect(shape.safeParse({ minBusinessDays: 0, maxBusinessDays: 5 }).success).toBe(false);
  });
});

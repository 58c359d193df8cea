import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../constants/index.js';
import { benefitPeriodOf, holdEnd, PERIOD_LIMIT_STATUSES, periodLimitRefusal, periodUnitsLeft, refundReturnsTo } from './period-limits.js';

describe('benefitPeriodOf', () => {
  it('gives the calendar quarter or month holding a moment, and when it ends', () => {
    const q = benefitPeriodOf(new Date('2026-11-28T09:00:00Z'), 'quarter');
    expect(q).toEqual({ from: '2026-10-01', to: '2026-12-31', endsAt: new Date('2027-01-01T00:00:00Z') });
    const m = benefitPeriodOf(new Date('2026-02-10T00:00:00Z'), 'month');
    expect(m).toEqual({ from: '2026-02-01', to: '2026-02-28', endsAt: new Date('2026-03-01T00:00:00Z') });
    expect(benefitPeriodOf(new Date('2026-03-31T23:59:59Z'), 'quarter').to).toBe('2026-03-31');
  });
});

describe('periodUnitsLeft and periodLimitRefusal', () => {
  it('no limit: nothing left to count, nothing refused', () => {
    expect(periodUnitsLeft({ limit: null, ordered: 40 })).toBeNull();
    expect(periodLimitRefusal({ limit: null, ordered: 40, amount: 99 })).toBeNull();
  });
  it('the limit less what was ordered, never below zero', () => {
    expect(periodUnitsLeft({ limit: 9, ordered: 5 })).toBe(4);
    expect(periodUnitsLeft({ limit: 9, ordered: 12 })).toBe(0);
  });
  it('refuses more than is left with the limit and what is left', () => {
    expect(periodLimitRefusal({ limit: 9, ordered: 5, amount: 4 })).toBeNull();
    expect(periodLimitRefusal({ limit: 9, ordered: 5, amount: 5 })).toEqual({
      code: 'period_limit_reached',
      params: { limit: 9, left: 4 },
    });
  });
  it('counts placed, paid and delivered orders, not drafts, cancelled or returned ones', () => {
    expect(PERIOD_LIMIT_STATUSES).toContain(ORDER_STATUS.waitingForPayment);
    expect(PERIOD_LIMIT_STATUSES).toContain(ORDER_STATUS.delivered);
    expect(PERIOD_LIMIT_STATUSES).not.toContain(ORDER_STATUS.cancelled);
    expect(PERIOD_LIMIT_STATUSES).not.toContain(ORDER_STATUS.draft);
    expect(PERIOD_LIMIT_STATUSES).not.toContain(ORDER_STATUS.returned);
  });
});

describe('holdEnd', () => {
  const now = new Date('2026-12-31T23:50:00Z');
  const periodEndsAt = new Date('2027-01-01T00:00:00Z');
  it('ends with the period when that comes first', () => {
    expect(holdEnd({ now, holdMs: 30 * 60_000, periodEndsAt })).toEqual({ until: periodEndsAt, endsWithPeriod: true });
  });
  it('is the usual hold earlier in the period', () => {
    const early = new Date('2026-12-01T10:00:00Z');
    expect(holdEnd({ now: early, holdMs: 30 * 60_000, periodEndsAt })).toEqual({
      until: new Date('2026-12-01T10:30:00Z'),
      endsWithPeriod: false,
    });
  });
  it('a continued hold ending first still wins', () => {
    const continuedUntil = new Date('2026-12-31T23:55:00Z');
    expect(holdEnd({ now, holdMs: 30 * 60_000, periodEndsAt, continuedUntil })).toEqual({ until: continuedUntil, endsWithPeriod: false });
  });
});

describe('refundReturnsTo', () => {
  const paidAt = new Date('2026-12-20T10:00:00Z');
  it('gives a benefit card its allowance back within the period it was paid in', () => {
    expect(refundReturnsTo({ method: 'trnsx', paidAt, now: new Date('2026-12-31T23:59:00Z'), period: 'quarter' })).toBe('payer');
  });
  it('after that period the allowance is gone', () => {
    expect(refundReturnsTo({ method: 'trnsx', paidAt, now: new Date('2027-01-01T00:00:00Z'), period: 'quarter' })).toBe(
      'expired_allowance',
    );
  });
  it('credit cards and the store balance are refunded whenever', () => {
    expect(refundReturnsTo({ method: 'credit', paidAt, now: new Date('2027-05-01T00:00:00Z'), period: 'quarter' })).toBe('payer');
    expect(refundReturnsTo({ method: 'balance', paidAt, now: new Date('2027-05-01T00:00:00Z'), period: 'quarter' })).toBe('payer');
    expect(refundReturnsTo({ method: 'prohealth', paidAt, now: new Date('2027-05-01T00:00:00Z'), period: 'quarter' })).toBe(
      'expired_allowance',
    );
  });
});

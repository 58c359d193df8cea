import { describe, expect, it } from 'vitest';
import { allowanceReminderOf } from './allowance-reminder';

const member = (balance: string, periodEndsAt: string | null) => ({
  activeInsuranceCard: { balance, periodEndsAt },
  balance: '0.00',
});

describe('the allowance reminder of the header and the cart', () => {
  it('within the window: the amount, the short day in the page language and the days left', () => {
    expect(allowanceReminderOf(member('86.40', '2026-12-31'), 14, 'en', '2026-12-19')).toEqual({
      amount: '$86.40',
      endsOn: 'Dec 31',
      days: 12,
    });
    expect(allowanceReminderOf(member('86.40', '2026-12-31'), 14, 'es', '2026-12-19')).toMatchObject({
      endsOn: '31 dic',
      days: 12,
    });
  });

  it('from the first day of the window to the last day of the period, both included', () => {
    expect(allowanceReminderOf(member('10.00', '2026-12-31'), 14, 'en', '2026-12-17')?.days).toBe(14);
    expect(allowanceReminderOf(member('10.00', '2026-12-31'), 14, 'en', '2026-12-16')).toBeNull();
    expect(allowanceReminderOf(member('10.00', '2026-12-31'), 14, 'en', '2026-12-31')?.days).toBe(0);
    expect(allowanceReminderOf(member('10.00', '2026-12-31'), 14, 'en', '2027-01-01')).toBeNull();
  });

  it('nothing to say without a card period end, with nothing left, or before the setting is known', () => {
    expect(allowanceReminderOf(member('10.00', null), 14, 'en', '2026-12-20')).toBeNull();
    expect(allowanceReminderOf(member('0.00', '2026-12-31'), 14, 'en', '2026-12-20')).toBeNull();
    expect(allowanceReminderOf(member('10.00', '2026-12-31'), undefined, 'en', '2026-12-20')).toBeNull();
    expect(allowanceReminderOf(undefined, 14, 'en', '2026-12-20')).toBeNull();
    // The store balance has no period end: no reminder.
    expect(allowanceReminderOf({ activeInsuranceCard: null, balance: '50.00' }, 14, 'en', '2026-12-20')).toBeNull();
  });
});

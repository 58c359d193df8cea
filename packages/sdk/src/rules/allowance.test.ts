import { describe, expect, it } from 'vitest';
import { reminderWindow, spendableAllowance } from './allowance.js';

describe('spendableAllowance and reminderWindow', () => {
  it("reads the header's figure: the active card, else a store balance above zero", () => {
    expect(spendableAllowance({ activeInsuranceCard: { balance: '86.40', periodEndsAt: '2026-12-31' }, balance: '5.00' })).toEqual({
      left: '86.40',
      periodEndsAt: '2026-12-31',
      source: 'card',
    });
    expect(spendableAllowance({ activeInsuranceCard: null, balance: '5.00' })).toMatchObject({ left: '5.00', periodEndsAt: null });
    expect(spendableAllowance({ activeInsuranceCard: null, balance: '0.00' })).toBeNull();
  });

  it('covers the periods ending from the day to `days` days later', () => {
    expect(reminderWindow('2026-12-17', 14)).toEqual({ from: '2026-12-17', to: '2026-12-31' });
    expect(reminderWindow('2026-12-30', 14)).toEqual({ from: '2026-12-30', to: '2027-01-13' });
  });
});

import { describe, expect, it } from 'vitest';
import { isPlanCodeForm, readGuestPlanCookie } from './guest-plan-cookie.js';

describe('readGuestPlanCookie', () => {
  it('reads the otc_plan cookie among others', () => {
    expect(readGuestPlanCookie('locale=es; otc_plan=cl1; otc_cart=x')).toBe('cl1');
    expect(readGuestPlanCookie('otc_plan=uhc')).toBe('uhc');
  });

  it('answers null without it, or when its value is not a plan code', () => {
    expect(readGuestPlanCookie(undefined)).toBeNull();
    expect(readGuestPlanCookie('')).toBeNull();
    expect(readGuestPlanCookie('other_plan=cl1')).toBeNull();
    expect(readGuestPlanCookie('otc_plan=')).toBeNull();
    expect(readGuestPlanCookie('otc_plan=a%20b')).toBeNull();
    expect(readGuestPlanCookie(`otc_plan=${'x'.repeat(65)}`)).toBeNull();
  });

  it('takes the first well-formed one', () => {
    expect(readGuestPlanCookie('otc_plan=<x>; otc_plan=ep')).toBe('ep');
  });
});

describe('isPlanCodeForm', () => {
  it('accepts codes and refuses anything else', () => {
    expect(isPlanCodeForm('cl1')).toBe(true);
    expect(isPlanCodeForm('dev-test_1')).toBe(true);
    expect(isPlanCodeForm('')).toBe(false);
    expect(isPlanCodeForm('cl 1')).toBe(false);
    expect(isPlanCodeForm(3)).toBe(false);
  });
});

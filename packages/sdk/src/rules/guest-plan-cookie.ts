import { GUEST_PLAN_COOKIE, TEXT_MAX } from '../constants/index.js';

/** A plan code as a cookie may carry it: letters, digits, `-` and `_`, at most TEXT_MAX.code. */
const PLAN_CODE = new RegExp(`^[A-Za-z0-9_-]{1,${TEXT_MAX.code}}$`);

/** Whether `value` has the form of a plan code (whether the shop knows it is the plans list's word). */
export function isPlanCodeForm(value: unknown): value is string {
  return typeof value === 'string' && PLAN_CODE.test(value);
}

/**
 * The plan code a guest chose (issue 29), from a `Cookie` header: the first `otc_plan` cookie of
 * the form of a plan code, or null. The storefront (server and browser), the API's guest cart
 * and the page caches all read it with this one rule.
 */
export function readGuestPlanCookie(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== GUEST_PLAN_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if (isPlanCodeForm(value)) return value;
  }
  return null;
}

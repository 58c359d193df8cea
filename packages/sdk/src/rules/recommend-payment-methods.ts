import { PLAN_PAYMENT_METHOD, type PaymentMethodCode, type PlanCode } from '../constants/index.js';

/**
 * Payment methods recommended for a plan code (spec section 9), limited to the supported ones.
 *
 * At most one method for the plan (`PLAN_PAYMENT_METHOD`: cl1 trnsx, ep nationsbenefits; uhc,
 * wc, fc, hum, mhc, uhp, dev prohealth), never the network and the national card at once; then
 * credit, which the spec recommends to everyone when supported. A plan whose method is not
 * supported gets no other card method in its place. The plan code is compared trimmed and in
 * lower case. No or an unknown plan code: only credit. `balance` is never recommended; it is
 * still offered (see `paymentMethodOptions`) and is usable when the balance covers the total.
 */
export function recommendPaymentMethods(
  planCode: string | null | undefined,
  supported: readonly PaymentMethodCode[],
): PaymentMethodCode[] {
  const plan = planCode?.trim().toLowerCase() ?? '';
  const wanted: PaymentMethodCode[] = [];
  const planMethod = Object.hasOwn(PLAN_PAYMENT_METHOD, plan)
    ? PLAN_PAYMENT_METHOD[plan as PlanCode]
    : undefined;
  if (planMethod) wanted.push(planMethod);
  wanted.push('credit');
  return wanted.filter((code) => supported.includes(code));
}

export interface PaymentMethodOption {
  code: PaymentMethodCode;
  recommended: boolean;
}

/**
 * Every supported method once, for the payment step: the recommended ones first (in
 * `recommendPaymentMethods` order), then the others, `balance` included, in configuration order.
 */
export function paymentMethodOptions(
  planCode: string | null | undefined,
  supported: readonly PaymentMethodCode[],
): PaymentMethodOption[] {
  const recommended = recommendPaymentMethods(planCode, supported);
  const others = [...new Set(supported)].filter((code) => !recommended.includes(code));
  return [
    ...recommended.map((code) => ({ code, recommended: true })),
    ...others.map((code) => ({ code, recommended: false })),
  ];
}

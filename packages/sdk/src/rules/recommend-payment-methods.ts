import { CARD_NETWORK_PLANS, INSURANCE_PLANS, type PaymentMethodCode } from '../constants/index.js';

/**
 * Payment methods recommended for a plan code (spec section 9), limited to the supported ones.
 *
 * Order: the plan's own methods first (cl1, ep: trnsx then nationsbenefits; uhc, wc, fc, hum,
 * mhc, uhp, dev: prohealth), then credit, which is recommended to everyone when supported.
 * The plan code is compared trimmed and in lower case. No or an unknown plan code: only credit.
 * `balance` is never recommended; it is still offered (see `paymentMethodOptions`) and is
 * usable when the balance covers the total.
 */
export function recommendPaymentMethods(
  planCode: string | null | undefined,
  supported: readonly PaymentMethodCode[],
): PaymentMethodCode[] {
  const plan = planCode?.trim().toLowerCase() ?? '';
  const wanted: PaymentMethodCode[] = [];
  if (CARD_NETWORK_PLANS.includes(plan)) wanted.push('trnsx', 'nationsbenefits');
  if (INSURANCE_PLANS.includes(plan)) wanted.push('prohealth');
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

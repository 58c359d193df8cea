import {
  CARD_NETWORK_PLANS,
  CARD_TYPE_PAYMENT_METHOD,
  INSURANCE_PLANS,
  type CardType,
  type PaymentMethodCode,
} from '../constants/index.js';

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
 * `cardTypesOnFile` (the customer's cards, the active one first) puts the recommended methods that
 * pay those cards first: a plan recommending both benefit card methods must not preselect the
 * network card for a member whose card is a national one (a refused code counts toward the card
 * proof limit).
 */
export function paymentMethodOptions(
  planCode: string | null | undefined,
  supported: readonly PaymentMethodCode[],
  cardTypesOnFile: readonly CardType[] = [],
): PaymentMethodOption[] {
  const ownMethods = [...new Set(cardTypesOnFile.map((type) => CARD_TYPE_PAYMENT_METHOD[type]))];
  const rank = (code: PaymentMethodCode) => {
    const index = ownMethods.indexOf(code);
    return index === -1 ? ownMethods.length : index;
  };
  // Array.prototype.sort is stable: methods of no card on file keep the plan's order.
  const recommended = recommendPaymentMethods(planCode, supported).sort((a, b) => rank(a) - rank(b));
  const others = [...new Set(supported)].filter((code) => !recommended.includes(code));
  return [
    ...recommended.map((code) => ({ code, recommended: true })),
    ...others.map((code) => ({ code, recommended: false })),
  ];
}

import {
  CARD_NETWORK_PLANS,
  CARD_TYPE_PAYMENT_METHOD,
  INSURANCE_PLANS,
  type CardType,
  type PaymentMethodCode,
} from '../constants/index.js';

/**
 * The methods a plan code names for its members (spec section 9), limited to the supported ones:
 * the candidates of the payment step's ONE recommendation (`paymentMethodOptions` picks it).
 *
 * Order: the plan's own methods first (cl1, ep: trnsx then nationsbenefits; uhc, wc, fc, hum,
 * mhc, uhp, dev: prohealth), then credit, a candidate for everyone when supported.
 * The plan code is compared trimmed and in lower case. No or an unknown plan code: only credit.
 * `balance` is never among them; it is still offered (see `paymentMethodOptions`) and is
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
  /** True for one option at most: the method the payment step recommends. */
  recommended: boolean;
}

/** The cards on a member's account, as the customer answer gives them. */
export interface CardsOnFile {
  /** The active card: the one `prohealth` pays with (an S3 card). */
  activeInsuranceCard?: { type: CardType } | null;
  insuranceCards?: readonly { type: CardType }[];
}

/** What the payment step offers, and what it leaves out for want of a card on the account. */
export interface PaymentMethodChoices {
  /** The methods offered, the recommended one (if any) first. */
  options: PaymentMethodOption[];
  /**
   * Supported methods that cannot apply: they pay with a card on file the member does not have
   * (`prohealth` without an active S3 card). Not offered; say where to add or activate the card.
   */
  withoutCard: PaymentMethodCode[];
}

/** Whether a method pays with a card on file the member lacks (prohealth: an active S3 card). */
export function lacksCardOnFile(code: PaymentMethodCode, cards: CardsOnFile | null | undefined): boolean {
  if (code !== CARD_TYPE_PAYMENT_METHOD.s3) return false;
  return cards?.activeInsuranceCard?.type !== 's3';
}

/**
 * The payment step's methods (issue 33): every supported method once, except those that cannot
 * apply (`withoutCard`), with ONE recommendation: among the plan's methods
 * (`recommendPaymentMethods`: its own, then credit) that can apply, the one paying the member's
 * own card (the active card first, then the others on the account), else the plan's first. It
 * comes first; then the plan's other methods, then the rest (`balance` included) in configuration
 * order. A card of a method the plan does not name changes nothing: the plan decides what may be
 * recommended, the member's cards which of those. No plan method can apply: none is recommended.
 * No plan on the profile: the method of the member's own card (the active one first) is
 * recommended, ahead of credit (a new member's card pays for what its own plan covers).
 */
export function paymentMethodOptions(
  planCode: string | null | undefined,
  supported: readonly PaymentMethodCode[],
  cards?: CardsOnFile | null,
): PaymentMethodChoices {
  const unique = [...new Set(supported)];
  const withoutCard = unique.filter((code) => lacksCardOnFile(code, cards));
  const offered = unique.filter((code) => !withoutCard.includes(code));
  const ownTypes = [
    ...(cards?.activeInsuranceCard ? [cards.activeInsuranceCard.type] : []),
    ...(cards?.insuranceCards ?? []).map((card) => card.type),
  ];
  const ownMethods = [...new Set(ownTypes.map((type) => CARD_TYPE_PAYMENT_METHOD[type]))];
  const rank = (code: PaymentMethodCode) => {
    const index = ownMethods.indexOf(code);
    return index === -1 ? ownMethods.length : index;
  };
  // Array.prototype.sort is stable: methods of no card on file keep the plan's order.
  const planMethods = recommendPaymentMethods(planCode, offered).sort((a, b) => rank(a) - rank(b));
  // No plan on the profile: the member's own card is what pays (its own plan decides what it
  // covers, issue 32), so its method comes first and is the one recommended.
  if (!planCode) {
    const own = ownMethods.filter((code) => offered.includes(code));
    planMethods.unshift(...own.filter((code) => !planMethods.includes(code)));
  }
  const others = offered.filter((code) => !planMethods.includes(code));
  return {
    options: [...planMethods, ...others].map((code, index) => ({
      code,
      recommended: index === 0 && planMethods.length > 0,
    })),
    withoutCard,
  };
}

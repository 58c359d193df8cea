import type { PaymentMethodCode } from '../constants/index.js';
import { toCents } from '../money/to-cents.js';
import type { InsuranceCard } from '../schemas/customer.js';
import type { Money } from '../schemas/common.js';
import { isLuhnValid } from '../validation/luhn.js';
import { MESSAGES } from '../validation/messages.js';
import { normalizeCardNumber } from '../validation/normalize-card-number.js';

export interface PaymentInputContext {
  /** Card number typed for trnsx, nationsbenefits or credit. */
  card?: string | null;
  /** Customer balance; missing counts as 0.00 (the spec's default). */
  balance?: Money | null;
  /** Estimated total of the order. */
  estimatedTotal?: Money | null;
  /** The customer's active insurance card, or whether there is one. */
  activeInsuranceCard?: Pick<InsuranceCard, 'active'> | null | boolean;
}

export type PaymentInputReason =
  | 'enterCardNumber'
  | 'invalidCardNumber'
  | 'notEnoughBalance'
  | 'noActiveCard'
  | 'totalUnknown'
  | 'unknownMethod';

export type PaymentInputCheck =
  | { valid: true; reason: null; message: null }
  | { valid: false; reason: PaymentInputReason; message: string };

const REASON_MESSAGES: Record<PaymentInputReason, string> = {
  enterCardNumber: MESSAGES.enterCardNumber,
  invalidCardNumber: MESSAGES.invalidCardNumber,
  notEnoughBalance: MESSAGES.notEnoughBalance,
  noActiveCard: MESSAGES.noActiveCard,
  // Not in the spec: the estimate is missing or unreadable, so the balance cannot be judged.
  totalUnknown: 'The order total is not known yet',
  unknownMethod: 'Payment methods are not available. Please try again later.',
};

const OK: PaymentInputCheck = { valid: true, reason: null, message: null };
const fail = (reason: PaymentInputReason): PaymentInputCheck => ({
  valid: false,
  reason,
  message: REASON_MESSAGES[reason],
});

function cents(value: Money | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  try {
    return toCents(value);
  } catch {
    return null;
  }
}

/**
 * Whether the payment step may go on with a method (spec section 5):
 * - trnsx, nationsbenefits: the card number, spaces ignored, is 16 or 19 digits; otherwise
 *   `enterCardNumber` (the prompt to enter the card number). Non-digits count as wrong.
 * - balance: balance >= estimated total (cents); otherwise `notEnoughBalance`. A missing
 *   balance counts as 0.00; a missing or unreadable total gives `totalUnknown`.
 * - prohealth: an active insurance card (`true`, or a card whose `active` flag is set);
 *   otherwise `noActiveCard` ("No active card found.").
 * - credit (our decision): 13 to 19 digits, spaces ignored, passing the Luhn check; empty gives
 *   `enterCardNumber`, a wrong number `invalidCardNumber`.
 * - any other code: `unknownMethod`.
 */
export function isPaymentInputValid(
  method: PaymentMethodCode | (string & {}),
  input: PaymentInputContext = {},
): PaymentInputCheck {
  switch (method) {
    case 'trnsx':
    case 'nationsbenefits': {
      const digits = normalizeCardNumber(input.card ?? '');
      return /^\d+$/.test(digits) && (digits.length === 16 || digits.length === 19)
        ? OK
        : fail('enterCardNumber');
    }
    case 'credit': {
      const digits = normalizeCardNumber(input.card ?? '');
      if (digits.length === 0) return fail('enterCardNumber');
      return digits.length >= 13 && digits.length <= 19 && isLuhnValid(digits)
        ? OK
        : fail('invalidCardNumber');
    }
    case 'balance': {
      const total = cents(input.estimatedTotal);
      if (total === null) return fail('totalUnknown');
      const balance = cents(input.balance) ?? 0;
      return balance >= total ? OK : fail('notEnoughBalance');
    }
    case 'prohealth': {
      const card = input.activeInsuranceCard;
      const active = typeof card === 'boolean' ? card : card?.active === true;
      return active ? OK : fail('noActiveCard');
    }
    default:
      return fail('unknownMethod');
  }
}

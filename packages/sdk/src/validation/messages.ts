/**
 * Stable codes and the English texts of the spec (sections 5 and 8), word for word. The UI
 * translates the codes; the API answers 422 with these texts. Codes marked "not in the spec"
 * carry wording of ours for cases the spec leaves without a text.
 */
export const MESSAGES = {
  required: 'Required',
  notBlank: 'This value should not be blank.',
  length11: 'This value should have 11 characters',
  wrongFormat: 'This field has wrong format',
  stateRequired: 'State is required',
  /** Not in the spec: a state outside the configured delivery states. */
  stateNotDelivered: "We don't deliver to this state",
  invalidUrl: 'This link doesn’t look like a correct URL',
  cardLength16or19: 'Your card number should be of 16 or 19 digits',
  cardLength16or17: 'Your card number should be of 16 or 17 digits',
  /** Not in the spec: the prompt to enter the card number (its text is not given). */
  enterCardNumber: 'Enter the card number',
  /** Not in the spec: a credit card number of 13 to 19 digits failing the Luhn check. */
  invalidCardNumber: 'Your card number is not valid',
  passwordNotComplex: "Your password isn't complex enough",
  passwordsDontMatch: "Passwords don't match",
  promoCodeInvalid: 'The code you entered is not valid.',
  notEnoughBalance: "You don't have enough funds to pay for this order",
  noActiveCard: 'No active card found.',
  cannotAddMore: 'You cannot add more',
  primaryEmailCannotBeRemoved: 'Your primary email cannot be removed',
  primaryPhoneCannotBeRemoved: 'Your primary phone cannot be removed',
  resolveOrderIssues: 'Please resolve issues in your order list before continue',
  /** Template: `{qty}` is replaced by the formatted minimum amount. */
  minimumOrder: '{qty} Minimum Order.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** A failed check: a stable code plus the English text. */
export interface ValidationIssue {
  code: MessageCode;
  message: string;
}

/** Builds the issue of a code, filling `{name}` placeholders from `params`. */
export function issue(
  code: MessageCode,
  params?: Readonly<Record<string, string | number>>,
): ValidationIssue {
  const template: string = MESSAGES[code];
  const message = params
    ? template.replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in params ? String(params[name]) : whole,
      )
    : template;
  return { code, message };
}

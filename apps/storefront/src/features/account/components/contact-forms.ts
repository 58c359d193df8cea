// What the contact forms (the e-mails' and the phones') and their action share: the intents
// they post, the rows they draw, the action's answer and the step it leads to. Plain data and
// functions, so the action (contacts-action.ts) and the section's pieces import it alike.
import { formatPhone, type Email, type Phone as PhoneContact } from '@otc/sdk';
import type { SdkQueryError } from '../../../lib/api';
import type { FormFailure } from '../../../kernel/page-form';
import type { ContactKind, Customer } from '../account-api';

/** The contact forms' intents on the account page's action. */
export const CONTACT_INTENTS = {
  add: 'add-contact',
  verify: 'verify-contact',
  resend: 'resend-contact',
  primary: 'make-contact-primary',
  remove: 'remove-contact',
} as const;
export type ContactIntent = (typeof CONTACT_INTENTS)[keyof typeof CONTACT_INTENTS];
const INTENTS: readonly string[] = Object.values(CONTACT_INTENTS);

/** True when a post's `intent` is a contact form's. */
export function isContactIntent(intent: unknown): boolean {
  return typeof intent === 'string' && INTENTS.includes(intent);
}

/** The page's `step` that draws the add form in the page (without the scripts): add-email, add-phone. */
export const addStepOf = (kind: ContactKind) => `add-${kind}`;
/** The page's `step` that asks, in the page, to make a verified contact the sign-in one. */
export const primaryStepOf = (kind: ContactKind, id: number) => `primary-${kind}-${id}`;
/** The id of a kind's section on the account page (`account-phones`): its heading, and a link's target. */
export const contactsSectionIdOf = (kind: ContactKind) => `account-${kind}s`;
/** The page's `step` that asks, in the page, for the code sent to a contact just added (without the scripts). */
export const verifyStepOf = (kind: ContactKind, id: number) => `verify-${kind}-${id}`;
/** The page's `remove` that asks, in the page, whether to remove a contact (`?remove=email-5`: Remove without the scripts). */
export const removeStepOf = (kind: ContactKind, id: number) => `${kind}-${id}`;
/** The page's `done` after a contact was verified or removed without the scripts (`?done=verified-phone:3`). */
export const verifiedDoneOf = (kind: ContactKind) => `verified-${kind}`;
export const removedDoneOf = (kind: ContactKind) => `removed-${kind}`;

export interface ContactRow {
  id: number;
  value: string;
  shown: string;
  reg: boolean;
  verified: boolean;
}

export function rowsOf(customer: Customer, kind: ContactKind): ContactRow[] {
  return kind === 'email'
    ? customer.emails.map((email: Email) => ({
        id: email.id,
        value: email.address,
        shown: email.address,
        reg: email.reg,
        verified: email.verified,
      }))
    : customer.phones.map((phone: PhoneContact) => ({
        id: phone.id,
        value: phone.number,
        shown: formatPhone(phone.number),
        reg: phone.reg,
        verified: phone.verified,
      }));
}

/** What the account page's action answers to a contact form: done, or refused. */
export type ContactAnswer =
  | {
      intent: ContactIntent;
      kind: ContactKind;
      contact: ContactRow;
      done: true;
      /** When another code may be asked for (seconds), after a code went out. */
      resendIn?: number;
      /** A verified contact: whether to ask to make it the sign-in one (see `replacesPrimary`). */
      askPrimary?: boolean;
    }
  | (FormFailure<{ value: string }> & {
      intent: ContactIntent;
      kind: ContactKind;
      contact?: ContactRow;
    });
export type Refused = Extract<ContactAnswer, { error: SdkQueryError }>;

/** A code refused: said under the code box, not above the form. */
export function isCodeError(error: SdkQueryError): boolean {
  return error.code === 'invalid_code' || error.code === 'code_attempts_exceeded';
}

/** Where the add form is: adding, verifying one contact, or offering to make it the sign-in one. */
export type Step =
  | { name: 'add'; refused?: Refused }
  | { name: 'verify'; contact: ContactRow; resendAt: number; refused?: Refused }
  | { name: 'primary'; contact: ContactRow; refused?: Refused };

/** The step an answer of this kind leads to (undefined: the step stays as it is; null: none). */
export function stepAfter(answer: ContactAnswer, resendSeconds: number): Step | null | undefined {
  const refused = 'error' in answer ? answer : undefined;
  const resendAt = Date.now() + ('done' in answer && answer.resendIn !== undefined ? answer.resendIn : resendSeconds) * 1000;
  switch (answer.intent) {
    case CONTACT_INTENTS.add:
      return refused ? { name: 'add', refused } : { name: 'verify', contact: answer.contact!, resendAt };
    case CONTACT_INTENTS.resend:
    case CONTACT_INTENTS.verify:
      if (refused || answer.intent === CONTACT_INTENTS.resend) {
        return { name: 'verify', contact: answer.contact!, resendAt, refused };
      }
      return 'askPrimary' in answer && answer.askPrimary ? { name: 'primary', contact: answer.contact } : null;
    case CONTACT_INTENTS.primary:
      return { name: 'primary', contact: answer.contact!, refused };
    default:
      return undefined;
  }
}

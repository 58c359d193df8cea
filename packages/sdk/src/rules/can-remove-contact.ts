import { MESSAGES } from '../validation/messages.js';

export type RemoveCheck<C extends string> =
  { allowed: true; code: null; message: null } | { allowed: false; code: C; message: string };

/** The primary (`reg`) e-mail is the login and cannot be removed before another is primary. */
export function canRemoveEmail(email: {
  reg: boolean;
}): RemoveCheck<'primaryEmailCannotBeRemoved'> {
  return email.reg
    ? {
        allowed: false,
        code: 'primaryEmailCannotBeRemoved',
        message: MESSAGES.primaryEmailCannotBeRemoved,
      }
    : { allowed: true, code: null, message: null };
}

/** The primary (`reg`) phone is the login and cannot be removed before another is primary. */
export function canRemovePhone(phone: {
  reg: boolean;
}): RemoveCheck<'primaryPhoneCannotBeRemoved'> {
  return phone.reg
    ? {
        allowed: false,
        code: 'primaryPhoneCannotBeRemoved',
        message: MESSAGES.primaryPhoneCannotBeRemoved,
      }
    : { allowed: true, code: null, message: null };
}

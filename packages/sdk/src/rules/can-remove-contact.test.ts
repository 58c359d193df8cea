import { describe, expect, it } from 'vitest';
import { canRemoveEmail, canRemovePhone } from './can-remove-contact.js';

describe('canRemoveEmail / canRemovePhone', () => {
  it.each([
    [true, false, 'Your primary email cannot be removed', 'Your primary phone cannot be removed'],
    [false, true, null, null],
  ])('reg %s -> allowed %s', (reg, allowed, emailMessage, phoneMessage) => {
    const email = canRemoveEmail({ reg });
    const phone = canRemovePhone({ reg });
    expect(email.allowed).toBe(allowed);
    expect(phone.allowed).toBe(allowed);
    expect(email.message).toBe(emailMessage);
    expect(phone.message).toBe(phoneMessage);
    expect(email.code).toBe(allowed ? null : 'primaryEmailCannotBeRemoved');
    expect(phone.code).toBe(allowed ? null : 'primaryPhoneCannotBeRemoved');
  });
});

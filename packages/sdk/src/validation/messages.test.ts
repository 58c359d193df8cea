import { describe, expect, it } from 'vitest';
import { MESSAGES, issue } from './messages.js';

describe('MESSAGES', () => {
  // The spec's texts, word for word (sections 5 and 8).
  it.each([
    ['required', 'Required'],
    ['notBlank', 'This value should not be blank.'],
    ['length11', 'This value should have 11 characters'],
    ['wrongFormat', 'This field has wrong format'],
    ['stateRequired', 'State is required'],
    ['invalidUrl', 'This link doesn\u2019t look like a correct URL'],
    ['cardLength16or19', 'Your card number should be of 16 or 19 digits'],
    ['cardLength16or17', 'Your card number should be of 16 or 17 digits'],
    ['passwordNotComplex', "Your password isn't complex enough"],
    ['passwordsDontMatch', "Passwords don't match"],
    ['promoCodeInvalid', 'The code you entered is not valid.'],
    ['notEnoughBalance', "You don't have enough funds to pay for this order"],
    ['noActiveCard', 'No active card found.'],
    ['cannotAddMore', 'You cannot add more'],
    ['primaryEmailCannotBeRemoved', 'Your primary email cannot be removed'],
    ['primaryPhoneCannotBeRemoved', 'Your primary phone cannot be removed'],
    ['resolveOrderIssues', 'Please resolve issues in your order list before continue'],
    ['minimumOrder', '{qty} Minimum Order.'],
  ] as const)('%s is %j', (code, text) => {
    expect(MESSAGES[code]).toBe(text);
    expect(issue(code)).toEqual({ code, message: text });
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(issue('minimumOrder', { qty: '$25.00' }).message).toBe('$25.00 Minimum Order.');
    expect(issue('minimumOrder', { other: 1 }).message).toBe('{qty} Minimum Order.');
  });
});

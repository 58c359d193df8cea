import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import { MESSAGES, issue } from './messages.js';

describe('issue', () => {
  // The spec's texts, word for word (sections 5 and 8), under the catalogue's codes.
  it.each([
    ['required', 'Required'],
    ['not_blank', 'This value should not be blank.'],
    ['length_11', 'This value should have 11 characters'],
    ['wrong_format', 'This field has wrong format'],
    ['state_required', 'State is required'],
    ['invalid_url', 'This link doesn\u2019t look like a correct URL'],
    ['card_length_16_or_19', 'Your card number should be of 16 or 19 digits'],
    ['card_length_16_or_17', 'Your card number should be of 16 or 17 digits'],
    ['password_not_complex', "Your password isn't complex enough"],
    ['passwords_dont_match', "Passwords don't match"],
    ['promo_code_invalid', 'The code you entered is not valid.'],
    ['cannot_add_more', 'You cannot add more'],
  ] as const)('%s is %j', (code, text) => {
    expect(issue(code)).toEqual({ code, message: text });
  });

  it('fills params into the text and keeps them', () => {
    expect(issue('minimum_order', { qty: '$25.00' })).toEqual({
      code: 'minimum_order',
      message: '$25.00 Minimum Order.',
      params: { qty: '$25.00' },
    });
    expect(issue('too_long', { max: 80 }).message).toBe(
      'This value is too long (at most 80 characters).',
    );
  });

  it('keeps the deprecated MESSAGES equal to the catalogue texts', () => {
    expect(MESSAGES.wrongFormat).toBe(ERROR_CATALOGUE.wrong_format.en);
    expect(MESSAGES.resolveOrderIssues).toBe(ERROR_CATALOGUE.order_has_issues.en);
  });
});

import { describe, expect, it } from 'vitest';
import { hasFieldErrors, rule, toErrorData, validateFields } from './validate-fields.js';

const signUp = {
  login: [rule.required, rule.login],
  password: [rule.required, rule.password],
  passwordConfirmation: [rule.required, rule.matches('password')],
  promo: [rule.promoCode],
};

describe('validateFields', () => {
  it('keeps the first issue per field, in rule order', () => {
    const errors = validateFields(
      { login: '', password: 'short', passwordConfirmation: 'other', promo: 'A B' },
      signUp,
    );
    expect(errors).toEqual({
      login: { code: 'required', message: 'Required' },
      password: { code: 'password_not_complex', message: "Your password isn't complex enough" },
      passwordConfirmation: { code: 'passwords_dont_match', message: "Passwords don't match" },
      promo: { code: 'promo_code_invalid', message: 'The code you entered is not valid.' },
    });
    expect(hasFieldErrors(errors)).toBe(true);
  });

  it('returns no errors for valid values', () => {
    const errors = validateFields(
      {
        login: 'ana@example.com',
        password: 'Abcdefg1',
        passwordConfirmation: 'Abcdefg1',
        promo: 'Welcome10',
      },
      signUp,
    );
    expect(errors).toEqual({});
    expect(hasFieldErrors(errors)).toBe(false);
  });

  it.each([
    ['firstName', [rule.notBlank], '  ', 'This value should not be blank.'],
    ['code', [rule.length11], '123', 'This value should have 11 characters'],
    ['email', [rule.email], 'nope', 'This field has wrong format'],
    ['phone', [rule.phone], '123', 'This field has wrong format'],
    ['link', [rule.url], 'nope', 'This link doesn\u2019t look like a correct URL'],
    ['zip', [rule.zip], '1', 'This field has wrong format'],
    ['state', [rule.state()], '', 'State is required'],
    ['state', [rule.state(['NY'])], 'CA', "We don't deliver to this state"],
    ['card', [rule.cardNumber('network')], '123', 'Your card number should be of 16 or 19 digits'],
    ['card', [rule.cardNumber('s3')], '123', 'Your card number should be of 16 or 17 digits'],
  ])('%s with %#: %j -> %j', (field, checks, value, message) => {
    expect(validateFields({ [field]: value }, { [field]: checks })[field]?.message).toBe(message);
  });

  it('skips fields without rules and treats missing values as empty', () => {
    expect(
      validateFields({ other: 'x' } as Record<string, unknown>, {
        name: [rule.required],
        free: undefined,
      }),
    ).toEqual({
      name: { code: 'required', message: 'Required' },
    });
  });
});

describe('toErrorData', () => {
  it('builds the 422 data body', () => {
    expect(
      toErrorData({
        email: { code: 'wrong_format', message: 'This field has wrong format' },
        zip: undefined,
      }),
    ).toEqual({ email: ['This field has wrong format'] });
  });
});

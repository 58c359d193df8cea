import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODE,
  API_ERROR_CODES,
  ApiError,
  MalformedAnswerError,
  NoRefreshTokenError,
  SessionEndedError,
  ValidationError,
  errorFromAnswer,
  isApiError,
} from './errors.js';

describe('ValidationError', () => {
  it('keeps the first message per field and groups dotted and indexed keys under their root', () => {
    const error = new ValidationError({
      message: 'Invalid',
      route: 'setItems',
      data: {
        'rows.1.amount': ['You cannot add more', 'Second'],
        'rows.0.amount': ['Out of stock'],
        'rows[3].sku_id': ['Unknown product'],
        'address.zip': ['This field has wrong format'],
        promoCode: ['The code you entered is not valid.', 'ignored'],
        empty: [],
      },
    });
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({
      rows: 'You cannot add more',
      address: 'This field has wrong format',
      promoCode: 'The code you entered is not valid.',
    });
    expect(error.rowIndexes).toEqual({ rows: [0, 1, 3] });
    expect(error.fieldMessages.rows).toEqual([
      'You cannot add more',
      'Second',
      'Out of stock',
      'Unknown product',
    ]);
    expect(error.route).toBe('setItems');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe('ValidationError');
  });

  it('has empty maps without data', () => {
    const error = new ValidationError({ message: 'Invalid' });
    expect(error.fieldErrors).toEqual({});
    expect(error.rowIndexes).toEqual({});
    expect(error.data).toEqual({});
  });
});

describe('errorFromAnswer', () => {
  it('builds a ValidationError from a 422 body', () => {
    const error = errorFromAnswer(
      422,
      JSON.stringify({ message: 'Invalid', data: { 'rows.2.amount': ['No'] } }),
      'setItems',
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).rowIndexes.rows).toEqual([2]);
  });

  it('reads the message and code of a JSON error', () => {
    const error = errorFromAnswer(
      402,
      JSON.stringify({ message: 'No funds', code: 'notEnoughBalance' }),
    );
    expect(error.status).toBe(402);
    expect(error.message).toBe('No funds');
    expect(error.code).toBe(API_ERROR_CODE.notEnoughBalance);
    expect(isApiError(error, 'notEnoughBalance')).toBe(true);
    expect(isApiError(error, 'low_rate')).toBe(false);
  });

  it('tolerates bodies that are not JSON or not the error shape', () => {
    const html = errorFromAnswer(502, '<html>Bad gateway</html>', 'me');
    expect(html.message).toBe('<html>Bad gateway</html>');
    expect(html.code).toBeUndefined();
    expect(html.route).toBe('me');
    expect(errorFromAnswer(500, '').message).toBe('Request failed with status 500');
    const loose = errorFromAnswer(
      400,
      JSON.stringify({ message: 'Bad', code: 'x', data: 'not a record' }),
    );
    expect(loose.message).toBe('Bad');
    expect(loose.code).toBe('x');
    const odd = errorFromAnswer(422, JSON.stringify({ error: 'nope' }));
    expect(odd).toBeInstanceOf(ValidationError);
    expect(odd.message).toBe('{"error":"nope"}');
  });
});

describe('error classes', () => {
  it('distinguishes session, refresh and malformed-answer errors', () => {
    const noRefresh = new NoRefreshTokenError('me');
    expect(noRefresh).toBeInstanceOf(SessionEndedError);
    expect(noRefresh.status).toBe(401);
    expect(noRefresh.route).toBe('me');
    expect(new SessionEndedError().message).toBe('The session has ended');
    const malformed = new MalformedAnswerError('settings', 'companyName: expected string');
    expect(malformed.message).toContain('settings');
    expect(malformed.route).toBe('settings');
    expect(isApiError(malformed)).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('lists the spec codes', () => {
    for (const code of [
      'card_number_or_code_is_not_correct',
      'card_already_in_system',
      'limitReached',
      'low_rate',
      'notEnoughBalance',
    ]) {
      expect(API_ERROR_CODES).toContain(code);
    }
    expect(API_ERROR_CODE.card_already_in_system).toBe('card_already_in_system');
  });
});

describe('422 field codes', () => {
  it('reads fields: first code per grouped root and every issue with its params', () => {
    const error = errorFromAnswer(
      422,
      JSON.stringify({
        message: 'Validation failed',
        code: 'validation_failed',
        data: { 'rows.1.amount': ['You cannot add more'], name: ['Too long'] },
        fields: {
          'rows.1.amount': [{ code: 'cannot_add_more' }],
          'rows.3.amount': [{ code: 'minimum_order', params: { qty: 2 } }],
          name: [{ code: 'too_long', params: { max: 200 } }, { code: 'wrong_format' }],
        },
      }),
      'setItems',
    ) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fieldCodes).toEqual({ rows: 'cannot_add_more', name: 'too_long' });
    expect(error.fieldIssues).toEqual({
      rows: [{ code: 'cannot_add_more' }, { code: 'minimum_order', params: { qty: 2 } }],
      name: [{ code: 'too_long', params: { max: 200 } }, { code: 'wrong_format' }],
    });
    expect(error.fieldErrors).toEqual({ rows: 'You cannot add more', name: 'Too long' });
    expect(error.rowIndexes).toEqual({ rows: [1, 3] });
  });

  it('reads a malformed or missing fields member defensively', () => {
    const none = errorFromAnswer(
      422,
      JSON.stringify({ message: 'x', data: {} }),
    ) as ValidationError;
    expect(none.fieldCodes).toEqual({});
    const odd = errorFromAnswer(
      422,
      JSON.stringify({
        message: 'x',
        fields: { a: 'nope', b: [1, null, { code: 5 }, { code: 'required', params: [1] }], c: [] },
      }),
    ) as ValidationError;
    expect(odd.fieldIssues).toEqual({ b: [{ code: 'required' }] });
    expect(odd.fieldCodes).toEqual({ b: 'required' });
    const list = errorFromAnswer(
      422,
      JSON.stringify({ message: 'x', fields: [] }),
    ) as ValidationError;
    expect(list.fieldCodes).toEqual({});
  });
});

describe('error brand', () => {
  it('recognises an ApiError of another copy of the SDK (CJS vs ESM) by its Symbol.for brand', () => {
    const foreign = Object.assign(new Error('No funds'), { status: 402, code: 'notEnoughBalance' });
    Object.defineProperty(foreign, Symbol.for('@otc/sdk:error-kinds'), {
      value: ['ApiError'],
    });
    expect(foreign instanceof ApiError).toBe(true);
    expect(isApiError(foreign, 'notEnoughBalance')).toBe(true);
    expect(foreign instanceof ValidationError).toBe(false);
    const plain = Object.assign(new Error('x'), { status: 402, code: 'notEnoughBalance' });
    expect(isApiError(plain)).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('keeps subclasses apart', () => {
    const validation = new ValidationError({ message: 'x' });
    expect(validation).toBeInstanceOf(ApiError);
    expect(new ApiError({ status: 400, message: 'x' })).not.toBeInstanceOf(ValidationError);
    expect(new NoRefreshTokenError()).toBeInstanceOf(SessionEndedError);
    expect(new SessionEndedError()).not.toBeInstanceOf(NoRefreshTokenError);
    expect(new SessionEndedError('x', 'me', { cause: 'why' }).cause).toBe('why');
  });
});

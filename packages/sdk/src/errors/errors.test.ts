import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODE,
  API_ERROR_CODES,
  ApiError,
  MalformedAnswerError,
  NetworkError,
  NoRefreshTokenError,
  SessionEndedError,
  TimeoutError,
  ValidationError,
  errorFromAnswer,
  isApiError,
} from './errors.js';
import { errorText, translateErrorMessage } from './catalogue.js';

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

  it('tolerates bodies that are not JSON or not the error shape, never showing them', () => {
    const html = errorFromAnswer(502, '<html>Bad gateway</html>', 'me');
    expect(html.message).toBe(
      'The shop could not answer right now (error 502). Please try again later.',
    );
    expect(html.code).toBe('unexpected_answer');
    expect(html.route).toBe('me');
    expect(html.retryable).toBe(true);
    const es = errorFromAnswer(503, '<html>Service Unavailable</html>', 'me', { locale: 'es' });
    expect(es.message).toBe(
      'La tienda no pudo responder en este momento (error 503). Inténtelo de nuevo más tarde.',
    );
    expect(errorFromAnswer(500, '').message).toBe(
      errorText('unexpected_answer', 'en', { status: 500 }),
    );
    const loose = errorFromAnswer(
      400,
      JSON.stringify({ message: 'Bad', code: 'x', data: 'not a record' }),
    );
    expect(loose.message).toBe('Bad');
    expect(loose.code).toBe('x');
    expect(loose.retryable).toBe(false);
    const odd = errorFromAnswer(422, JSON.stringify({ error: 'nope' }));
    expect(odd).toBeInstanceOf(ValidationError);
    expect(odd.message).toBe(errorText('unexpected_answer', 'en', { status: 422 }));
    expect(odd.message).not.toContain('nope');
  });

  it('translates errors.-prefixed messages into the call language (spec section 8)', () => {
    const body = JSON.stringify({
      message: 'errors.card_number_or_code_is_not_correct',
      code: 'card_number_or_code_is_not_correct',
    });
    expect(errorFromAnswer(400, body, 'addCard', { locale: 'es' }).message).toBe(
      errorText('card_number_or_code_is_not_correct', 'es'),
    );
    expect(errorFromAnswer(400, body).message).toBe('Card number or code is not correct');
    const unknown = errorFromAnswer(400, JSON.stringify({ message: 'errors.brand_new' }), 'me', {
      locale: 'es',
    });
    expect(unknown.message).toBe(errorText('unknown_error', 'es'));
    const fields = errorFromAnswer(
      422,
      JSON.stringify({ message: 'x', data: { promoCode: ['errors.promo_code_invalid'] } }),
      'updateOrder',
      { locale: 'es' },
    ) as ValidationError;
    expect(fields.fieldErrors.promoCode).toBe(errorText('promo_code_invalid', 'es'));
  });

  it('keeps the message of a code it does not know, or gives the generic text (a newer API)', () => {
    const newer = errorFromAnswer(
      409,
      JSON.stringify({ message: 'Basket frozen', code: 'basket_frozen' }),
    );
    expect(newer).toMatchObject({ code: 'basket_frozen', message: 'Basket frozen' });
    const bare = errorFromAnswer(409, JSON.stringify({ code: 'basket_frozen' }), 'me', {
      locale: 'es',
    });
    expect(bare).toMatchObject({
      code: 'basket_frozen',
      message: 'Algo salió mal. Inténtelo de nuevo.',
    });
  });

  it("names the pay input's fields as the pay input does: input.card, input.code (issue 20)", () => {
    const answer = (fields: Record<string, { code: string }[]>) =>
      errorFromAnswer(
        422,
        JSON.stringify({
          message: 'x',
          code: 'card_number_or_code_is_not_correct',
          data: Object.fromEntries(Object.keys(fields).map((k) => [k, ['text']])),
          fields,
        }),
        'payOrder',
      ) as ValidationError;
    // The API names a refused card `card`, a malformed security code `input.code`.
    const card = answer({ card: [{ code: 'card_number_or_code_is_not_correct' }] });
    expect(card.fieldCodes).toEqual({ 'input.card': 'card_number_or_code_is_not_correct' });
    expect(card.fieldErrors).toEqual({ 'input.card': 'text' });
    const code = answer({
      'input.code': [{ code: 'wrong_format' }],
      code: [{ code: 'no_active_card' }],
    });
    expect(code.fieldCodes).toEqual({ 'input.code': 'wrong_format', code: 'no_active_card' });
    const both = answer({
      card: [{ code: 'invalid_card_number' }],
      'input.code': [{ code: 'wrong_format' }],
    });
    expect(Object.keys(both.fieldCodes).sort()).toEqual(['input.card', 'input.code']);
    // Another route keeps its own names (add-card: number, code).
    const addCard = errorFromAnswer(
      422,
      JSON.stringify({ message: 'x', fields: { number: [{ code: 'invalid_card_number' }] } }),
      'addCard',
    ) as ValidationError;
    expect(addCard.fieldCodes).toEqual({ number: 'invalid_card_number' });
  });

  it('keeps the Retry-After it is given', () => {
    const busy = errorFromAnswer(
      429,
      JSON.stringify({ message: 'Slow down', code: 'too_many_requests' }),
      'me',
      {
        retryAfterMs: 30_000,
      },
    );
    expect(busy).toMatchObject({ retryAfterMs: 30_000, retryable: true });
  });
});

describe('errorText', () => {
  it('never throws: an unknown code gives the fallback, else the generic text', () => {
    expect(() => errorText('brand_new_code', 'en')).not.toThrow();
    expect(errorText('brand_new_code', 'en')).toBe('Something went wrong. Please try again.');
    expect(errorText('brand_new_code', 'es', undefined, 'Mensaje del servidor')).toBe(
      'Mensaje del servidor',
    );
    expect(errorText('brand_new_code', 'es', undefined, 'errors.also_new')).toBe(
      'Algo salió mal. Inténtelo de nuevo.',
    );
    expect(errorText('constructor', 'en')).toBe('Something went wrong. Please try again.');
    expect(errorText('too_long', 'fr' as 'en', { max: 3 })).toBe(
      errorText('too_long', 'en', { max: 3 }),
    );
  });

  it('reads the spec keys with the errors. prefix', () => {
    expect(errorText('errors.notEnoughBalance', 'en')).toBe(errorText('notEnoughBalance', 'en'));
    expect(errorText('errors.minimum_order', 'es', { qty: '$25.00' })).toBe(
      'Pedido mínimo de $25.00.',
    );
    expect(translateErrorMessage('errors.no_active_card', 'es')).toBe(
      errorText('no_active_card', 'es'),
    );
    expect(translateErrorMessage('Plain text', 'es')).toBe('Plain text');
  });
});

describe('error classes', () => {
  it('distinguishes session, refresh and malformed-answer errors', () => {
    const noRefresh = new NoRefreshTokenError('me');
    expect(noRefresh).toBeInstanceOf(SessionEndedError);
    expect(noRefresh.status).toBe(401);
    expect(noRefresh.route).toBe('me');
    expect(new SessionEndedError().message).toBe('Your session has ended. Please sign in again.');
    expect(new SessionEndedError(undefined, 'me', { locale: 'es' }).message).toBe(
      'Su sesión ha terminado. Inicie sesión de nuevo.',
    );
    expect(new NoRefreshTokenError('me', 'es').message).toBe(errorText('session_ended', 'es'));
    const malformed = new MalformedAnswerError('settings', 'companyName: expected string');
    expect(malformed.detail).toContain('settings');
    expect(malformed.route).toBe('settings');
    // An ApiError with its own code (issue 20): `catch (e) { if (isApiError(e)) ... }` sees it.
    expect(malformed).toBeInstanceOf(ApiError);
    expect(isApiError(malformed, 'malformed_answer')).toBe(true);
    expect(malformed.status).toBe(200);
    expect(new MalformedAnswerError('me', 'x', [], { status: 201, locale: 'es' })).toMatchObject({
      status: 201,
      message: errorText('malformed_answer', 'es'),
    });
    expect(isApiError(new Error('x'))).toBe(false);
    const timeout = new TimeoutError('me', 5000, 'es');
    expect(timeout).toBeInstanceOf(NetworkError);
    expect(timeout).toMatchObject({ code: 'timeout', status: 0, timeoutMs: 5000, retryable: true });
    expect(timeout.message).toBe(errorText('timeout', 'es'));
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

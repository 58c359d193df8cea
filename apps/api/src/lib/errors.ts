/**
 * HTTP errors of the API. Every code, its status and its English and Spanish text live in the
 * SDK's one error catalogue (`ERROR_CATALOGUE`); this module only builds errors from codes.
 * Handlers throw `HttpError`s (or `validationError` for 422); the error handler in app.ts answers
 * `{ message, code }` in the language of `Accept-Language`, and a 422 adds `data` (per-field
 * texts in that language) and `fields` (per-field codes with their params, same keys).
 */
import type { ERROR_CATALOGUE } from '@otc/sdk';
import { FIELD_ERRORS_MAX, errorStatus, errorText, localeOfAcceptLanguage, type ErrorCode, type ErrorParams } from '@otc/sdk';

export type Lang = 'en' | 'es';

/** Codes the API may answer with: every catalogue code but those only clients raise. */
export type ApiCode = {
  [K in ErrorCode]: (typeof ERROR_CATALOGUE)[K] extends { readonly clientOnly: true } ? never : K;
}[ErrorCode];

export type { ErrorCode, ErrorParams };

/** One field's failure: a catalogue code and its params (`{ code: 'too_long', params: { max: 200 } }`). */
export interface FieldIssue {
  readonly code: ErrorCode;
  readonly params?: ErrorParams | undefined;
}

/** Failures per field, with dotted keys such as `rows.1.amount`. */
export type FieldIssues = Record<string, readonly FieldIssue[]>;

/** The text of a code in a language, params filled in. */
export function message(code: ErrorCode, lang: Lang, params?: ErrorParams): string {
  return errorText(code, lang, params);
}

/** One field issue of a code (an SDK validator's issue `{ code, message, params? }` is one already). */
export function issue(code: ErrorCode, params?: ErrorParams): FieldIssue {
  return params ? { code, params } : { code };
}

/**
 * The per-field texts (`data`) and codes (`fields`) of a 422 answer, same keys, same order; at
 * most `FIELD_ERRORS_MAX` issues, as for schema failures (app.ts), then `truncated: true`.
 */
export function fieldAnswer(fields: FieldIssues, lang: Lang) {
  const data: Record<string, string[]> = {};
  const codes: Record<string, FieldIssue[]> = {};
  let room = FIELD_ERRORS_MAX;
  let truncated = false;
  for (const [key, list] of Object.entries(fields)) {
    const kept = list.slice(0, Math.max(room, 0));
    truncated ||= kept.length < list.length;
    if (kept.length === 0) continue;
    room -= kept.length;
    data[key] = kept.map((i) => errorText(i.code, lang, i.params));
    codes[key] = kept.map((i) => issue(i.code, i.params));
  }
  return { data, fields: codes, ...(truncated ? { truncated: true } : {}) };
}

/** The first supported language of an Accept-Language header (English by default): the SDK's rule. */
export function pickLanguage(header: string | string[] | undefined): Lang {
  return localeOfAcceptLanguage(header);
}

export interface HttpErrorOptions {
  /** Params of the code's text, e.g. `{ seconds: 42 }`. */
  params?: ErrorParams | undefined;
  /** 422: per-field codes (answered as `data` texts and `fields` codes). */
  fields?: FieldIssues | undefined;
  /** Extra members of the answer, e.g. `{ retryAfter: 42 }`. */
  extra?: Record<string, unknown> | undefined;
}

/** An error answered as `{ message, code, ... }` with the catalogue's status of its code. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly params: ErrorParams | undefined;
  readonly fields: FieldIssues | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly code: ApiCode,
    options: HttpErrorOptions = {},
  ) {
    super(errorText(code, 'en', options.params));
    this.name = 'HttpError';
    this.statusCode = errorStatus(code);
    this.params = options.params;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}

export const errors = {
  unauthorized: () => new HttpError('unauthorized'),
  invalidCredentials: () => new HttpError('invalid_credentials'),
  notFound: (code: 'not_found' | 'account_not_found' = 'not_found') => new HttpError(code),
  conflict: (code: ApiCode = 'conflict') => new HttpError(code),
  tooManyRequests: (code: ApiCode, params?: Record<string, number>) =>
    new HttpError(code, { params, extra: params }),
};

/**
 * A 422 `validation_failed` with per-field codes, e.g.
 * `validationError({ password: [issue('passwords_dont_match')], name: [issue('too_long', { max: 200 })] })`.
 */
export function validationError(fields: FieldIssues): HttpError {
  return new HttpError('validation_failed', { fields });
}

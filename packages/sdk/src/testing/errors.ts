/**
 * Error answers of the test shop, in the API's shape: `{ message, code }` with the catalogue's
 * text in the request's language and the catalogue's status; a 422 adds `data` (per-field texts)
 * and `fields` (per-field `{ code, params? }`), at most `FIELD_ERRORS_MAX` of them, then
 * `truncated: true`; a 429 carries `Retry-After`.
 */
import { FIELD_ERRORS_MAX, type Locale } from '../constants/index.js';
import {
  errorStatus,
  errorText,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
} from '../errors/catalogue.js';
import { fieldIssueFromZod } from '../validation/field-issue.js';

export interface TestFieldIssue {
  readonly code: ErrorCode;
  readonly params?: ErrorParams | undefined;
}

export type TestFieldIssues = Record<string, readonly TestFieldIssue[]>;

export interface TestShopErrorOptions {
  params?: ErrorParams | undefined;
  fields?: TestFieldIssues | undefined;
  /** Extra members of the answer, e.g. `{ retryAfter: 42 }`. */
  extra?: Record<string, unknown> | undefined;
  /** Only for codes outside the catalogue (`not_implemented`). */
  status?: number | undefined;
  /** Only for codes outside the catalogue: the text, in every language. */
  message?: string | undefined;
}

/** An error a route of the test shop answers with (thrown by the route implementations). */
export class TestShopError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode | 'not_implemented',
    readonly options: TestShopErrorOptions = {},
  ) {
    super(isErrorCode(code) ? errorText(code, 'en', options.params) : (options.message ?? code));
    this.name = 'TestShopError';
    this.status = options.status ?? (isErrorCode(code) ? errorStatus(code) : 500);
  }
}

export function issue(code: ErrorCode, params?: ErrorParams): TestFieldIssue {
  return params ? { code, params } : { code };
}

/** A 422 `validation_failed` naming fields: `invalid({ amount: [issue('cannot_add_more')] })`. */
export function invalid(fields: TestFieldIssues): TestShopError {
  return new TestShopError('validation_failed', { fields });
}

/** The body of an error answer in a language. */
export function errorAnswerBody(error: TestShopError, locale: Locale): Record<string, unknown> {
  const message = isErrorCode(error.code)
    ? errorText(error.code, locale, error.options.params)
    : error.message;
  const body: Record<string, unknown> = { ...(error.options.extra ?? {}), message, code: error.code };
  if (error.options.fields) {
    const data: Record<string, string[]> = {};
    const fields: Record<string, TestFieldIssue[]> = {};
    let room = FIELD_ERRORS_MAX;
    let truncated = false;
    for (const [key, list] of Object.entries(error.options.fields)) {
      const kept = list.slice(0, Math.max(room, 0));
      truncated ||= kept.length < list.length;
      if (kept.length === 0) continue;
      room -= kept.length;
      data[key] = kept.map((i) => errorText(i.code, locale, i.params));
      fields[key] = kept.map((i) => issue(i.code, i.params));
    }
    Object.assign(body, { data, fields }, truncated ? { truncated: true } : {});
  }
  return body;
}

function valueAt(source: unknown, path: readonly PropertyKey[]): unknown {
  let value = source;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The 422 of input that failed a contract schema, as the API answers it: each zod issue becomes
 * a catalogue code through the SDK's one mapping (`fieldIssueFromZod`), keyed by its dotted path
 * (or the part of the request, `body`, `params`, `querystring`, for the whole).
 */
export function schemaError(
  issues: ReadonlyArray<{ code: string; path: readonly PropertyKey[]; message: string } & Record<string, unknown>>,
  source: unknown,
  part: 'params' | 'querystring' | 'body',
): TestShopError {
  const fields: Record<string, TestFieldIssue[]> = {};
  for (const found of issues) {
    const key = found.path.map(String).join('.') || part;
    const field = fieldIssueFromZod({ ...found, input: valueAt(source, found.path) });
    (fields[key] ??= []).push(field);
  }
  return new TestShopError('validation_failed', { fields });
}

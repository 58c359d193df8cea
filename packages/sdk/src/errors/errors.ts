import type { Locale } from '../constants/index.js';
import { errorBodySchema } from '../schemas/common.js';

import {
  ERROR_CODES,
  errorText,
  translateErrorMessage,
  type ErrorCode,
  type ErrorParams,
} from './catalogue.js';

/** Every code of the error catalogue (see `ERROR_CATALOGUE`). */
export const API_ERROR_CODES = ERROR_CODES;
export type ApiErrorCode = ErrorCode;
/** The codes by name, e.g. `API_ERROR_CODE.notEnoughBalance`. */
export const API_ERROR_CODE = Object.fromEntries(ERROR_CODES.map((c) => [c, c])) as {
  readonly [K in ErrorCode]: K;
};

/**
 * The brand every SDK error carries: the list of the SDK error classes it is an instance of.
 * `Symbol.for` is shared by every copy of the SDK loaded in one process (the CJS and the ESM
 * build, two bundles), so `instanceof ApiError` and `isApiError` hold across copies.
 */
const ERROR_KINDS = Symbol.for('@otc/sdk:error-kinds');

interface ErrorClass {
  readonly kind: string;
}

function kindsOf(value: unknown): readonly string[] {
  if (typeof value !== 'object' || value === null) return [];
  const kinds = (value as { [ERROR_KINDS]?: unknown })[ERROR_KINDS];
  return Array.isArray(kinds) ? (kinds as string[]) : [];
}

function brand(instance: object, target: unknown): void {
  const kinds: string[] = [];
  for (let c = target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
    if (Object.prototype.hasOwnProperty.call(c, 'kind'))
      kinds.push((c as unknown as ErrorClass).kind);
  }
  Object.defineProperty(instance, ERROR_KINDS, { value: kinds, enumerable: false });
}

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: string | undefined;
  data?: unknown;
  route?: string | undefined;
  /** The error this one wraps (a fetch `TypeError`, the refused refresh). */
  cause?: unknown;
  /** How long the API asked to wait before trying again (its `Retry-After`), in ms. */
  retryAfterMs?: number | undefined;
}

/** Statuses worth another try of the same request later: busy (429) or a gateway in between. */
export const RETRYABLE_STATUSES: readonly number[] = [429, 502, 503, 504];

/**
 * A failed call: a non-2xx answer of the API, or a client-side failure with a catalogue code
 * (`network_error`, `session_ended`). `code` is one of {@link API_ERROR_CODES} when known.
 * `instanceof` works across the CJS and ESM builds (see the brand above).
 */
export class ApiError extends Error {
  static readonly kind: string = 'ApiError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindsOf(value).includes((this as unknown as ErrorClass).kind);
  }

  override name = 'ApiError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** Typed as the known codes for autocompletion; an unknown code may still arrive. */
  readonly code: ApiErrorCode | (string & {}) | undefined;
  readonly data: unknown;
  /** The contract name of the call that failed, e.g. `setItems`. */
  readonly route: string | undefined;
  /** How long the API asked to wait before another try (its `Retry-After`), in ms, if it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    brand(this, new.target);
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.route = init.route;
    this.retryAfterMs = init.retryAfterMs;
  }

  /**
   * Whether the same request may succeed if tried again later, unchanged: no answer arrived
   * (network failure, timeout), or the API was busy or behind a failing gateway
   * (429, 502, 503, 504). The client already retried what it safely could (see `retry`).
   */
  get retryable(): boolean {
    return this.status === 0
      ? this.code === 'network_error' || this.code === 'timeout'
      : RETRYABLE_STATUSES.includes(this.status);
  }
}

/** One field's failure as the API sends it under `fields`: a catalogue code and its parameters. */
export interface ApiFieldIssue {
  code: ApiErrorCode | (string & {});
  params?: ErrorParams;
}

/**
 * Roots whose members are named fields of one form, reported under their own names: the pay
 * input's `input.card` and `input.code` (never grouped as `input`).
 */
const NAMED_FIELD_ROOTS: readonly string[] = ['input'];

/**
 * Splits `rows.0.amount` / `rows[0].amount` into its root and first index; `input.code` (a
 * named field of the pay input) keeps its two parts as its root.
 */
function splitKey(key: string): { root: string; index: number | undefined } {
  const parts = key.split(/[.[\]]+/).filter((p) => p !== '');
  const first = parts[0] ?? key;
  const second = parts[1];
  const index = second !== undefined && /^\d+$/.test(second) ? Number(second) : undefined;
  if (second !== undefined && index === undefined && NAMED_FIELD_ROOTS.includes(first)) {
    return { root: `${first}.${second}`, index: undefined };
  }
  return { root: first, index };
}

function isParams(value: unknown): value is ErrorParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}

/**
 * Reads the `fields` member of a 422 body (`{ key: [{ code, params? }] }`) defensively: entries
 * that are not of that shape are skipped, never thrown on.
 */
export function readFieldIssues(value: unknown): Record<string, ApiFieldIssue[]> {
  const out: Record<string, ApiFieldIssue[]> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    const issues: ApiFieldIssue[] = [];
    for (const item of list as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { code, params } = item as { code?: unknown; params?: unknown };
      if (typeof code !== 'string') continue;
      issues.push(isParams(params) ? { code, params } : { code });
    }
    if (issues.length > 0) out[key] = issues;
  }
  return out;
}

export interface ValidationErrorInit extends Omit<ApiErrorInit, 'status' | 'data'> {
  /** Texts per field in the request's language (`data` of the answer). */
  data?: Record<string, string[]>;
  /** Codes per field (`fields` of the answer), same keys as `data`. */
  fields?: Record<string, ApiFieldIssue[]>;
}

/**
 * A 422 answer: `{ message, data: { field: [messages] }, fields: { field: [{ code, params }] } }`.
 * `fieldErrors` holds the first message per field and `fieldCodes` the first code, with dotted
 * and indexed keys grouped under their root (`rows.0.amount` and `rows.1.amount` under `rows`);
 * `rowIndexes` lists, per root, the indexes that failed. Branch on `fieldCodes`, show
 * `fieldErrors` (or the catalogue's text of the code).
 */
export class ValidationError extends ApiError {
  static override readonly kind: string = 'ValidationError';
  override name = 'ValidationError';
  override readonly data: Record<string, string[]>;
  readonly fieldErrors: Record<string, string>;
  readonly fieldMessages: Record<string, string[]>;
  /** First code per grouped root, e.g. `{ rows: 'cannot_add_more', name: 'too_long' }`. */
  readonly fieldCodes: Record<string, ApiErrorCode | (string & {})>;
  /** Every issue per grouped root, in the answer's order, with its parameters. */
  readonly fieldIssues: Record<string, ApiFieldIssue[]>;
  readonly rowIndexes: Record<string, number[]>;

  constructor(init: ValidationErrorInit) {
    super({ ...init, status: 422 });
    this.data = init.data ?? {};
    const fieldErrors: Record<string, string> = {};
    const fieldMessages: Record<string, string[]> = {};
    const fieldCodes: Record<string, string> = {};
    const fieldIssues: Record<string, ApiFieldIssue[]> = {};
    const rowIndexes: Record<string, number[]> = {};
    const noteIndex = (root: string, index: number | undefined) => {
      if (index === undefined) return;
      const indexes = (rowIndexes[root] ??= []);
      if (!indexes.includes(index)) indexes.push(index);
    };
    for (const [key, messages] of Object.entries(this.data)) {
      const { root, index } = splitKey(key);
      const list = (fieldMessages[root] ??= []);
      list.push(...messages);
      const first = messages[0];
      if (fieldErrors[root] === undefined && first !== undefined) fieldErrors[root] = first;
      noteIndex(root, index);
    }
    for (const [key, issues] of Object.entries(init.fields ?? {})) {
      const { root, index } = splitKey(key);
      const list = (fieldIssues[root] ??= []);
      list.push(...issues);
      const first = issues[0];
      if (fieldCodes[root] === undefined && first !== undefined) fieldCodes[root] = first.code;
      noteIndex(root, index);
    }
    for (const indexes of Object.values(rowIndexes)) indexes.sort((a, b) => a - b);
    this.fieldErrors = fieldErrors;
    this.fieldMessages = fieldMessages;
    this.fieldCodes = fieldCodes;
    this.fieldIssues = fieldIssues;
    this.rowIndexes = rowIndexes;
  }
}

/**
 * No answer arrived: the network failed (offline, DNS, refused connection, CORS). `status` is 0,
 * `code` is `network_error`, the message is the catalogue's text in the call's language, and
 * `cause` holds what `fetch` threw (usually a `TypeError`). A call cancelled through its
 * `signal` is not a NetworkError: the abort error is thrown as is.
 */
export class NetworkError extends ApiError {
  static override readonly kind: string = 'NetworkError';
  override name = 'NetworkError';
  constructor(route: string | undefined, cause: unknown, locale: Locale = 'en') {
    super({
      status: 0,
      code: 'network_error',
      message: errorText('network_error', locale),
      route,
      cause,
    });
  }
}

/**
 * No answer within the client's `timeoutMs` (per try): the request was abandoned. A
 * {@link NetworkError} with `code` `timeout`; `timeoutMs` says how long it waited.
 */
export class TimeoutError extends NetworkError {
  static override readonly kind: string = 'TimeoutError';
  override name = 'TimeoutError';
  override readonly code = 'timeout';
  readonly timeoutMs: number;
  constructor(route: string | undefined, timeoutMs: number, locale: Locale = 'en') {
    super(route, undefined, locale);
    this.message = errorText('timeout', locale);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The session is over (the refresh token was refused with a 401, or a retried call was still
 * 401); tokens are cleared. `code` is `session_ended`, the message the catalogue's text in the
 * call's language; `cause` holds the error that ended it (the refused refresh answer, or the
 * second 401).
 */
export class SessionEndedError extends ApiError {
  static override readonly kind: string = 'SessionEndedError';
  override name = 'SessionEndedError';
  constructor(
    message?: string,
    route?: string,
    options?: { cause?: unknown; locale?: Locale | undefined },
  ) {
    super({
      status: 401,
      code: 'session_ended',
      message: message ?? errorText('session_ended', options?.locale ?? 'en'),
      route,
      cause: options?.cause,
    });
  }
}

/** A refresh was needed but no refresh token is stored. Also a {@link SessionEndedError}. */
export class NoRefreshTokenError extends SessionEndedError {
  static override readonly kind: string = 'NoRefreshTokenError';
  override name = 'NoRefreshTokenError';
  constructor(route?: string, locale?: Locale) {
    super(undefined, route, { locale });
  }
}

/**
 * A 2xx answer that breaks the contract (not JSON, or not the route's schema). An
 * {@link ApiError} with `code` `malformed_answer` and the answer's `status`; the message is the
 * catalogue's text in the call's language, `detail` says what broke (English, for logs) and
 * `issues` holds the schema's issues.
 */
export class MalformedAnswerError extends ApiError {
  static override readonly kind: string = 'MalformedAnswerError';
  override name = 'MalformedAnswerError';
  override readonly code = 'malformed_answer';
  override readonly route: string;
  /** What broke, for logs: `Malformed answer to settings: minimumOrder: ...`. */
  readonly detail: string;
  readonly issues: unknown;
  constructor(
    route: string,
    detail: string,
    issues?: unknown,
    options?: { status?: number; locale?: Locale | undefined },
  ) {
    super({
      status: options?.status ?? 200,
      code: 'malformed_answer',
      message: errorText('malformed_answer', options?.locale ?? 'en'),
      route,
    });
    this.route = route;
    this.detail = `Malformed answer to ${route}: ${detail}`;
    this.issues = issues;
  }
}

/**
 * Whether `e` is an {@link ApiError} (of any copy of the SDK: CJS or ESM build), optionally
 * with the given code.
 */
export function isApiError(e: unknown, code?: ApiErrorCode | (string & {})): e is ApiError {
  return e instanceof ApiError && (code === undefined || e.code === code);
}

/** Options of {@link errorFromAnswer}. */
export interface ErrorFromAnswerOptions {
  /** The call's language: of the texts the SDK writes itself, and of `errors.` keys. */
  locale?: Locale | undefined;
  /** The answer's `Retry-After`, in ms. */
  retryAfterMs?: number | undefined;
}

/**
 * Field names of a route's 422 as the request names them, where the API's differ: the pay
 * answer names the typed card number `card`, the pay input sends it as `input.card` (beside
 * `input.code`, the security code, and `code`, the payment method).
 */
const FIELD_RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  payOrder: { card: 'input.card' },
};

function renameKeys<T>(
  record: Record<string, T>,
  renames: Readonly<Record<string, string>> | undefined,
) {
  if (!renames) return record;
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(record)) out[renames[key] ?? key] = value;
  return out;
}

/**
 * Builds the error of a non-2xx answer from its status and body text (JSON or not).
 * - The API's JSON error: its `message` (already in the request's language) and `code`; a
 *   message that is a spec key (`errors.<code>`) is translated into `locale`; a code this SDK
 *   does not know keeps the answer's message, or gets the generic text when it has none.
 * - Anything else (a proxy's HTML page, an empty body): the code `unexpected_answer` and its
 *   text with the status, in `locale`; the body is never shown.
 * - 422: a {@link ValidationError}; field keys renamed to the request's (`card` of a pay answer
 *   is `input.card`).
 */
export function errorFromAnswer(
  status: number,
  bodyText: string,
  route?: string,
  options: ErrorFromAnswerOptions = {},
): ApiError {
  const locale = options.locale ?? 'en';
  let json: unknown;
  try {
    json = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  let message: string | undefined;
  let code: string | undefined;
  if (parsed.success) {
    message = parsed.data.message;
    code = parsed.data.code;
  } else if (json && typeof json === 'object' && !Array.isArray(json)) {
    const loose = json as { message?: unknown; code?: unknown };
    if (typeof loose.message === 'string') message = loose.message;
    if (typeof loose.code === 'string') code = loose.code;
  }
  if (message !== undefined && message.trim() !== '') {
    message = translateErrorMessage(message, locale);
  } else if (code !== undefined) {
    message = errorText(code, locale);
  } else {
    code = 'unexpected_answer';
    message = errorText('unexpected_answer', locale, { status });
  }
  const renames = route ? FIELD_RENAMES[route] : undefined;
  if (status === 422) {
    const fields =
      json && typeof json === 'object' ? (json as { fields?: unknown }).fields : undefined;
    const data = parsed.success ? parsed.data.data : undefined;
    return new ValidationError({
      message,
      code,
      route,
      data: data
        ? renameKeys(
            Object.fromEntries(
              Object.entries(data).map(([k, list]) => [
                k,
                list.map((m) => translateErrorMessage(m, locale)),
              ]),
            ),
            renames,
          )
        : undefined,
      fields: renameKeys(readFieldIssues(fields), renames),
      retryAfterMs: options.retryAfterMs,
    });
  }
  return new ApiError({
    status,
    message,
    code,
    route,
    data: json,
    retryAfterMs: options.retryAfterMs,
  });
}

import { errorBodySchema } from '../schemas/common.js';

import { ERROR_CODES, type ErrorCode, type ErrorParams } from './catalogue.js';

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
}

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

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    brand(this, new.target);
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.route = init.route;
  }
}

/** One field's failure as the API sends it under `fields`: a catalogue code and its parameters. */
export interface ApiFieldIssue {
  code: ApiErrorCode | (string & {});
  params?: ErrorParams;
}

/** Splits `rows.0.amount` / `rows[0].amount` into its root and first index. */
function splitKey(key: string): { root: string; index: number | undefined } {
  const parts = key.split(/[.[\]]+/).filter((p) => p !== '');
  const root = parts[0] ?? key;
  const second = parts[1];
  const index = second !== undefined && /^\d+$/.test(second) ? Number(second) : undefined;
  return { root, index };
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
 * `code` is `network_error`, and `cause` holds what `fetch` threw (usually a `TypeError`).
 * A call cancelled through its `signal` is not a NetworkError: the abort error is thrown as is.
 */
export class NetworkError extends ApiError {
  static override readonly kind: string = 'NetworkError';
  override name = 'NetworkError';
  constructor(route: string | undefined, cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super({
      status: 0,
      code: 'network_error',
      message: `Network failure calling ${route ?? 'the API'}: ${detail}`,
      route,
      cause,
    });
  }
}

/**
 * The session is over (refresh refused or a retried call was still 401); tokens are cleared.
 * `code` is `session_ended`; `cause` holds the error that ended it (the refused refresh answer,
 * or the second 401).
 */
export class SessionEndedError extends ApiError {
  static override readonly kind: string = 'SessionEndedError';
  override name = 'SessionEndedError';
  constructor(message = 'The session has ended', route?: string, options?: { cause?: unknown }) {
    super({ status: 401, code: 'session_ended', message, route, cause: options?.cause });
  }
}

/** A refresh was needed but no refresh token is stored. Also a {@link SessionEndedError}. */
export class NoRefreshTokenError extends SessionEndedError {
  static override readonly kind: string = 'NoRefreshTokenError';
  override name = 'NoRefreshTokenError';
  constructor(route?: string) {
    super('No refresh token to refresh the session with', route);
  }
}

/** A 2xx answer that does not match the contract's response schema. */
export class MalformedAnswerError extends Error {
  override name = 'MalformedAnswerError';
  /** Always `malformed_answer` (a client-only catalogue code). */
  readonly code = 'malformed_answer';
  readonly route: string;
  readonly issues: unknown;
  constructor(route: string, detail: string, issues?: unknown) {
    super(`Malformed answer to ${route}: ${detail}`);
    this.route = route;
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

/** Builds the error of a non-2xx answer from its status and body text (JSON or not). */
export function errorFromAnswer(status: number, bodyText: string, route?: string): ApiError {
  let json: unknown;
  try {
    json = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  const fallbackMessage = bodyText.trim().slice(0, 200) || `Request failed with status ${status}`;
  let message = fallbackMessage;
  let code: string | undefined;
  if (parsed.success) {
    message = parsed.data.message;
    code = parsed.data.code;
  } else if (json && typeof json === 'object') {
    const loose = json as { message?: unknown; code?: unknown };
    if (typeof loose.message === 'string') message = loose.message;
    if (typeof loose.code === 'string') code = loose.code;
  }
  if (status === 422) {
    const fields =
      json && typeof json === 'object' ? (json as { fields?: unknown }).fields : undefined;
    return new ValidationError({
      message,
      code,
      route,
      data: parsed.success ? parsed.data.data : undefined,
      fields: readFieldIssues(fields),
    });
  }
  return new ApiError({ status, message, code, route, data: json });
}

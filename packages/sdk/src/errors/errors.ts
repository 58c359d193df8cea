import { errorBodySchema } from '../schemas/common.js';

/** Error codes the API answers with (spec section 8, plus the ones the shop's flows need). */
export const API_ERROR_CODES = [
  'card_number_or_code_is_not_correct',
  'card_already_in_system',
  'limitReached',
  'low_rate',
  'notEnoughBalance',
  'no_active_card',
  'invalid_promo_code',
  'minimum_order',
  'order_has_issues',
  'profile_incomplete',
  'invalid_credentials',
  'code_invalid',
  'code_expired',
  'too_many_attempts',
  'resend_too_soon',
  'primary_cannot_be_removed',
  'not_found',
  'unauthorized',
  'validation_failed',
  'payment_methods_unavailable',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
/** The codes by name, e.g. `API_ERROR_CODE.notEnoughBalance`. */
export const API_ERROR_CODE = Object.fromEntries(API_ERROR_CODES.map((c) => [c, c])) as {
  readonly [K in ApiErrorCode]: K;
};

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: string | undefined;
  data?: unknown;
  route?: string | undefined;
}

/** A non-2xx answer of the API. `code` is one of {@link API_ERROR_CODES} when the API sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** Typed as the known codes for autocompletion; an unknown code may still arrive. */
  readonly code: ApiErrorCode | (string & {}) | undefined;
  readonly data: unknown;
  /** The contract name of the call that failed, e.g. `setItems`. */
  readonly route: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.route = init.route;
  }
}

/** Splits `rows.0.amount` / `rows[0].amount` into its root and first index. */
function splitKey(key: string): { root: string; index: number | undefined } {
  const parts = key.split(/[.[\]]+/).filter((p) => p !== '');
  const root = parts[0] ?? key;
  const second = parts[1];
  const index = second !== undefined && /^\d+$/.test(second) ? Number(second) : undefined;
  return { root, index };
}

/**
 * A 422 answer: `{ message, data: { field: [messages] } }`. `fieldErrors` holds the first message
 * per field, with dotted and indexed keys grouped under their root (`rows.0.amount` and
 * `rows.1.amount` under `rows`); `rowIndexes` lists, per root, the indexes that failed.
 */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  override readonly data: Record<string, string[]>;
  readonly fieldErrors: Record<string, string>;
  readonly fieldMessages: Record<string, string[]>;
  readonly rowIndexes: Record<string, number[]>;

  constructor(init: Omit<ApiErrorInit, 'status' | 'data'> & { data?: Record<string, string[]> }) {
    super({ ...init, status: 422 });
    this.data = init.data ?? {};
    const fieldErrors: Record<string, string> = {};
    const fieldMessages: Record<string, string[]> = {};
    const rowIndexes: Record<string, number[]> = {};
    for (const [key, messages] of Object.entries(this.data)) {
      const { root, index } = splitKey(key);
      const list = (fieldMessages[root] ??= []);
      list.push(...messages);
      const first = messages[0];
      if (fieldErrors[root] === undefined && first !== undefined) fieldErrors[root] = first;
      if (index !== undefined) {
        const indexes = (rowIndexes[root] ??= []);
        if (!indexes.includes(index)) indexes.push(index);
      }
    }
    for (const indexes of Object.values(rowIndexes)) indexes.sort((a, b) => a - b);
    this.fieldErrors = fieldErrors;
    this.fieldMessages = fieldMessages;
    this.rowIndexes = rowIndexes;
  }
}

/** The session is over (refresh failed or a retried call was still 401); tokens are cleared. */
export class SessionEndedError extends ApiError {
  override name = 'SessionEndedError';
  constructor(message = 'The session has ended', route?: string) {
    super({ status: 401, code: 'unauthorized', message, route });
  }
}

/** A refresh was needed but no refresh token is stored. Also a {@link SessionEndedError}. */
export class NoRefreshTokenError extends SessionEndedError {
  override name = 'NoRefreshTokenError';
  constructor(route?: string) {
    super('No refresh token to refresh the session with', route);
  }
}

/** A 2xx answer that does not match the contract's response schema. */
export class MalformedAnswerError extends Error {
  override name = 'MalformedAnswerError';
  readonly route: string;
  readonly issues: unknown;
  constructor(route: string, detail: string, issues?: unknown) {
    super(`Malformed answer to ${route}: ${detail}`);
    this.route = route;
    this.issues = issues;
  }
}

/** Whether `e` is an {@link ApiError}, optionally with the given code. */
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
    return new ValidationError({
      message,
      code,
      route,
      data: parsed.success ? parsed.data.data : undefined,
    });
  }
  return new ApiError({ status, message, code, route, data: json });
}

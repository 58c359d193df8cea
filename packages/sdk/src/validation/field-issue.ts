import { isErrorCode, type ErrorCode, type ErrorParams } from '../errors/catalogue.js';

/** What a field failed on: a catalogue code and the params of its text. */
export interface ZodFieldIssue {
  code: ErrorCode;
  params?: ErrorParams;
}

/**
 * The parts of a zod issue (`z.core.$ZodIssue`) read here. `input` is present when the issue was
 * made with `{ reportInput: true }` (or filled in by the caller from the value at `path`); it is
 * what tells a missing value from a wrong type.
 */
export interface ZodIssueLike {
  readonly code: string;
  readonly message?: string | undefined;
  readonly input?: unknown;
  readonly origin?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly params?: unknown;
}

function textParams(value: unknown): ErrorParams | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function isMissing(issue: ZodIssueLike): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  // Without the input, zod's English messages still say "received undefined".
  return /received (undefined|null)/.test(issue.message ?? '');
}

/**
 * The catalogue code of one zod issue, the ONE mapping shared by the API's 422 answers and the
 * forms: a schema check of ours fails with a catalogue code as its message
 * (`{ error: 'password_not_complex' }`), used as is with the issue's `params`; otherwise a missing
 * value, or an empty string where a format is asked, is `required`, an empty string where one character is the minimum `not_blank`, a string
 * over its maximum `too_long` with `{ max }`, a list over its maximum `too_many_items` with
 * `{ max }`, and anything else `wrong_format`.
 */
export function fieldIssueFromZod(issue: ZodIssueLike): ZodFieldIssue {
  if (issue.message && isErrorCode(issue.message)) {
    const params = textParams(issue.params);
    return params ? { code: issue.message, params } : { code: issue.message };
  }
  if (issue.code === 'invalid_type' && isMissing(issue)) return { code: 'required' };
  // Nothing typed where a format is asked (a security code, a date): "Required", not "wrong format".
  if (issue.code === 'invalid_format' && typeof issue.input === 'string' && issue.input.trim() === '') {
    return { code: 'required' };
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) {
    return { code: 'not_blank' };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return { code: 'too_long', params: { max: Number(issue.maximum) } };
  }
  if (issue.code === 'too_big' && issue.origin === 'array') {
    return { code: 'too_many_items', params: { max: Number(issue.maximum) } };
  }
  return { code: 'wrong_format' };
}

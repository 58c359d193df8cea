// Texts of the SDK's ONE error catalogue (`errorText`) for forms and failed calls. Forms branch
// on codes (a validator issue's `code`, a 422's `fieldCodes`) and only show the text, in the
// page's language; nothing here matches English text.
import { errorText, isErrorCode, type ErrorParams } from '@otc/sdk';
import type { FieldFailure, SdkQueryError } from './api';
import type { Locale } from './locale';

/** A field's failure as forms keep it: a catalogue code (and params), its text as a fallback. */
export interface FieldProblem {
  /** Absent when only the API's text is known. */
  code?: string;
  params?: ErrorParams;
  /** The text that came with it (the validator's English, or the API's `data` text). */
  message?: string;
}

const UNFILLED = /\{\w+\}/;

/** The text of a field failure in `locale`: the catalogue's, else the text it came with. */
export function problemText(locale: Locale, problem: FieldProblem): string {
  if (isErrorCode(problem.code)) {
    const text = errorText(problem.code, locale, problem.params);
    if (!UNFILLED.test(text) || !problem.message) return text;
  }
  return problem.message ?? problem.code ?? '';
}

/**
 * A 422's field failures for the fields a form has: the codes of `fieldCodes`; a field the API
 * named without a code keeps the API's text (an SDK build without `fieldCodes`).
 */
export function serverFieldProblems<K extends string>(
  fields: readonly K[],
  error: SdkQueryError | undefined,
): Partial<Record<K, FieldProblem>> {
  const codes: Record<string, FieldFailure> = error?.fieldCodes ?? {};
  const texts = error?.fieldErrors ?? {};
  const out: Partial<Record<K, FieldProblem>> = {};
  for (const field of fields) {
    const failure = codes[field];
    const message = texts[field];
    if (failure) out[field] = { ...failure, ...(message ? { message } : {}) };
    else if (message) out[field] = { message };
  }
  return out;
}

/** Why a call failed, for a person: the catalogue's text of its code (network trouble included). */
export function apiErrorText(locale: Locale, error: SdkQueryError | undefined): string {
  if (!error || error.status === 'FETCH_ERROR') return errorText('network_error', locale);
  if (error.code && isErrorCode(error.code)) {
    const text = errorText(error.code, locale);
    if (!UNFILLED.test(text)) return text;
  }
  if (error.status >= 500) return errorText('server_error', locale);
  return error.message || errorText('server_error', locale);
}

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
 * THE texts of a failed call's fields, in `locale`: per field the catalogue's text of its code
 * (with its parameters), else the API's text. Every place that shows a 422's fields (a form's
 * fields, checkout's "Error placing order" lines) reads them here.
 */
export function fieldFailureTexts(
  locale: Locale,
  error: SdkQueryError | undefined,
): Record<string, string> {
  const codes: Record<string, FieldFailure> = error?.fieldCodes ?? {};
  const texts = error?.fieldErrors ?? {};
  const out: Record<string, string> = {};
  for (const field of new Set([...Object.keys(codes), ...Object.keys(texts)])) {
    const failure = codes[field];
    const message = texts[field];
    out[field] = problemText(locale, {
      ...(failure ?? {}),
      ...(message ? { message } : {}),
    });
  }
  return out;
}

/**
 * A failed call as lines for a person: why it failed, then one line per field named by
 * `fieldName` ("Card number: Card number or code is not correct"), the reason not repeated.
 */
export function failureLines(
  locale: Locale,
  error: SdkQueryError,
  fieldName: (field: string) => string,
): string[] {
  const lines = Object.entries(fieldFailureTexts(locale, error)).map(
    ([field, text]) => `${fieldName(field)}: ${text}`,
  );
  // "The given data was invalid." says nothing a field's own line does not say better.
  if (error.code === 'validation_failed' && lines.length > 0) return lines;
  const main = apiErrorText(locale, error);
  if (!lines.some((line) => line.endsWith(main))) lines.unshift(main);
  return lines;
}

/**
 * Why a call failed as a catalogue code and its figures: `network_error` when no answer came, the
 * answer's code (its figures, {limit}, {left}..., from its field issue), or null for a code the
 * catalogue does not know.
 */
export function callFailure(error: SdkQueryError | undefined): FieldFailure | null {
  if (!error || error.status === 'FETCH_ERROR') return { code: 'network_error' };
  if (!error.code || !isErrorCode(error.code)) return null;
  const code = error.code;
  const params = Object.values(error.fieldCodes ?? {}).find((failure) => failure.code === code)?.params;
  return params ? { code, params } : { code };
}

/** Why a call failed, for a person: the catalogue's text of its code (network trouble included). */
export function apiErrorText(locale: Locale, error: SdkQueryError | undefined): string {
  const failure = callFailure(error);
  if (failure) {
    const text = errorText(failure.code, locale, failure.params);
    if (!UNFILLED.test(text)) return text;
  }
  if (!error || error.status === 'FETCH_ERROR') return errorText('network_error', locale);
  if (error.status >= 500) return errorText('server_error', locale);
  return error.message || errorText('server_error', locale);
}

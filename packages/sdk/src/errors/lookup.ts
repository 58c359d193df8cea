/**
 * The reading of a code's text, shared by the catalogue with every language (errors/catalogue.ts)
 * and the one whose languages are registered when loaded (errors/catalogue-loadable.ts).
 */
import type { Locale } from '../constants/index.js';

export type ErrorParams = Readonly<Record<string, string | number>>;

/** The prefix of the spec's message keys (`errors.card_number_or_code_is_not_correct`). */
export const ERROR_KEY_PREFIX = 'errors.';

/** Fills `{name}` placeholders; a placeholder without a param stays as written. */
export function fillTemplate(template: string, params?: ErrorParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The text of a code in a language as a catalogue holds it; undefined when `code` is not one. */
export type TextOf = (code: string, locale: Locale) => string | undefined;

/** `errorText` over a catalogue's `textOf` (see errors/catalogue.ts). */
export function readErrorText(
  textOf: TextOf,
  code: string,
  locale: Locale,
  params?: ErrorParams,
  fallback?: string,
): string {
  const key =
    typeof code === 'string' && code.startsWith(ERROR_KEY_PREFIX)
      ? code.slice(ERROR_KEY_PREFIX.length)
      : code;
  const text = textOf(key, locale);
  if (text === undefined) {
    if (fallback && !fallback.startsWith(ERROR_KEY_PREFIX)) return fallback;
    return readErrorText(textOf, 'unknown_error', locale);
  }
  return fillTemplate(text, params);
}

/** `translateErrorMessage` over a catalogue's `textOf`. */
export function readErrorMessage(
  textOf: TextOf,
  message: string,
  locale: Locale,
  params?: ErrorParams,
): string {
  return message.startsWith(ERROR_KEY_PREFIX)
    ? readErrorText(textOf, message, locale, params)
    : message;
}

/**
 * The error catalogue with its texts registered per language: the same exports as
 * errors/catalogue.ts (an app's build puts this module in its place), but no text is here until
 * its language is registered (`registerErrorTexts('es', ERROR_TEXTS_ES)`, e.g. beside the app's
 * own message catalog of that language), so a page carries only the texts of its language. The
 * codes and statuses come from src/errors/generated/ (scripts/error-texts.mjs). The storefront's
 * browser build uses it (apps/storefront/vite/error-texts-by-locale.ts); its server render and
 * every other consumer of the package keep the whole catalogue.
 *
 * `errorText(code, locale)` reads the texts of `locale`, else English, else (neither registered
 * yet) the generic text of `locale` (`unknown_error`'s): never a code, never a third language. An
 * app registers a language before it draws anything in it. `ERROR_CATALOGUE`'s texts are read
 * when asked, so one read before its language is registered is the generic text.
 */
import type { Locale } from '../constants/index.js';
import type { CatalogueEntry } from './catalogue.js';
import {
  CLIENT_ONLY_ERROR_CODES,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorTexts,
} from './generated/codes.js';
import { readErrorMessage, readErrorText, type ErrorParams, type TextOf } from './lookup.js';

export { ERROR_KEY_PREFIX, fillTemplate, type ErrorParams } from './lookup.js';
export type { CatalogueEntry } from './catalogue.js';
export type { ErrorCode, ErrorTexts } from './generated/codes.js';

/** Every code of the catalogue. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Whether `value` is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}

/** The HTTP status the API answers a code with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** What a code reads as while neither its language nor English is registered. */
const TEXT_BEFORE_LOADING: Readonly<Record<Locale, string>> = {
  en: 'Something went wrong. Please try again.',
  es: 'Algo salió mal. Inténtelo de nuevo.',
};

const registered: Partial<Record<Locale, ErrorTexts>> = {};
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const textOf: TextOf = (code, locale) => {
  if (!isErrorCode(code)) return undefined;
  const texts = (own(registered, locale) ? registered[locale] : undefined) ?? registered.en;
  if (texts) return texts[code];
  return own(TEXT_BEFORE_LOADING, locale) ? TEXT_BEFORE_LOADING[locale] : TEXT_BEFORE_LOADING.en;
};

/** Makes `texts` the texts of `locale`: `errorText` reads them from now on. */
export function registerErrorTexts(locale: Locale, texts: ErrorTexts): void {
  registered[locale] = texts;
}

/** Whether the texts of `locale` are registered. */
export function hasErrorTexts(locale: Locale): boolean {
  return own(registered, locale);
}

/** The text of a code in a language (see errors/catalogue.ts), from the registered texts. */
export function errorText(
  code: ErrorCode | (string & {}),
  locale: Locale,
  params?: ErrorParams,
  fallback?: string,
): string {
  return readErrorText(textOf, code, locale, params, fallback);
}

/** `errors.<code>` as the text of the code in `locale`; any other text as it is. */
export function translateErrorMessage(
  message: string,
  locale: Locale,
  params?: ErrorParams,
): string {
  return readErrorMessage(textOf, message, locale, params);
}

const CLIENT_ONLY: ReadonlySet<string> = new Set(CLIENT_ONLY_ERROR_CODES);

/**
 * The catalogue's rows, their texts read when asked (`errorText(code, 'en')`): a text read before
 * its language is registered is the generic one. Read texts when they are shown.
 */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = Object.fromEntries(
  ERROR_CODES.map((code) => [
    code,
    {
      status: ERROR_STATUS[code],
      get en() {
        return errorText(code, 'en');
      },
      get es() {
        return errorText(code, 'es');
      },
      ...(CLIENT_ONLY.has(code) ? { clientOnly: true } : {}),
    },
  ]),
) as Record<ErrorCode, CatalogueEntry>;

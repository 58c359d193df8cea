/**
 * The texts of the error catalogue one language at a time (`@otc/sdk/error-texts`): for an app
 * built with errors/catalogue-loadable.ts in place of the catalogue, which registers a language's
 * texts when it loads that language (`registerErrorTexts('es', ERROR_TEXTS_ES)`). Generated from
 * the catalogue (`ERROR_CATALOGUE`) by scripts/error-texts.mjs. The package's entry keeps the
 * whole catalogue, every language in it.
 */
export { ERROR_TEXTS_EN } from './generated/texts-en.js';
export { ERROR_TEXTS_ES } from './generated/texts-es.js';
export type { ErrorTexts } from './generated/codes.js';

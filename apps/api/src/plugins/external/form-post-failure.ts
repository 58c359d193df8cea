// The small page a form posted without scripts gets when it could not be drawn (page-renderer.ts).
import { escapeMarkup } from '../../lib/markup.js';
import { localeOfAddress } from './page-language.js';

/** The small pages of a form post that could not be drawn, in the address's language. */
const FORM_POST_FAILURE_TEXTS = {
  en: {
    busy: 'The shop is very busy. Please try again in a few seconds.',
    failed: 'Something went wrong. Please check the page and try again.',
    back: 'Back to the page',
  },
  es: {
    busy: 'La tienda está muy ocupada. Vuelva a intentarlo en unos segundos.',
    failed: 'Algo salió mal. Revise la página y vuelva a intentarlo.',
    back: 'Volver a la página',
  },
} as const;

/** The address a form was posted to as a link of this shop (`//x` or `/\x` would leave it). */
function sameShopLink(url: string): string {
  return url.replace(/^[/\\]+/, '/');
}

export function formPostFailurePage(url: string, reason: 'busy' | 'failed'): string {
  const locale = localeOfAddress(url);
  const texts = FORM_POST_FAILURE_TEXTS[locale];
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeMarkup(texts[reason])}</title></head><body><main><h1>${escapeMarkup(texts[reason])}</h1>` +
    `<p><a href="${escapeMarkup(sameShopLink(url))}">${escapeMarkup(texts.back)}</a></p></main></body></html>`
  );
}

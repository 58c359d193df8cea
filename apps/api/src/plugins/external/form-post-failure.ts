// The small page a form posted without scripts gets when it could not be drawn (page-renderer.ts).
import { errorText } from '@otc/sdk';
import { escapeMarkup } from '../../lib/markup.js';
import { localeOfAddress } from './page-language.js';

/** The page's one link, back to the form (its heading is the error catalogue's text). */
const BACK_LINK_TEXT = { en: 'Back to the page', es: 'Volver a la página' } as const;

/** The address a form was posted to as a link of this shop (`//x` or `/\x` would leave it). */
function sameShopLink(url: string): string {
  return url.replace(/^[/\\]+/, '/');
}

export function formPostFailurePage(url: string, reason: 'busy' | 'failed'): string {
  const locale = localeOfAddress(url);
  const heading = errorText(reason === 'busy' ? 'form_post_busy' : 'form_post_failed', locale);
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeMarkup(heading)}</title></head><body><main><h1>${escapeMarkup(heading)}</h1>` +
    `<p><a href="${escapeMarkup(sameShopLink(url))}">${escapeMarkup(BACK_LINK_TEXT[locale])}</a></p></main></body></html>`
  );
}

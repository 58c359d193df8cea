/**
 * A product picture drawn locally: a simple package (box or bottle) in the category's colour with
 * the brand and a short label, on no ground of its own (the page's picture colour shows: no bright
 * square in dark mode). Deterministic, no external address.
 */
import { escapeMarkup } from './markup.js';

/** Splits a label into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      out.push(line);
      line = word;
      if (out.length === lines) break;
    } else {
      line = (line + ' ' + word).trim();
    }
  }
  if (out.length < lines && line) out.push(line);
  return out.slice(0, lines);
}

/** The SDK's `pictureInLanguage` in SQL: the `image_path` column of `products p` in a Spanish answer. */
export const PICTURE_COLUMN_ES = `CASE WHEN p.image_path ~ '^/api/images/products/[0-9]+[.]svg$' THEN p.image_path || '?lang=es' ELSE p.image_path END`;

export interface ProductPicture {
  id: number;
  name: string;
  brand: string;
  color: string;
}

export function productSvg(picture: ProductPicture): string {
  const color = /^#[0-9a-fA-F]{6}$/.test(picture.color) ? picture.color : '#0f766e';
  const bottle = picture.id % 3 === 0;
  // About 15 characters of 18 px text fit the 200 px label; longer words are cut by wrap's width.
  const label = wrap(picture.name.replace(/,.*$/, ''), 15, 3);
  const shape = bottle
    ? `<rect x="150" y="40" width="100" height="50" rx="10" fill="#e2e8f0"/><rect x="100" y="80" width="200" height="280" rx="40" fill="${color}"/>`
    : `<rect x="80" y="60" width="240" height="300" rx="16" fill="${color}"/><polygon points="80,60 120,30 360,30 320,60" fill="${color}" opacity="0.7"/><polygon points="320,60 360,30 360,330 320,360" fill="${color}" opacity="0.55"/>`;
  const lines = label
    .map(
      (line, index) =>
        `<text x="200" y="${226 + index * 24}" text-anchor="middle" font-size="18" font-weight="600" fill="#0f172a" textLength="${Math.min(180, line.length * 11)}" lengthAdjust="spacingAndGlyphs">${escapeMarkup(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${escapeMarkup(picture.name)}">${shape}<rect x="100" y="150" width="200" height="160" rx="10" fill="#ffffff" opacity="0.92"/><text x="200" y="188" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="16" fill="${color}" font-weight="700" textLength="${Math.min(180, picture.brand.slice(0, 16).length * 11)}" lengthAdjust="spacingAndGlyphs">${escapeMarkup(picture.brand.toUpperCase().slice(0, 16))}</text><g font-family="Arial, Helvetica, sans-serif">${lines}</g></svg>`;
}

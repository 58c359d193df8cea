// The served HTML of a page drawn by the server: the built index.html with the page's language,
// its head (title, description, canonical, alternates), its markup in #root, its data for
// hydration, and preloads of the scripts its page needs beyond the first load.
import { matchRoutes } from 'react-router';
import { stripLocale, type Locale } from '../lib/locale';
import { SERVER_DATA_ID } from '../lib/server-data';

/** The route-preload block the build writes into index.html (vite/route-preloads.ts). */
export interface RoutePreloads {
  routes: Array<[pattern: string, scripts: string[]]>;
  locales: Record<string, string[]>;
}

export interface DrawnPage {
  locale: Locale;
  lang: string;
  head: string;
  body: string;
  data: string;
}

const PRELOAD_BLOCK = /\s*<script type="application\/json" id="route-preloads">([\s\S]*?)<\/script>/;

/** The scripts of `pathname`'s page and language (the router's ranking: literal segments first). */
export function preloadsFor(pathname: string, locale: Locale, preloads: RoutePreloads): string[] {
  const table = preloads.routes.map(([pattern, scripts]) => ({ path: pattern, scripts }));
  const match = matchRoutes(table, stripLocale(pathname))?.at(-1)?.route;
  return [...(preloads.locales[locale] ?? []), ...(match?.scripts ?? [])];
}

function readPreloads(template: string): RoutePreloads | null {
  const block = PRELOAD_BLOCK.exec(template)?.[1];
  if (!block) return null;
  try {
    return JSON.parse(block) as RoutePreloads;
  } catch {
    return null;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The served HTML of `page` at `pathname`, from the built index.html. */
export function renderDocument(template: string, pathname: string, page: DrawnPage): string {
  const preloads = readPreloads(template);
  const links = (preloads ? preloadsFor(pathname, page.locale, preloads) : [])
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
    .join('');
  return template
    .replace(PRELOAD_BLOCK, '')
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeAttribute(page.lang)}"`)
    // A page always renders its title; should one not, the shop's name stays.
    .replace(/<title>[^<]*<\/title>/, (title) => `${page.head.includes('<title>') ? page.head : `${title}${page.head}`}${links}`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.body}</div><script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>`,
    );
}

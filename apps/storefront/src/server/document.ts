// The served HTML of a page drawn by the server: the built index.html with the page's language,
// its head (title, description, canonical, alternates), its markup in #root, its data for
// hydration, and the scripts its page needs, listed for public/start-app.js to load once the page
// is painted (every page is drawn whole: it works without them meanwhile).
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

/** The `#app-scripts` block public/start-app.js reads: the entry and every chunk to preload. */
export interface AppScripts {
  entry: string;
  preload: string[];
}

export const APP_SCRIPTS_ID = 'app-scripts';

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

// The tags Vite writes into index.html for the entry and the chunks it imports.
const ENTRY_SCRIPT = /\s*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/** The template without its entry script and preloads, and what they named. */
function takeScripts(template: string): { rest: string; scripts: AppScripts | null } {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return { rest: template, scripts: null };
  const preload = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return { rest: template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), scripts: { entry, preload } };
}

/** The served HTML of `page` at `pathname`, from the built index.html. */
export function renderDocument(template: string, pathname: string, page: DrawnPage): string {
  const preloads = readPreloads(template);
  const pageScripts = preloads ? preloadsFor(pathname, page.locale, preloads) : [];
  const { rest, scripts } = takeScripts(template);
  // JSON inside <script>: `<` escaped so no value can close the element.
  const afterPaint = scripts
    ? `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify({
        entry: scripts.entry,
        preload: [...new Set([...scripts.preload, ...pageScripts])],
      } satisfies AppScripts).replace(/</g, '\\u003c')}</script><script src="/start-app.js" defer></script>`
    : '';
  return rest
    .replace(PRELOAD_BLOCK, '')
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeAttribute(page.lang)}"`)
    // A page always renders its title; should one not, the shop's name stays.
    .replace(/<title>[^<]*<\/title>/, (title) => (page.head.includes('<title>') ? page.head : `${title}${page.head}`))
    // Replaced by a function: the page's text may hold `$&` or `$'`, which a replacement string expands.
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.body}</div><script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>${afterPaint}`,
    );
}

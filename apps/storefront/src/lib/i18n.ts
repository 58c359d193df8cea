import { i18n, type Messages } from '@lingui/core';
import { registerErrorTexts } from '@otc/sdk';
import type { ErrorTexts } from '@otc/sdk/error-texts';
import type { Locale } from './locale';
import { withChunkReload } from './chunk-reload';

// Catalogs are compiled by `lingui compile --typescript` and loaded lazily, one chunk per locale,
// with the SDK's error texts of that locale (the browser build carries no other: see
// vite/error-texts-by-locale.ts). A catalog chunk replaced by a newer build reloads the page
// (guarded), like route chunks.
const catalogs: Record<Locale, () => Promise<{ messages: Messages; errorTexts: ErrorTexts }>> = {
  en: withChunkReload(() => import('./i18n-catalogs/en/messages')),
  es: withChunkReload(() => import('./i18n-catalogs/es/messages')),
};

const loaded = new Set<Locale>();

// In the build (vite/split-messages.ts), a locale's catalog holds only the messages of the first
// load; every lazy chunk pushes its own messages, in every locale, to this queue when it runs.
// They go into the catalogs already loaded at once, and into a catalog loaded later with it.
type ChunkMessages = Partial<Record<Locale, Messages>>;
const chunkMessages: ChunkMessages[] = [];
const queueHolder = globalThis as { __otcMessages?: { push(...items: ChunkMessages[]): number } };

/**
 * Adds a chunk's messages to a loaded catalog without Lingui's "change" event: they belong to
 * components not drawn yet (the chunk runs first), and the event draws again every component
 * that uses Lingui, one long task per chunk (15–40 ms on a fast machine, on each page module the
 * links prefetch).
 */
function loadQuietly(locale: Locale, messages: Messages): void {
  i18n.emit = () => {};
  try {
    i18n.load(locale, messages);
  } finally {
    // Lingui's own emit (the prototype's) again.
    Reflect.deleteProperty(i18n, 'emit');
  }
}

function addChunkMessages(...items: ChunkMessages[]): number {
  for (const item of items) {
    chunkMessages.push(item);
    for (const locale of loaded) {
      const messages = item[locale];
      if (messages) loadQuietly(locale, messages);
    }
  }
  return chunkMessages.length;
}
// Chunks evaluated before this module (none today) left an array; take it over.
const early = queueHolder.__otcMessages;
queueHolder.__otcMessages = { push: addChunkMessages };
if (Array.isArray(early)) addChunkMessages(...(early as ChunkMessages[]));

/**
 * Loads the locale's catalog once, without switching to it (route loaders), and its error texts:
 * `errorText(code, locale)` reads them from then on. The app draws a page only once its locale is
 * loaded (main.tsx at the start, the root loader on a switch).
 */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { messages, errorTexts } = await catalogs[locale]();
  registerErrorTexts(locale, errorTexts);
  const merged: Messages = { ...messages };
  for (const item of chunkMessages) Object.assign(merged, item[locale]);
  i18n.load(locale, merged);
  loaded.add(locale);
}

/**
 * Switches to an already loaded locale, synchronously. Called when the page of that locale
 * renders (layout effect), so the page being left never shows the next page's language.
 */
export function activateLoadedLocale(locale: Locale): void {
  if (loaded.has(locale) && i18n.locale !== locale) i18n.activate(locale);
}

/** Loads the locale's catalog (once) and makes it the active one (app start, tests). */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  activateLoadedLocale(locale);
}

export { i18n };

// @vitest-environment node
// (Vite's build does not run under jsdom.)
//
// The browser's first load carries the SDK's error texts of its page's language only
// (vite/error-texts-by-locale.ts): the storefront's client build is made here, as `vite build`
// makes it (into a temporary folder), and the first load of every route in every language (what
// the bench counts: index.html's scripts and modulepreloads, the locale's catalog chunk, the
// route's chunks) is searched for the texts of the other language. With FIRST_LOAD_DIST=<dir>
// an existing build is checked instead (e.g. apps/storefront/dist after `pnpm build`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ERROR_TEXTS_EN, ERROR_TEXTS_ES, type ErrorTexts } from '@otc/sdk/error-texts';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePreloadData } from './route-preloads';

const TEXTS: Record<string, ErrorTexts> = { en: ERROR_TEXTS_EN, es: ERROR_TEXTS_ES };

let dist = process.env.FIRST_LOAD_DIST ?? '';
let made = '';

beforeAll(async () => {
  if (dist) return;
  made = mkdtempSync(join(tmpdir(), 'first-load-'));
  dist = made;
  // The production build (under the tests NODE_ENV is `test`: React's and Lingui's development
  // output, which keeps every message's source text beside its id).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: resolve(__dirname, '../vite.config.ts'),
      root: resolve(__dirname, '..'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir: made, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 300_000);

afterAll(() => {
  if (made) rmSync(made, { recursive: true, force: true });
});

/** Per route and locale, the scripts of its first load (as bench/run.mjs counts them). */
function firstLoads(): Array<{ route: string; locale: string; scripts: string[] }> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const block = /<script type="application\/json" id="route-preloads">(.*?)<\/script>/s.exec(html);
  if (!block) throw new Error('index.html has no #route-preloads block');
  const data = JSON.parse(block[1] as string) as RoutePreloadData;
  const base = [
    ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] as string),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1] as string,
    ),
  ];
  const out = [];
  for (const [route, scripts] of data.routes) {
    for (const [locale, catalog] of Object.entries(data.locales)) {
      out.push({ route, locale, scripts: [...new Set([...base, ...catalog, ...scripts])] });
    }
  }
  return out;
}

/**
 * The pieces of a text that appear as they are in built code (between quotes, backslashes and
 * placeholders, which a minifier may write otherwise), long enough not to be found by chance.
 */
function pieces(text: string): string[] {
  return text
    .split(/["'`\\]|\{\w+\}/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 12);
}

/**
 * Texts of a language found in every first load for another reason than the catalogue, by
 * `<language>:<code>`: the SDK's text for a code read before any language is loaded (the generic
 * one in both languages, errors/lookup.ts; `server_error` is its first words), and English
 * strings of the app's and the SDK's own code that read as a catalogue text.
 */
const NOT_THE_CATALOGUE: Record<string, string> = {
  'en:unknown_error': 'TEXT_BEFORE_LOADING (packages/sdk/src/errors/lookup.ts)',
  'es:unknown_error': 'TEXT_BEFORE_LOADING (packages/sdk/src/errors/lookup.ts)',
  'en:server_error': 'the first words of TEXT_BEFORE_LOADING.en',
  'es:server_error': 'the first words of TEXT_BEFORE_LOADING.es',
  'en:not_found': "a 404's statusText (src/kernel/guards.ts)",
  'en:promo_code_invalid':
    "the promo code's refusal as the cart keeps it (src/features/cart/cart-api.ts)",
  'en:payment_methods_unavailable':
    "a reason's English message of the SDK's isPaymentInputValid (rules)",
};

/**
 * A chunk's code without the app's own messages it brings in every language (vite/split-messages.ts:
 * a lazy chunk ends by pushing them), some of which read as a catalogue text.
 */
function withoutChunkMessages(code: string): string {
  return code.replace(
    /\(globalThis\.__otcMessages\?\?=\[\]\)\.push\(JSON\.parse\((["'`])(?:\\.|(?!\1)[^\\])*\1\)\)/gs,
    '',
  );
}

/** The texts of `locale` that the other language does not share, as pieces. */
function ownPieces(locale: string): Map<string, string[]> {
  const own = TEXTS[locale] as ErrorTexts;
  const others = Object.entries(TEXTS)
    .filter(([name]) => name !== locale)
    .map(([, texts]) => texts);
  const byCode = new Map<string, string[]>();
  for (const [code, text] of Object.entries(own)) {
    const found = pieces(text).filter(
      (piece) => !others.some((texts) => Object.values(texts).some((t) => t.includes(piece))),
    );
    if (found.length > 0) byCode.set(code, found);
  }
  return byCode;
}

describe("the browser's first load and the SDK's error texts", () => {
  it('finds the routes and both languages in the build', () => {
    const loads = firstLoads();
    expect(new Set(loads.map((l) => l.locale))).toEqual(new Set(['en', 'es']));
    expect(loads.map((l) => l.route)).toEqual(
      expect.arrayContaining(['', 'catalog', 'cart', 'checkout/:id']),
    );
  });

  it('carries every error text of its own language', () => {
    for (const { route, locale, scripts } of firstLoads()) {
      const code = scripts.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
      const missing = [...ownPieces(locale)].filter(
        ([, found]) => !found.some((piece) => code.includes(piece)),
      );
      expect(
        missing.map(([c]) => c),
        `${locale} /${route}`,
      ).toEqual([]);
    }
  });

  it('carries no error text of the other language (every page, both languages)', () => {
    const carried: string[] = [];
    for (const { route, locale, scripts } of firstLoads()) {
      const other = locale === 'en' ? 'es' : 'en';
      const texts = ownPieces(other);
      for (const file of scripts) {
        const code = withoutChunkMessages(readFileSync(join(dist, file), 'utf8'));
        for (const [errorCode, found] of texts) {
          if (`${other}:${errorCode}` in NOT_THE_CATALOGUE) continue;
          const piece = found.find((p) => code.includes(p));
          if (piece)
            carried.push(`${locale} /${route}: ${file} has ${other} "${piece}" (${errorCode})`);
        }
      }
    }
    expect(carried.slice(0, 20)).toEqual([]);
  });
});

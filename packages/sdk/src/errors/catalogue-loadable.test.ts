import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LoadableModule from './catalogue-loadable.js';
import * as full from './catalogue.js';
import { CLIENT_ONLY_ERROR_CODES, ERROR_STATUS } from './generated/codes.js';
import { ERROR_TEXTS_EN } from './generated/texts-en.js';
import { ERROR_TEXTS_ES } from './generated/texts-es.js';
import * as texts from './texts.js';

type Loadable = typeof LoadableModule;

/** A fresh copy of the loadable catalogue: nothing registered. */
let loadable: Loadable;
beforeEach(async () => {
  vi.resetModules();
  loadable = await import('./catalogue-loadable.js');
});

const PARAMS = { max: 3, status: 502, seconds: 30, minutes: 5, qty: '$10.00', limit: 2, left: 1 };
const GENERIC = full.ERROR_CATALOGUE.unknown_error;
const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the catalogue in parts (src/errors/generated/)', () => {
  it('is what scripts/error-texts.mjs writes from the catalogue (run it after editing the catalogue)', () => {
    let output = '';
    try {
      output = execFileSync(
        process.execPath,
        [join(packageRoot, 'scripts/error-texts.mjs'), '--check'],
        {
          cwd: packageRoot,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toContain('src/errors/generated is up to date');
  }, 60_000);

  it('holds every code with its status, each text of each language, and the client-only codes', () => {
    expect(Object.keys(ERROR_STATUS)).toEqual(full.ERROR_CODES);
    for (const code of full.ERROR_CODES) {
      const entry: full.CatalogueEntry = full.ERROR_CATALOGUE[code];
      expect(ERROR_STATUS[code]).toBe(entry.status);
      expect(ERROR_TEXTS_EN[code], code).toBe(entry.en);
      expect(ERROR_TEXTS_ES[code], code).toBe(entry.es);
      expect((CLIENT_ONLY_ERROR_CODES as readonly string[]).includes(code), code).toBe(
        'clientOnly' in entry,
      );
    }
    expect(Object.keys(ERROR_TEXTS_ES)).toEqual(full.ERROR_CODES);
    expect(texts.ERROR_TEXTS_EN).toBe(ERROR_TEXTS_EN);
    expect(Object.keys(texts).sort()).toEqual(['ERROR_TEXTS_EN', 'ERROR_TEXTS_ES']);
  });

  it('writes the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const code of full.ERROR_CODES) {
      expect(placeholders(ERROR_TEXTS_ES[code]), code).toEqual(placeholders(ERROR_TEXTS_EN[code]));
    }
  });

  it('the whole catalogue has every language registered already (registering changes nothing)', () => {
    expect(full.hasErrorTexts('en') && full.hasErrorTexts('es')).toBe(true);
    full.registerErrorTexts('es', ERROR_TEXTS_EN);
    expect(full.errorText('required', 'es')).toBe('Obligatorio');
  });
});

describe('the catalogue whose languages are registered when loaded (catalogue-loadable.ts)', () => {
  it('exports what the whole catalogue exports (a build can put it in its place)', () => {
    const names = (module: object) => Object.keys(module).sort();
    expect(names(loadable)).toEqual(names(full));
  });

  it('holds the codes and statuses before any text', () => {
    expect(loadable.ERROR_CODES).toEqual(full.ERROR_CODES);
    expect(loadable.isErrorCode('notEnoughBalance')).toBe(true);
    expect(loadable.isErrorCode('nope')).toBe(false);
    expect(loadable.isErrorCode('constructor')).toBe(false);
    expect(loadable.errorStatus('not_found')).toBe(404);
    expect(loadable.ERROR_KEY_PREFIX).toBe(full.ERROR_KEY_PREFIX);
    for (const code of full.ERROR_CODES) {
      expect(loadable.ERROR_CATALOGUE[code].status).toBe(full.ERROR_CATALOGUE[code].status);
      expect('clientOnly' in loadable.ERROR_CATALOGUE[code], code).toBe(
        'clientOnly' in full.ERROR_CATALOGUE[code],
      );
    }
  });

  it("reads the asked language's generic text before any language is registered, never a code", () => {
    expect(loadable.hasErrorTexts('es')).toBe(false);
    for (const code of full.ERROR_CODES) {
      expect(loadable.errorText(code, 'es')).toBe(GENERIC.es);
      expect(loadable.errorText(code, 'en')).toBe(GENERIC.en);
    }
    expect(loadable.errorText('nope', 'es', undefined, 'From the API')).toBe('From the API');
    expect(loadable.translateErrorMessage('errors.notEnoughBalance', 'es')).toBe(GENERIC.es);
    expect(loadable.ERROR_CATALOGUE.required.es).toBe(GENERIC.es);
  });

  it('reads a registered language as the whole catalogue does, and only that one', () => {
    loadable.registerErrorTexts('es', ERROR_TEXTS_ES);
    expect(loadable.hasErrorTexts('es')).toBe(true);
    expect(loadable.hasErrorTexts('en')).toBe(false);
    for (const code of full.ERROR_CODES) {
      expect(loadable.errorText(code, 'es', PARAMS)).toBe(full.errorText(code, 'es', PARAMS));
      expect(loadable.errorText(`errors.${code}`, 'es')).toBe(
        full.errorText(`errors.${code}`, 'es'),
      );
      expect(loadable.ERROR_CATALOGUE[code].es).toBe(full.ERROR_CATALOGUE[code].es);
      // English is not registered: its generic text, not the Spanish one.
      expect(loadable.errorText(code, 'en')).toBe(GENERIC.en);
    }
    expect(loadable.errorText('nope', 'es')).toBe(full.errorText('nope', 'es'));
    expect(loadable.errorText('nope', 'es', undefined, 'errors.nope')).toBe(
      full.errorText('nope', 'es', undefined, 'errors.nope'),
    );
    expect(loadable.translateErrorMessage('Plain text', 'es')).toBe('Plain text');
  });

  it('falls back to English for a language not registered yet (or unknown), as the whole catalogue does for an unknown one', () => {
    loadable.registerErrorTexts('en', ERROR_TEXTS_EN);
    expect(loadable.errorText('notEnoughBalance', 'es')).toBe(
      full.ERROR_CATALOGUE.notEnoughBalance.en,
    );
    expect(loadable.errorText('required', 'fr' as 'en')).toBe('Required');
    expect(full.errorText('required', 'fr' as 'en')).toBe('Required');
    expect(loadable.errorText('required', 'constructor' as 'en')).toBe('Required');
    expect(full.errorText('required', 'constructor' as 'en')).toBe('Required');
    loadable.registerErrorTexts('es', ERROR_TEXTS_ES);
    expect(loadable.errorText('notEnoughBalance', 'es')).toBe(
      full.ERROR_CATALOGUE.notEnoughBalance.es,
    );
    expect(loadable.errorText('notEnoughBalance', 'en')).toBe(
      full.ERROR_CATALOGUE.notEnoughBalance.en,
    );
  });
});

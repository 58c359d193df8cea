/**
 * The SDK's error catalogue by language (browser build only): every import of the catalogue with
 * every language (packages/sdk/src/errors/catalogue.ts, texts of every code in English AND
 * Spanish) gets its loadable twin instead (errors/catalogue-loadable.ts: the same exports, the
 * codes only). A language's texts come in the chunk of that language's message catalog
 * (src/lib/i18n-catalogs/<locale>/messages.ts), registered by src/lib/i18n.ts before anything is
 * drawn in it: a page's first load carries its own language's error texts, not the other's.
 *
 * The server render (`--ssr`) keeps the whole catalogue (it draws both languages).
 */
import type { Plugin } from 'vite';

export function errorTextsByLocale(options: {
  /** The catalogue with every language (absolute path). */
  catalogue: string;
  /** Its twin that reads registered languages (absolute path). */
  loadable: string;
}): Plugin {
  const { catalogue, loadable } = options;
  return {
    name: 'otc-error-texts-by-locale',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, resolveOptions) {
      if (!importer || importer === loadable || !/catalogue(?:\.[jt]s)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...resolveOptions, skipSelf: true });
      return resolved?.id === catalogue ? loadable : null;
    },
  };
}

/**
 * The SDK contract's `summary` texts left out of the browser build: each of its ~80 rows
 * (packages/sdk/src/contract/index.ts) carries an English sentence for the API's OpenAPI
 * document, which nothing in the browser reads (the client builds requests from a row's method,
 * path, auth and schemas). About 1.5 KB gzip of every page's first load.
 *
 * Only `summary: '<text>',` properties of that one module go, string literals and nothing else;
 * the module is refused (the build fails) when it has none left to strip or when a `summary` is
 * written any other way, so a change in its shape is seen, not silently carried. The server
 * render keeps them (it is not built with this plugin).
 */
import type { Plugin } from 'vite';

/** `summary: 'text',` (or "text"), the value on the same line or the next. */
const SUMMARY = /^[ \t]*summary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),[ \t]*\n/gm;

/** `source` without its rows' summaries, and how many went. */
export function stripSummaries(source: string): { code: string; stripped: number } {
  let stripped = 0;
  const code = source.replace(SUMMARY, (whole) => {
    stripped += 1;
    // The line breaks stay: the source map's lines still match the module's.
    return '\n'.repeat(whole.split('\n').length - 1);
  });
  return { code, stripped };
}

export function stripContractSummaries(options: {
  /** The contract module (absolute path). */
  contract: string;
}): Plugin {
  return {
    name: 'otc-strip-contract-summaries',
    apply: 'build',
    enforce: 'pre',
    transform(source, id) {
      if (id !== options.contract) return null;
      const { code, stripped } = stripSummaries(source);
      // What is left: the type's `summary: string;` only.
      const left = code.match(/^\s*summary:(?!\s*string;)/gm) ?? [];
      if (stripped === 0 || left.length > 0) {
        this.error(
          `${id}: ${stripped} summaries stripped, ${left.length} written otherwise: read vite/strip-contract-summaries.ts`,
        );
      }
      return { code, map: null };
    },
  };
}
